import type { EntityItem } from "electrodb";
import * as z from "zod/mini";
import type { UserActor } from "../actor";
import { fn, NoInput } from "../actor/fn";
import { searchTerms, staleTerms, termWrites } from "../customers/search-index";
import { db } from "../db";
import { CHANGED, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { uniqueKey, type User } from "../entities";
import { conflict } from "../errors";
import { compactGripPrefs, GripPrefs, readGripPrefs } from "../shared/grip-prefs";
import { INVALID_EMAIL, nameChecks } from "../shared/customers";
import { INCOMPLETE_PHONE, normaliseUsPhone } from "../shared/phone";
import { sortRoles } from "../shared/roles";
import { hasPromotionalConsent, PROMOTIONS_CONSENT_TEXT } from "../shared/sms-consent";
import type { PersonView, UserView } from "../shared/users";

export * as Users from "./index";

export type UserItem = EntityItem<User>;

/** What GET /api/auth/user answers (docs/api.md, UserView). */
export type { UserView };

/** Who a user item is: the part every view of a person shares (the account's own view, a customer as staff see one). */
export function personView(user: UserItem): PersonView {
  return {
    id: user.userId,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email ?? null,
    phone: user.phone ?? null,
    phoneVerified: user.phoneVerified,
  };
}

/** The user as they see themselves; `signIn` (their own token) says whether their sign-in has an authenticator app. */
export function view(user: UserItem, signIn: Pick<UserActor, "authenticator" | "authenticatorRequired">): UserView {
  return {
    ...personView(user),
    profileImageUrl: user.profileImageUrl ?? null,
    smsNotifications: user.smsNotifications,
    smsPromotions: hasPromotionalConsent(user),
    emailNotifications: user.emailNotifications,
    emailPromotions: user.emailPromotions,
    roles: sortRoles(user.roles),
    defaultPrefs: readGripPrefs(user.defaultPrefs),
    authenticator: signIn.authenticator === true,
    authenticatorRequired: signIn.authenticatorRequired === true,
  };
}

export async function get(userId: string): Promise<UserItem | null> {
  const found = await db().entities.user.get({ userId }).go();
  return found.data;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

/** The phone an admin's alerts go to (the daily low-stock text): an admin's verified phone, else none. */
export function adminPhoneOf(user: Pick<UserItem, "roles" | "phone" | "phoneVerified">): string | undefined {
  return user.roles.includes("ADMIN") && user.phoneVerified && user.phone ? user.phone : undefined;
}

/** What keeps the sparse `admins` index (entities/user.ts) in line with `next`, compared with `current`. */
function adminPhoneChanges(current: Partial<Pick<UserItem, "adminPhone">>, next: Pick<UserItem, "roles" | "phone" | "phoneVerified">): Changes {
  const phone = adminPhoneOf(next);
  if (phone === current.adminPhone) return { set: {}, remove: [] };
  return phone ? { set: { adminPhone: phone, alertRole: "ADMIN" }, remove: [] } : { set: {}, remove: ["adminPhone", "alertRole"] };
}

/**
 * A staff change (staff/) on the user item, where there is one: its roles as the pool's groups now hold them, and the
 * admins' alert phone (the sparse `admins` index, the low-stock text) kept only for an active admin, so a demoted or
 * switched-off admin is texted no more. Nothing when already so.
 */
export async function applyStaffChange(userId: string, roles: UserItem["roles"], active: boolean): Promise<void> {
  const user = await get(userId);
  if (!user) return;
  const next = { ...user, roles };
  const admin: Changes = active ? adminPhoneChanges(user, next) : user.adminPhone ? { set: {}, remove: ["adminPhone", "alertRole"] } : { set: {}, remove: [] };
  if (sameRoles(user.roles, roles) && Object.keys(admin.set).length === 0 && admin.remove.length === 0) return;
  const patch = db().entities.user.patch({ userId }).set({ roles, ...admin.set });
  await (admin.remove.length ? patch.remove(admin.remove) : patch).go();
}

/**
 * The user item of a signed-in person, created on their first sign-in from the
 * token's claims. The user pool's groups are the truth about roles; the item
 * keeps a copy (for lists) and is brought in line when they differ.
 */
export const fromSignIn = /* @__PURE__ */ fn({ role: "customer", input: NoInput }, async (actor): Promise<UserItem> => {
  const existing = await get(actor.userId);
  if (existing) {
    const rolesInLine = sameRoles(existing.roles, actor.roles);
    // A user made before customer search existed is indexed on their next sign-in. (One indexed before a term was
    // added, a phone's last digits, gets it from the seed's and recount's sweep below: a sign-in only puts items.)
    if (rolesInLine && existing.searchTerms !== undefined) return existing;
    const terms = searchTerms(existing);
    const admin = adminPhoneChanges(existing, { ...existing, roles: actor.roles });
    const outcome = await writeLabelled((entities) => [
      {
        label: "user",
        write: entities.user
          .patch({ userId: actor.userId })
          .set({ roles: actor.roles, searchTerms: terms, ...admin.set })
          .remove(admin.remove)
          .where(({ updatedAt }, { eq }) => eq(updatedAt, existing.updatedAt))
          .commit(),
      },
      ...termWrites(entities, actor.userId, existing.searchTerms, terms),
    ]);
    // Lost to a concurrent write of the same user: that write keeps the index; this request answers what is stored.
    const now = await get(actor.userId);
    if (!now) throw new Error(`user ${actor.userId} vanished during sign-in`);
    if (!outcome.committed && !outcome.conflict && !outcome.failed.includes("user")) throw new Error(`indexing user ${actor.userId}: ${JSON.stringify(outcome.codes)}`);
    return now;
  }
  await createFromSignIn(actor);
  const created = await get(actor.userId);
  if (!created) throw new Error(`user ${actor.userId} was not created`);
  return created;
});

/**
 * Gives every user made before customer search existed its search index
 * items, and every user whose recorded terms are not the ones their fields
 * give now (a term added since: a phone's last digits) the missing ones:
 * a Query over the allUsers index, page by page (no Scan). For the
 * seed (`npm run seed` puts back what an older local shop lacks) and
 * scripts, never a request; sign-in does the same for one user.
 * Answers how many users were indexed.
 */
export async function indexUnindexedUsers(): Promise<number> {
  let cursor: string | null = null;
  let indexed = 0;
  do {
    const page: { data: UserItem[]; cursor: string | null } = await db().entities.user.query.allUsers({}).go({ cursor, limit: 100 });
    for (const user of page.data) {
      if (!staleTerms(user)) continue;
      // A lost race means another write of this user has just indexed it.
      if ((await writeProfile(user, { set: {}, remove: [] })).committed) indexed++;
    }
    cursor = page.cursor;
  } while (cursor);
  return indexed;
}

/**
 * The name a staff member (or a customer) is recorded by where a person reads it (an order's history, a discount,
 * a payment): the first name on their profile, else the sign-in token's, else their username (cognito-local's
 * tokens carry no given name). One get of their user item.
 */
export async function firstNameOf(actor: UserActor): Promise<string> {
  const user = await get(actor.userId);
  return user?.firstName?.trim() || actor.givenName || actor.username;
}

/**
 * The user item and its uniqueValue claims (username, and the email when the
 * token has one) in one transaction, so no two items ever hold one email.
 * `emailVerified` is what the token says.
 */
async function createFromSignIn(actor: UserActor): Promise<void> {
  const item = {
    userId: actor.userId,
    email: actor.email,
    firstName: actor.givenName,
    lastName: actor.familyName,
    username: actor.username,
    roles: actor.roles,
    emailVerified: !!actor.email && actor.emailVerified === true,
    // A new account: order updates on, promotions off until the customer opts in on their profile.
    ...NEW_ACCOUNT_CONSENT,
  };
  if (await createWithClaims(item)) return;
  // Cancelled: either a concurrent first request created the user (fine), or
  // the email is held by another account (the same person signed up with a
  // second provider, or someone typed another's email into their sign-up).
  // The sign-in is still theirs: the item is made without the email, which
  // they can add on their profile once it is free.
  if (await get(actor.userId)) return;
  if (item.email && (await createWithClaims({ ...item, email: undefined, emailVerified: false }))) return;
  if (!(await get(actor.userId))) throw conflict("This account's username is already in use. Please contact the shop.");
}

/**
 * What every new user starts with (sign-up, first sign-in, a customer staff make, a walk-in at the counter): order
 * updates on, promotions off. Promotions are turned on only by the customer on their own profile, which records the
 * consent (`update`); this departs from the old app's "all default true" on purpose, for US texting rules.
 */
export const NEW_ACCOUNT_CONSENT = { smsNotifications: true, emailNotifications: true, smsPromotions: false, emailPromotions: false } as const;

type NewUser = Pick<UserItem, "userId" | "roles" | "emailVerified"> & { username: string } & Partial<Pick<UserItem, "email" | "firstName" | "lastName">>;

/** Creates the user with its claims; false when the transaction was cancelled (an item or a claim exists). */
async function createWithClaims(item: NewUser): Promise<boolean> {
  const claims = [...(item.email ? [uniqueKey("email", item.email)] : []), uniqueKey("username", item.username)];
  const terms = searchTerms(item);
  const outcome = await writeLabelled((entities) => [
    { label: "user", write: entities.user.create({ ...item, searchTerms: terms }).commit() },
    ...claims.map((claim) => ({
      label: `claim:${claim.kind}`,
      write: entities.uniqueValue.create({ ...claim, ownerId: item.userId }).commit(),
    })),
    ...termWrites(entities, item.userId, undefined, terms),
  ]);
  return outcome.committed;
}

export const EMAIL_IN_USE = "That email is already in use";
const PROFILE_CHANGED_WHILE_SAVING = "Your profile changed while saving. Please try again.";

const name = (label: string) =>
  z.optional(
    z.nullable(
      z.string({ error: `${label} must be text` }).check(...nameChecks(label)),
    ),
  );

const flag = z.optional(z.boolean({ error: "Notification settings must be true or false" }));
const validEmail = z.email();

/**
 * PUT /api/auth/user. Every field is optional; one that is left out is left
 * alone. "" (or null) clears a name, the email or the phone.
 */
export const UpdateProfile = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: z.optional(
    z.nullable(
      z.string({ error: INVALID_EMAIL }).check(
        z.trim(),
        z.toLowerCase(),
        z.maxLength(254, INVALID_EMAIL),
        z.refine((email) => email === "" || validEmail.safeParse(email).success, INVALID_EMAIL),
      ),
    ),
  ),
  /** Stored E.164 (`+1XXXXXXXXXX`), or "" to clear. */
  phone: z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: INCOMPLETE_PHONE }).check(z.maxLength(30, INCOMPLETE_PHONE)),
        z.transform((raw: string, ctx) => {
          if (raw.trim() === "") return "";
          const phone = normaliseUsPhone(raw);
          if (!phone) {
            ctx.issues.push({ code: "custom", message: INCOMPLETE_PHONE, input: raw });
            return z.NEVER;
          }
          return phone;
        }),
      ),
    ),
  ),
  smsNotifications: flag,
  smsPromotions: flag,
  emailNotifications: flag,
  emailPromotions: flag,
  /** Shop Tools' grip preferences, replaced whole; null clears them. */
  defaultPrefs: z.optional(z.nullable(GripPrefs)),
});
export type UpdateProfile = z.infer<typeof UpdateProfile>;

