/**
 * Puts the users of a user export (index.ts) back into a user pool: each created with the same username and
 * attributes (email_verified and phone_number_verified kept), no message sent, its groups added. Cognito gives every
 * one a new `sub`: the answer maps each old `sub` to the new one, for `remap.ts` to move the table's items to.
 *
 * A re-imported user gets a long random password that nobody is told, set as permanent: their account is CONFIRMED,
 * so "Forgot password" (the hosted sign-in's link) mails them a code to choose their own. A user left in Cognito's
 * FORCE_CHANGE_PASSWORD instead could not reset it at all (Cognito answers "User password cannot be reset in the
 * current state"), and sending invitations (a temporary password by email) would mail every customer at once from a
 * sender that may allow 50 a day. docs/operations.md says what users are told.
 *
 * Safe to run again: a user already in the pool is left as is and mapped to its own `sub`; a Google, Apple or
 * GitHub user is mapped once they have signed in with that provider again (Cognito names them the same).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  ListGroupsCommand,
  UserNotFoundException,
  UsernameExistsException,
  type CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { AUTHENTICATOR_GROUP } from "../shared/roles";
import { randomBytes } from "node:crypto";
import type { ExportedUser, UserExport } from "./index";

/** old `sub` → new `sub`, for every exported user now in the pool. */
export type UserIdMapping = Record<string, string>;

export interface ImportReport {
  mapping: UserIdMapping;
  /** Usernames created now. */
  created: string[];
  /** Usernames already in the pool (an earlier run, or a user who signed up again): left as they are. */
  existing: string[];
  /** Usernames not put back, each with why. */
  skipped: { username: string; reason: string }[];
  /** Memberships added (a membership already there counts too: Cognito's add is idempotent). */
  memberships: number;
}

/** Attributes Cognito makes itself or refuses to be given. */
const notGiven = (name: string) => name === "sub" || name === "identities" || name.startsWith("cognito:");

/** What AdminCreateUser is given: every attribute it accepts; a `*_verified` flag only when true (absent is false). */
function attributesOf(user: ExportedUser): { Name: string; Value: string }[] {
  return Object.entries(user.attributes)
    .filter(([name, value]) => !notGiven(name) && !(name.endsWith("_verified") && value !== "true"))
    .map(([Name, Value]) => ({ Name, Value }));
}

/** A password nobody knows that any pool policy accepts: upper, lower, digit, symbol, 40 characters. */
function unknownPassword(): string {
  return `${randomBytes(27).toString("base64url")}Aa1!`;
}

/** Whether the pool holds `username`: its `sub` and status there. */
async function inPoolAs(cognito: CognitoIdentityProviderClient, userPoolId: string, username: string): Promise<{ sub: string; status: string } | undefined> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    const sub = user.UserAttributes?.find((a) => a.Name === "sub")?.Value;
    return sub ? { sub, status: user.UserStatus ?? "UNKNOWN" } : undefined;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === "UserNotFoundException") return undefined;
    throw error;
  }
}

/** Puts `exported`'s users and groups into `userPoolId`; `log` hears one line per user created or skipped. */
export async function importUsers(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  exported: UserExport,
  log: (line: string) => void = () => undefined,
): Promise<ImportReport> {
  const report: ImportReport = { mapping: {}, created: [], existing: [], skipped: [], memberships: 0 };
  const inPool = new Set<string>();
  for (const user of exported.users) {
    const present = await inPoolAs(cognito, userPoolId, user.username);
    // Created by a run that stopped before its password was set: finished below like a new one.
    if (present && present.status !== "FORCE_CHANGE_PASSWORD") {
      report.mapping[user.sub] = present.sub;
      report.existing.push(user.username);
      inPool.add(user.username);
      continue;
    }
    if (user.status === "EXTERNAL_PROVIDER") {
      // Cognito makes a federated user at its first sign-in, and only then; it names them as before.
      report.skipped.push({ username: user.username, reason: "signs in with Google, Apple or GitHub: back at their next sign-in there, then run this again" });
      log(`  later   ${user.username}: signs in through a provider; mapped by a run after their next sign-in`);
      continue;
    }
    if (user.status === "UNCONFIRMED") {
      report.skipped.push({ username: user.username, reason: "never confirmed their sign-up (no sign-in, no data): they sign up again" });
      log(`  skipped ${user.username}: never confirmed their sign-up`);
      continue;
    }
    try {
      await cognito.send(
        new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: user.username, UserAttributes: attributesOf(user), MessageAction: "SUPPRESS" }),
      );
    } catch (error) {
      // Another run got there first: take its sub below.
      if (!(error instanceof UsernameExistsException || (error as Error).name === "UsernameExistsException")) throw error;
    }
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.username, Password: unknownPassword(), Permanent: true }));
    if (!user.enabled) await cognito.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: user.username }));
    const sub = (await inPoolAs(cognito, userPoolId, user.username))?.sub;
    if (!sub) throw new Error(`The pool does not show ${user.username} right after creating it.`);
    report.mapping[user.sub] = sub;
    report.created.push(user.username);
    inPool.add(user.username);
    log(`  created ${user.username}${user.enabled ? "" : " (disabled, as before)"}`);
  }

  // The stage's stack makes its groups; one made by hand since, and lost with the pool, is made again.
  const groups = new Set<string>();
  let next: string | undefined;
  do {
    const page = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId, Limit: 60, NextToken: next }));
    for (const group of page.Groups ?? []) if (group.GroupName) groups.add(group.GroupName);
    next = page.NextToken;
  } while (next);
  for (const group of exported.groups) {
    if (!groups.has(group.name)) {
      await cognito.send(
        new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group.name, Description: group.description, Precedence: group.precedence }),
      );
      log(`  group   ${group.name}: created (the pool did not have it)`);
    }
    // The authenticator group says "Cognito asks this account's app at every sign-in": the app's secret is never
    // exported, so nobody comes back in it. Staff set their app up again on their first sign-in (staff tools stay
    // closed until then); a customer turns it on again on their profile.
    if (group.name === AUTHENTICATOR_GROUP) continue;
    for (const member of group.members.filter((name) => inPool.has(name))) {
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: member, GroupName: group.name }));
      report.memberships++;
    }
  }
  return report;
}
