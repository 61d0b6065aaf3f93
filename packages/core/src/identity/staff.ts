/**
 * The user pool's side of staff accounts (staff/ decides, this calls Cognito): the members of a group, a new account
 * whose temporary password the pool emails, a role's group, an account switched off (disabled and signed out
 * everywhere) or on. Each call asks for its grant (infra/grants.ts: listUsers, inviteStaff, manageStaff).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersInGroupCommand,
  UsernameExistsException,
  type UserType,
} from "@aws-sdk/client-cognito-identity-provider";
import { env } from "../../../../infra/env";
import { requireGrant } from "../aws/grants";
import { conflict } from "../errors";
import { EMAIL_HAS_ACCOUNT, STAFF_ROLES, type StaffRole } from "../shared/staff";
import { cognito } from "./client";

const poolId = () => process.env[env.userPoolId] ?? "";

/** A user of the pool as the staff list needs them. */
export interface PoolUser {
  sub: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  enabled: boolean;
  /** The pool's status: FORCE_CHANGE_PASSWORD until an invited person chose their own password. */
  status: string;
  createdAt: string | null;
}

function poolUser(user: UserType): PoolUser | undefined {
  const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value ?? null;
  const sub = attribute("sub");
  if (!sub || !user.Username) return undefined;
  return {
    sub,
    username: user.Username,
    email: attribute("email"),
    firstName: attribute("given_name"),
    lastName: attribute("family_name"),
    enabled: user.Enabled !== false,
    status: user.UserStatus ?? "CONFIRMED",
    createdAt: user.UserCreateDate ? new Date(user.UserCreateDate).toISOString() : null,
  };
}

/** Every member of `group`, page by page (60 a page, the pool's largest). */
export async function groupMembers(group: string): Promise<PoolUser[]> {
  requireGrant({ listUsers: true });
  const members: PoolUser[] = [];
  let token: string | undefined;
  do {
    const page = await cognito().send(new ListUsersInGroupCommand({ UserPoolId: poolId(), GroupName: group, Limit: 60, NextToken: token }));
    for (const user of page.Users ?? []) {
      const found = poolUser(user);
      if (found) members.push(found);
    }
    token = page.NextToken;
  } while (token);
  return members;
}

/**
 * A new staff account, username its email (verified: the admin vouches for it, and the pool recovers passwords by
 * verified email only); the pool makes a temporary password and emails it, and the account must choose its own at
 * the first sign-in. An email the pool already holds is a 409.
 */
export async function createStaffUser(input: { email: string; firstName: string; lastName: string }): Promise<PoolUser> {
  requireGrant({ inviteStaff: true });
  try {
    const created = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: input.email,
        UserAttributes: [
          { Name: "email", Value: input.email },
          { Name: "email_verified", Value: "true" },
          { Name: "given_name", Value: input.firstName },
          { Name: "family_name", Value: input.lastName },
        ],
        DesiredDeliveryMediums: ["EMAIL"],
      }),
    );
    const user = created.User && poolUser(created.User);
    if (!user) throw new Error(`The user pool answered no sub for ${input.email}`);
    return user;
  } catch (error) {
    if (error instanceof UsernameExistsException) throw conflict(EMAIL_HAS_ACCOUNT);
    throw error;
  }
}

/** Puts the account in `role`'s group (invite: nothing to take away). */
export async function addToRoleGroup(username: string, role: StaffRole, grant: "inviteStaff" | "manageStaff"): Promise<void> {
  requireGrant(grant === "inviteStaff" ? { inviteStaff: true } : { manageStaff: true });
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: poolId(), Username: username, GroupName: role }));
}

/** Puts the account in `role`'s group and out of the other role's: both calls are idempotent, a retry changes nothing more. */
export async function setRoleGroup(username: string, role: StaffRole): Promise<void> {
  await addToRoleGroup(username, role, "manageStaff");
  for (const other of STAFF_ROLES.filter((r) => r !== role)) {
    await cognito().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId(), Username: username, GroupName: other }));
  }
}

/** Switched off: the pool refuses their sign-in and their refresh tokens are revoked (signed out everywhere). */
export async function disable(username: string): Promise<void> {
  requireGrant({ manageStaff: true });
  await cognito().send(new AdminDisableUserCommand({ UserPoolId: poolId(), Username: username }));
  await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: username }));
}

export async function enable(username: string): Promise<void> {
  requireGrant({ manageStaff: true });
  await cognito().send(new AdminEnableUserCommand({ UserPoolId: poolId(), Username: username }));
}