export type Changes = {
  set: Partial<UserItem>;
  remove: ("firstName" | "lastName" | "email" | "phone" | "defaultPrefs" | "smsConsentText" | "smsConsentedAt" | "smsConsentIp" | "adminPhone" | "alertRole")[];
};

/** What the update changes, compared with the stored user. */
export function profileChanges(current: UserItem, input: UpdateProfile): Changes {
  const changes: Changes = { set: {}, remove: [] };
  const text = (field: "firstName" | "lastName" | "email" | "phone", value: string | null | undefined) => {
    if (value === undefined || value === (current[field] ?? "") || (value === null && current[field] === undefined)) return false;
    if (value) changes.set[field] = value;
    else changes.remove.push(field);
    return true;
  };
  text("firstName", input.firstName);
  text("lastName", input.lastName);
  // A new email or phone has not been verified.
  if (text("email", input.email)) changes.set.emailVerified = false;
  if (text("phone", input.phone)) changes.set.phoneVerified = false;
  // smsPromotions is the customer's own opt-in, recorded with its consent: `consentChanges`.
  for (const field of ["smsNotifications", "emailNotifications", "emailPromotions"] as const) {
    const value = input[field];
    if (value !== undefined && value !== current[field]) changes.set[field] = value;
  }
  if (input.defaultPrefs !== undefined) {
    const prefs = compactGripPrefs(input.defaultPrefs);
    if (JSON.stringify(prefs) !== JSON.stringify(readGripPrefs(current.defaultPrefs))) {
      if (prefs) changes.set.defaultPrefs = prefs;
      else if (current.defaultPrefs !== undefined) changes.remove.push("defaultPrefs");
    }
  }
  return changes;
}

