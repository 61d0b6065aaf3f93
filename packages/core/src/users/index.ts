import type { EntityItem } from "electrodb";
import type { UserActor } from "../actor";
import { db } from "../db";
import { uniqueKey, type User } from "../entities";

export * as Users from "./index";

export type UserItem = EntityItem<typeof User>;

/** What GET /api/auth/user answers (customer-side §7). */
export interface UserView {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  phoneVerified: boolean;
  profileImageUrl: string | null;
  smsNotifications: boolean;
  smsPromotions: boolean;
  emailNotifications: boolean;
  emailPromotions: boolean;
  roles: ("CUSTOMER" | "EMPLOYEE" | "ADMIN")[];
}

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
    roles: [...user.roles].sort(
      (a, b) => ["CUSTOMER", "EMPLOYEE", "ADMIN"].indexOf(a) - ["CUSTOMER", "EMPLOYEE", "ADMIN"].indexOf(b),
    ) as UserView["roles"],
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

async function createFromSignIn(actor: UserActor): Promise<void> {
  const item = {
    userId: actor.userId,
    email: actor.email,
    firstName: actor.givenName,
    lastName: actor.familyName,
    username: actor.username,
    roles: actor.roles,
    emailVerified: !!actor.email,
  };
  const claims = [
    ...(actor.email ? [uniqueKey("email", actor.email)] : []),
    uniqueKey("username", actor.username),
  ];
  const result = await db()
    .transaction.write(({ user, uniqueValue }) => [
      user.create(item).commit(),
      ...claims.map((claim) => uniqueValue.create({ ...claim, ownerId: actor.userId }).commit()),
    ])
    .go();
  if (!result.canceled) return;
  // Cancelled: either a concurrent first request created the user (fine), or
  // the email is held by another account (e.g. the same person signed up
  // with a second provider). The sign-in is still theirs: create the item
  // without claiming the email, unless it now exists.
  if (await get(actor.userId)) return;
  await db()
    .entities.user.create({ ...item })
    .go()
    .catch(async (error: unknown) => {
      if (!(await get(actor.userId))) throw error;
    });
}
