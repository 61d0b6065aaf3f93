/**
 * Staff accounts (docs/api-admin.md "Staff"): admins list, invite, change the role of and switch off or on the shop's
 * employees and admins.
 *
 * Where each thing lives:
 * - the user pool holds the accounts and their roles (the EMPLOYEE and ADMIN groups, read into every token): the list
 *   reads the two groups (and the authenticator group, for the two-step column), identity/staff.ts calls Cognito;
 * - the staff roster (entities/staffRoster.ts), one item, holds what must be decided inside a DynamoDB write: the
 *   active admins (the last one can never be demoted nor switched off, also when two admins demote each other at
 *   once: the write that would leave none fails its condition) and the switched-off staff, whose tokens the handler
 *   layer refuses at once (staff/switched-off.ts);
 * - every change writes its audit entry in the roster's transaction (or beside the invite).
 *
 * Order of the writes, so a failure half way never leaves more admins counted than the pool has: a change that takes
 * away an active admin (a demotion, a switch-off) writes the roster first, then the pool; one that adds one (an
 * invite, a promotion, a switch-on) the pool first, then the roster. Each Cognito call is idempotent and a change that
 * is already made writes nothing, so a retry or a double click is safe.
 */
import * as z from "zod/mini";
import type { UserActor } from "../actor";
import { personOf } from "../actor";
import { fn, NoInput } from "../actor/fn";
import { Audit } from "../audit";
import { db } from "../db";
import { CHANGED, readDecideWrite, writeLabelled, type LabelledWrite } from "../db/labelled";
import { uniqueKey } from "../entities";
import { conflict, notFound } from "../errors";
import { groupMembers, type PoolUser } from "../identity/staff";
import * as Pool from "../identity/staff";
import { Id } from "../shared/ids";
import { AUTHENTICATOR_GROUP } from "../shared/roles";
import {
  EMAIL_HAS_ACCOUNT,
  isLastAdmin,
  LAST_ADMIN,
  NOT_YOURSELF,
  STAFF_NOT_FOUND,
  StaffChangeFields,
  someChange,
  StaffInvite,
  staffName,
  type StaffList,
  type StaffRole,
  type StaffStatus,
  type StaffView,
} from "../shared/staff";
import { Users } from "../users";

export * as Staff from "./index";

export interface Roster {
  admins: string[];
  adminCount: number;
  off: string[];
}

const ROSTER = { name: "roster" } as const;

async function readRoster(): Promise<Roster | null> {
  const found = await db().entities.staffRoster.get(ROSTER).go({ consistent: true });
  if (!found.data) return null;
  return { admins: [...(found.data.admins ?? [])], adminCount: found.data.adminCount, off: [...(found.data.off ?? [])] };
}

/** Every staff member in the pool: the ADMIN group's and the EMPLOYEE group's (an admin in both is an admin). */
async function members(): Promise<Map<string, PoolUser & { role: StaffRole }>> {
  const [admins, employees] = await Promise.all([groupMembers("ADMIN"), groupMembers("EMPLOYEE")]);
  const all = new Map<string, PoolUser & { role: StaffRole }>();
  for (const user of employees) all.set(user.sub, { ...user, role: "EMPLOYEE" });
  for (const user of admins) all.set(user.sub, { ...user, role: "ADMIN" });
  return all;
}

/**
 * The roster, made from the pool's groups the first time a change needs it (a stage's first admin comes from
 * `npm run stage:setup`, the demo staff from the seed): the enabled admins, and the staff the pool has disabled.
 * Two first requests at once: one writes it, the other reads what it wrote.
 */
export async function roster(known?: Map<string, PoolUser & { role: StaffRole }>, { write = true } = {}): Promise<Roster> {
  const found = await readRoster();
  if (found) return found;
  const staff = [...(known ?? (await members())).values()];
  const admins = staff.filter((user) => user.role === "ADMIN" && user.enabled).map((user) => user.sub);
  const off = staff.filter((user) => !user.enabled).map((user) => user.sub);
  // A read (the list) answers what the roster would be; a change writes it first.
  if (!write) return { admins, adminCount: admins.length, off };
  try {
    await db()
      .entities.staffRoster.create({ ...ROSTER, adminCount: admins.length, ...(admins.length ? { admins } : {}), ...(off.length ? { off } : {}) })
      .go();
  } catch (error) {
    // Made by a concurrent first request (create is conditioned on the item not existing).
    if (!(await readRoster())) throw error;
  }
  const made = await readRoster();
  if (!made) throw new Error("the staff roster was not written");
  return made;
}

function statusOf(user: PoolUser, state: Roster): StaffStatus {
  if (state.off.includes(user.sub)) return "off";
  return user.status === "FORCE_CHANGE_PASSWORD" ? "invited" : "active";
}