/** What a profile write answers: the stored user, or which labelled writes failed. */
export type ProfileWriteOutcome = { committed: true; user: UserItem } | { committed: false; failed: string[]; conflict: boolean };

/** The labels `writeProfile` gives its own writes. */
export const PROFILE_LABELS = { user: "user", emailClaim: "email-claim", emailRelease: "email-release" } as const;

/**
 * Writes a change to a user in one transaction with everything that must
 * agree with it: a changed email moves its uniqueValue claim (the old claim
 * released only if it is this user's), the customer-search items follow the
 * new names, email and phone, and `extra` adds the caller's writes (an audit
 * entry, a verification code's delete). The user write holds only if the user
 * is as `current` was read (its `updatedAt`), so the search items it replaces
 * are the ones stored.
 */
export async function writeProfile(
  current: UserItem,
  changes: Changes,
  extra: (entities: TransactionEntities) => LabelledWrite[] = () => [],
): Promise<ProfileWriteOutcome> {
  const set: Partial<UserItem> = { ...changes.set };
  const userId = current.userId;
  const next: UserItem = { ...current, ...set };
  for (const field of changes.remove) delete next[field];
  // An admin's verified phone keys the admins' alert index: kept with every change of phone or its verification.
  const admin = adminPhoneChanges(current, next);
  Object.assign(set, admin.set);
  const remove = [...changes.remove, ...admin.remove];
  const terms = searchTerms(next);
  const termsChanged = current.searchTerms === undefined || terms.join("\n") !== current.searchTerms.join("\n");
  if (termsChanged) set.searchTerms = terms;

  const emailChanged = "email" in changes.set || remove.includes("email");
  const oldClaim = emailChanged && current.email ? uniqueKey("email", current.email) : undefined;
  const newClaim = emailChanged && set.email ? uniqueKey("email", set.email) : undefined;
  const [held, alreadyMine] = await Promise.all([
    oldClaim ? db().entities.uniqueValue.get(oldClaim).go() : undefined,
    newClaim ? db().entities.uniqueValue.get(newClaim).go() : undefined,
  ]);
  const releaseOld = held?.data?.ownerId === userId;
  const claimNew = newClaim !== undefined && alreadyMine?.data?.ownerId !== userId;

  const outcome = await writeLabelled((entities) => [
    {
      label: PROFILE_LABELS.user,
      write: entities.user
        .patch({ userId })
        .set(set)
        .remove(remove)
        .where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt))
        .commit(),
    },
    ...(claimNew ? [{ label: PROFILE_LABELS.emailClaim, write: entities.uniqueValue.create({ ...newClaim, ownerId: userId }).commit() }] : []),
    ...(releaseOld && oldClaim
      ? [
          {
            label: PROFILE_LABELS.emailRelease,
            write: entities.uniqueValue.delete(oldClaim).where(({ ownerId }, { eq }) => eq(ownerId, userId)).commit(),
          },
        ]
      : []),
    ...(termsChanged ? termWrites(entities, userId, current.searchTerms, terms) : []),
    ...extra(entities),
  ]);
  if (!outcome.committed) return { committed: false, failed: outcome.failed, conflict: outcome.conflict };
  const updated = await get(userId);
  if (!updated) throw new Error(`user ${userId} vanished during an update`);
  return { committed: true, user: updated };
}

