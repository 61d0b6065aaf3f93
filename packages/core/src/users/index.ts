import type { EntityItem } from "electrodb";
import * as z from "zod";
import type { UserActor } from "../actor";
import { db } from "../db";
import { uniqueKey, type User } from "../entities";
import { conflict } from "../errors";
import { normaliseUsPhone } from "../shared/phone";
import { sortRoles } from "../shared/roles";
import type { UserView } from "../shared/users";

export * as Users from "./index";

export type UserItem = EntityItem<typeof User>;

/** What GET /api/auth/user answers (customer-side §7). */
export type { UserView };

export function view(user: UserItem): UserView {
  return {
    id: user.userId,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email ?? null,
    phone: user.phone ?? null,
    phoneVerified: user.phoneVerified,
    profileImageUrl: user.profileImageUrl ?? null,
    smsNotifications: user.smsNotifications,
    smsPromotions: user.smsPromotions,
    emailNotifications: user.emailNotifications,
    emailPromotions: user.emailPromotions,
    roles: sortRoles(user.roles),
  };
}

export async function get(userId: string): Promise<UserItem | null> {
  const found = await db().entities.user.get({ userId }).go();
  return found.data;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

/**
 * The user item of a signed-in person, created on their first sign-in from the
 * token's claims. The user pool's groups are the truth about roles; the item
 * keeps a copy (for lists) and is brought in line when they differ.
 */
export async function fromSignIn(actor: UserActor): Promise<UserItem> {
  const existing = await get(actor.userId);
  if (existing) {
    if (sameRoles(existing.roles, actor.roles)) return existing;
    const updated = await db()
      .entities.user.patch({ userId: actor.userId })
      .set({ roles: actor.roles })
      .go({ response: "all_new" });
    return updated.data as UserItem;
  }
  await createFromSignIn(actor);
  const created = await get(actor.userId);
  if (!created) throw new Error(`user ${actor.userId} was not created`);
  return created;
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

type NewUser = Pick<UserItem, "userId" | "roles" | "emailVerified"> & { username: string } & Partial<Pick<UserItem, "email" | "firstName" | "lastName">>;

/** Creates the user with its claims; false when the transaction was cancelled (an item or a claim exists). */
async function createWithClaims(item: NewUser): Promise<boolean> {
  const claims = [...(item.email ? [uniqueKey("email", item.email)] : []), uniqueKey("username", item.username)];
  const result = await db()
    .transaction.write(({ user, uniqueValue }) => [
      user.create(item).commit(),
      ...claims.map((claim) => uniqueValue.create({ ...claim, ownerId: item.userId }).commit()),
    ])
    .go();
  return !result.canceled;
}

export const NAME_MAX = 50;
export const EMAIL_IN_USE = "That email is already in use";
export const INVALID_EMAIL = "Invalid email";
export const INCOMPLETE_PHONE = "Please enter a complete 10-digit phone number or leave it empty.";

const name = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`)
    .nullable()
    .optional();

const flag = z.boolean({ error: "Notification settings must be true or false" }).optional();

/**
 * PUT /api/auth/user. Every field is optional; one that is left out is left
 * alone. "" (or null) clears a name, the email or the phone.
 */
export const UpdateProfile = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .toLowerCase()
    .max(254, INVALID_EMAIL)
    .refine((email) => email === "" || z.email().safeParse(email).success, INVALID_EMAIL)
    .nullable()
    .optional(),
  /** Stored E.164 (`+1XXXXXXXXXX`), or "" to clear. */
  phone: z
    .string({ error: INCOMPLETE_PHONE })
    .max(30, INCOMPLETE_PHONE)
    .transform((raw, ctx) => {
      if (raw.trim() === "") return "";
      const phone = normaliseUsPhone(raw);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: INCOMPLETE_PHONE });
        return z.NEVER;
      }
      return phone;
    })
    .nullable()
    .optional(),
  smsNotifications: flag,
  smsPromotions: flag,
  emailNotifications: flag,
  emailPromotions: flag,
});
export type UpdateProfile = z.infer<typeof UpdateProfile>;

type Changes = { set: Partial<UserItem>; remove: ("firstName" | "lastName" | "email" | "phone")[] };

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
  for (const field of ["smsNotifications", "smsPromotions", "emailNotifications", "emailPromotions"] as const) {
    const value = input[field];
    if (value !== undefined && value !== current[field]) changes.set[field] = value;
  }
  return changes;
}

/**
 * Updates the signed-in user's profile. A changed email moves its uniqueValue
 * claim in the same transaction as the user (409 when someone else holds the
 * new one); the old claim is released only if it is this user's.
 */
export async function update(current: UserItem, input: UpdateProfile): Promise<UserItem> {
  const { set, remove } = profileChanges(current, input);
  if (Object.keys(set).length === 0 && remove.length === 0) return current;
  const userId = current.userId;
  const emailChanged = "email" in set || remove.includes("email");
  const oldClaim = emailChanged && current.email ? uniqueKey("email", current.email) : undefined;
  const newClaim = emailChanged && set.email ? uniqueKey("email", set.email) : undefined;
  const [held, alreadyMine] = await Promise.all([
    oldClaim ? db().entities.uniqueValue.get(oldClaim).go() : undefined,
    newClaim ? db().entities.uniqueValue.get(newClaim).go() : undefined,
  ]);
  const releaseOld = held?.data?.ownerId === userId;
  const claimNew = newClaim !== undefined && alreadyMine?.data?.ownerId !== userId;

  const result = await db()
    .transaction.write(({ user, uniqueValue }) => [
      user.patch({ userId }).set(set).remove(remove).commit(),
      ...(claimNew ? [uniqueValue.create({ ...newClaim, ownerId: userId }).commit()] : []),
      ...(releaseOld && oldClaim
        ? [uniqueValue.delete(oldClaim).where(({ ownerId }, { eq }) => eq(ownerId, userId)).commit()]
        : []),
    ])
    .go();
  if (result.canceled) {
    const codes = result.data.map((entry) => entry.code);
    if (claimNew && codes[1] === "ConditionalCheckFailed") throw conflict(EMAIL_IN_USE);
    throw conflict("Your profile changed while saving. Please try again.");
  }
  const updated = await get(userId);
  if (!updated) throw new Error(`user ${userId} vanished during an update`);
  return updated;
}