function viewOf(user: PoolUser & { role: StaffRole }, state: Roster, authenticator: ReadonlySet<string>): StaffView {
  const status = statusOf(user, state);
  const lastAdmin = isLastAdmin({ id: user.sub, role: user.role, status }, state.admins);
  return {
    id: user.sub,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    status,
    authenticator: authenticator.has(user.sub),
    createdAt: user.createdAt,
    lockedReason: lastAdmin ? LAST_ADMIN : null,
  };
}

/**
 * GET /api/admin/staff: every employee and admin, by name. Reads the pool's two role groups and its authenticator
 * group (ListUsersInGroup, 60 people a call) and the roster (one GetItem). Admin.
 */
export const list = /* @__PURE__ */ fn({ role: "admin", input: NoInput }, async (): Promise<StaffList> => {
  const [staff, withApp] = await Promise.all([members(), groupMembers(AUTHENTICATOR_GROUP)]);
  const state = await roster(staff, { write: false });
  const authenticator = new Set(withApp.map((user) => user.sub));
  const items = [...staff.values()].map((user) => viewOf(user, state, authenticator));
  items.sort((a, b) => staffName(a).localeCompare(staffName(b)) || a.id.localeCompare(b.id));
  return { items };
});

/**
 * POST /api/admin/staff: a new employee or admin. The user pool makes the account with a temporary password it emails
 * to them (they choose their own and set up their authenticator app at the first sign-in); the user item is made as at
 * a first sign-in, so they are in the shop's lists at once. An email the shop already knows (an account, or a
 * customer on file) is a 409: an existing customer is not made staff this way. Admin.
 */
export const invite = /* @__PURE__ */ fn({ role: "admin", input: StaffInvite }, async (actor, input): Promise<StaffView> => {
  const claim = await db().entities.uniqueValue.get(uniqueKey("email", input.email)).go();
  if (claim.data) throw conflict(EMAIL_HAS_ACCOUNT);
  const created = await Pool.createStaffUser(input);
  // After the account (an email the pool holds is refused before anything is written), before its group: the roster,
  // when it is made now from the groups, does not count this person yet.
  const state = await roster();
  await Pool.addToRoleGroup(created.username, input.role, "inviteStaff");
  const person: UserActor = {
    type: "user",
    userId: created.sub,
    username: created.username,
    email: input.email,
    emailVerified: true,
    givenName: input.firstName,
    familyName: input.lastName,
    roles: ["CUSTOMER", input.role],
  };
  await Users.fromSignIn(person);
  const audit = Audit.entry({ actor, action: "staff.invited", targetType: "user", targetId: created.sub, diff: { email: input.email, role: input.role } });
  if (input.role === "ADMIN") {
    const outcome = await writeLabelled((entities) => [
      { label: "roster", write: addAdmin(entities, created.sub) },
      { label: "audit", write: entities.auditLog.create(audit).commit() },
    ]);
    if (!outcome.committed) throw new Error(`inviting ${created.sub}: ${JSON.stringify(outcome.codes)}`);
  } else {
    await db().entities.auditLog.create(audit).go();
  }
  const admins = input.role === "ADMIN" ? [...state.admins, created.sub] : state.admins;
  return viewOf({ ...created, role: input.role }, { ...state, admins, adminCount: admins.length }, new Set());
});

/**
 * An admin made outside the console (`npm run stage:setup`, which also brings back an admin for a shop whose admins
 * all left) counted in the roster, where the roster exists (else it is made from the groups, this admin among them).
 * Nothing when already counted.
 */
export async function countAdmin(id: string): Promise<void> {
  try {
    await db()
      .entities.staffRoster.patch(ROSTER)
      .add({ admins: [id], adminCount: 1 })
      .where((attr, { notContains }) => notContains(attr.admins, id))
      .go();
  } catch (error) {
    // No roster yet, or the admin already counted: both conditions of the patch.
    if (!(error instanceof Error && /conditional request failed/i.test(error.message))) throw error;
  }
}

type Entities = Parameters<Parameters<typeof writeLabelled>[0]>[0];

function addAdmin(entities: Entities, id: string) {
  return entities.staffRoster
    .update(ROSTER)
    .add({ admins: [id], adminCount: 1 })
    .where((attr, { notContains }) => notContains(attr.admins, id))
    .commit();
}

export const StaffUpdate = z.extend(StaffChangeFields, { id: Id }).check(someChange);

/**
 * PATCH /api/admin/staff/{id}: a new role (EMPLOYEE or ADMIN), switched off (`active: false`: the pool disables the
 * account and signs it out everywhere, and every request with a token it still holds is refused) or on again. The
 * last active admin is never demoted nor switched off (409, `LAST_ADMIN`); nobody changes their own account here.
 * Admin.
 */