/**
 * The customer's own promotional opt-in (PUT /api/auth/user `smsPromotions`): switched on, the words they agreed to
 * (`PROMOTIONS_CONSENT_TEXT`, shown beside the switch), the time and the request's address are recorded with it;
 * switched off, the opt-in and its record are cleared. Switching on again records it anew; so does switching on a
 * switch that was on without a record (an account from before consent was recorded). Staff never set it.
 */
export function consentChanges(user: UserItem, smsPromotions: boolean | undefined, request: { at: string; ip?: string }): Changes {
  if (smsPromotions === true) {
    if (hasPromotionalConsent(user)) return { set: {}, remove: [] };
    return {
      set: { smsPromotions: true, smsConsentText: PROMOTIONS_CONSENT_TEXT, smsConsentedAt: request.at, smsConsentIp: request.ip ?? "unknown" },
      remove: [],
    };
  }
  if (smsPromotions === false) {
    const recorded = (["smsConsentText", "smsConsentedAt", "smsConsentIp"] as const).filter((field) => user[field] !== undefined);
    return { set: user.smsPromotions === false ? {} : { smsPromotions: false }, remove: [...recorded] };
  }
  return { set: {}, remove: [] };
}

/**
 * Updates the signed-in user's profile (PUT /api/auth/user). A changed email
 * moves its claim (409 when someone else holds the new one) and the search
 * items follow, all in one transaction; a write that lost a race with another
 * write of the same user is made again on the user as it now is.
 */
export const update = /* @__PURE__ */ fn({ role: "customer", input: UpdateProfile }, async (actor, input): Promise<UserItem> => {
  let user = await fromSignIn(actor);
  return readDecideWrite(async (retry) => {
    if (retry > 0) {
      const now = await get(user.userId);
      if (!now) throw new Error(`user ${user.userId} vanished during an update`);
      user = now;
    }
    const changes = profileChanges(user, input);
    const consentChange = consentChanges(user, input.smsPromotions, { at: new Date().toISOString(), ip: actor.ip });
    Object.assign(changes.set, consentChange.set);
    changes.remove.push(...consentChange.remove);
    if (Object.keys(changes.set).length === 0 && changes.remove.length === 0) return user;
    const outcome = await writeProfile(user, changes);
    if (outcome.committed) return outcome.user;
    if (outcome.failed.includes(PROFILE_LABELS.emailClaim)) throw conflict(EMAIL_IN_USE);
    return CHANGED;
  }, () => conflict(PROFILE_CHANGED_WHILE_SAVING));
});