export const update = /* @__PURE__ */ fn({ role: "admin", input: StaffUpdate }, async (actor, input): Promise<StaffView> => {
  const by = personOf(actor);
  if (by.userId === input.id) throw conflict(NOT_YOURSELF);
  const staff = await members();
  const person = staff.get(input.id);
  if (!person) throw notFound(STAFF_NOT_FOUND);
  const role = input.role ?? person.role;
  // Read (or, the first time, worked out from the groups) before anything is written, so a refusal writes nothing.
  const seen = await roster(staff, { write: false });
  const active = input.active ?? !seen.off.includes(person.sub);
  const becomesAdmin = role === "ADMIN" && active;
  if (seen.admins.includes(person.sub) && !becomesAdmin && seen.adminCount <= 1) throw conflict(LAST_ADMIN);
  const before = await roster(staff);
  // A change that adds an active admin or switches someone on reaches the pool first; one that takes an admin away or
  // switches someone off writes the roster first (see the module's comment).
  const poolFirst = (becomesAdmin && !before.admins.includes(person.sub)) || (active && before.off.includes(person.sub));
  if (poolFirst) await applyToPool(person, role, active);
  const after = await readDecideWrite(
    async () => {
      const state = (await readRoster()) ?? before;
      const wasAdmin = state.admins.includes(person.sub);
      const off = state.off.includes(person.sub);
      const roleChanged = role !== person.role;
      const activeChanged = off === active;
      const adminChanged = wasAdmin !== becomesAdmin;
      if (!roleChanged && !activeChanged && !adminChanged) return state;
      if (wasAdmin && !becomesAdmin && state.adminCount <= 1) throw conflict(LAST_ADMIN);
      const outcome = await writeLabelled((entities) => {
        const writes: LabelledWrite[] = [];
        if (adminChanged || activeChanged || roleChanged) {
          let change = entities.staffRoster.update(ROSTER).set({});
          // A token held from before a demotion still claims the admin group for up to an hour: the handler layer
          // reads the roster's `demoted` and takes the admin role away at once (staff/switched-off.ts).
          if (roleChanged) change = role === "ADMIN" ? change.delete({ demoted: [person.sub] }) : change.add({ demoted: [person.sub] });
          if (wasAdmin && !becomesAdmin) change = change.delete({ admins: [person.sub] }).subtract({ adminCount: 1 });
          if (!wasAdmin && becomesAdmin) change = change.add({ admins: [person.sub], adminCount: 1 });
          if (activeChanged) change = active ? change.delete({ off: [person.sub] }) : change.add({ off: [person.sub] });
          // Conditioned on the roster as read: another write in between makes this one decide again from a fresh read.
          change = change.where((attr, ops) =>
            [
              wasAdmin ? ops.contains(attr.admins, person.sub) : ops.notContains(attr.admins, person.sub),
              off ? ops.contains(attr.off, person.sub) : ops.notContains(attr.off, person.sub),
              ops.eq(attr.adminCount, state.adminCount),
            ].join(" AND "),
          );
          writes.push({ label: "roster", write: change.commit() });
        }
        if (roleChanged) {
          writes.push({
            label: "audit-role",
            write: entities.auditLog
              .create(Audit.entry({ actor, action: "staff.role_changed", targetType: "user", targetId: person.sub, diff: { email: person.email ?? person.username, role: { from: person.role, to: role } } }))
              .commit(),
          });
        }
        if (activeChanged) {
          writes.push({
            label: "audit-active",
            write: entities.auditLog
              .create(Audit.entry({ actor, action: active ? "staff.switched_on" : "staff.switched_off", targetType: "user", targetId: person.sub, diff: { email: person.email ?? person.username } }))
              .commit(),
          });
        }
        return writes;
      });
      if (!outcome.committed) {
        if (outcome.conflict || outcome.failed.includes("roster")) return CHANGED;
        throw new Error(`changing staff ${person.sub}: ${JSON.stringify(outcome.codes)}`);
      }
      return (await readRoster()) ?? state;
    },
    () => conflict("The staff list changed while saving. Please try again."),
  );
  if (!poolFirst) await applyToPool(person, role, active);
  await Users.applyStaffChange(person.sub, ["CUSTOMER", role], active);
  const withApp = new Set((await groupMembers(AUTHENTICATOR_GROUP)).map((user) => user.sub));
  return viewOf({ ...person, role, enabled: active }, after, withApp);
});

/** The pool brought to `role` and `active`: its groups, and the account enabled, or disabled and signed out. */
async function applyToPool(person: PoolUser & { role: StaffRole }, role: StaffRole, active: boolean): Promise<void> {
  if (active && !person.enabled) await Pool.enable(person.username);
  if (role !== person.role) await Pool.setRoleGroup(person.username, role);
  if (!active) await Pool.disable(person.username);
}
