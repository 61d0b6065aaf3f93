/**
 * The nightly export of the user pool: every user (username, `sub`, attributes, enabled, status, created date) and
 * every group with its members, as one JSON document. Cognito gives no password and no MFA secret to anyone, so
 * neither is in it: a re-imported user chooses a new password ("Forgot password") and enrols their authenticator
 * again (docs/operations.md).
 *
 * Run by the Jobs stack's export job (packages/functions/src/jobs/export-users.ts, production) and by
 * `npm run restore:check` on one machine, with whatever Cognito client each has; re-imported by `import.ts`, and the
 * table's user ids moved to the new `sub`s by `remap.ts`.
 */
import {
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from "@aws-sdk/client-cognito-identity-provider";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { userExportFolder } from "../../../../infra/grants";
import { sdkClientConfig } from "../aws";
import { requireGrant } from "../aws/grants";

/** One user as the pool held them. */
export interface ExportedUser {
  username: string;
  /** The user's id in the pool, and in the shop's table (a user item's `userId`, an order's `customerId`...). */
  sub: string;
  /** Every attribute but `sub`: email, email_verified, given_name, family_name, phone_number, identities... */
  attributes: Record<string, string>;
  enabled: boolean;
  /** CONFIRMED, FORCE_CHANGE_PASSWORD, UNCONFIRMED, EXTERNAL_PROVIDER (a Google, Apple or GitHub sign-in)... */
  status: string;
  createdAt: string;
}

export interface ExportedGroup {
  name: string;
  description?: string;
  precedence?: number;
  /** Usernames. */
  members: string[];
}

export interface UserExport {
  format: "regrip-user-export";
  version: 1;
  userPoolId: string;
  exportedAt: string;
  users: ExportedUser[];
  groups: ExportedGroup[];
}

/** Each page of a Cognito list: at most 60, the most ListUsers gives at once. */
const PAGE = 60;

function exportedUser(user: UserType): ExportedUser {
  const attributes: Record<string, string> = {};
  let sub = "";
  for (const { Name, Value } of user.Attributes ?? []) {
    if (!Name || Value === undefined) continue;
    if (Name === "sub") sub = Value;
    else attributes[Name] = Value;
  }
  if (!user.Username || !sub) throw new Error(`The user pool listed a user without ${user.Username ? "a sub" : "a username"}.`);
  return {
    username: user.Username,
    sub,
    attributes,
    enabled: user.Enabled ?? true,
    status: user.UserStatus ?? "UNKNOWN",
    createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
  };
}

/** Every user and every group (with its members) of `userPoolId`, read page by page. */
export async function exportUsers(cognito: CognitoIdentityProviderClient, userPoolId: string, now = new Date()): Promise<UserExport> {
  requireGrant({ listUsers: true });
  const users: ExportedUser[] = [];
  let token: string | undefined;
  do {
    const page = await cognito.send(new ListUsersCommand({ UserPoolId: userPoolId, Limit: PAGE, PaginationToken: token }));
    users.push(...(page.Users ?? []).map(exportedUser));
    token = page.PaginationToken;
  } while (token);

  const groups: ExportedGroup[] = [];
  let next: string | undefined;
  do {
    const page = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId, Limit: PAGE, NextToken: next }));
    for (const group of page.Groups ?? []) {
      if (!group.GroupName) continue;
      const members: string[] = [];
      let inGroup: string | undefined;
      do {
        const listed = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group.GroupName, Limit: PAGE, NextToken: inGroup }));
        for (const user of listed.Users ?? []) if (user.Username) members.push(user.Username);
        inGroup = listed.NextToken;
      } while (inGroup);
      groups.push({
        name: group.GroupName,
        ...(group.Description ? { description: group.Description } : {}),
        ...(group.Precedence !== undefined ? { precedence: group.Precedence } : {}),
        members: members.sort(),
      });
    }
    next = page.NextToken;
  } while (next);

  users.sort((a, b) => a.username.localeCompare(b.username));
  groups.sort((a, b) => a.name.localeCompare(b.name));
  return { format: "regrip-user-export", version: 1, userPoolId, exportedAt: now.toISOString(), users, groups };
}

/** Where a night's export goes in the user-exports bucket: `users/YYYY-MM-DD.json` (UTC). */
export function userExportKey(at: Date): string {
  return `${userExportFolder}/${at.toISOString().slice(0, 10)}.json`;
}

/** The S3 client of the exports: a whole pool's file may take longer than a request's 2 s (aws/index.ts). */
let s3: S3Client | undefined;
const exportsClient = () => (s3 ??= new S3Client(sdkClientConfig({ connectionTimeoutMs: 2_000, requestTimeoutMs: 60_000, maxAttempts: 5 })));

/** Writes `exported` to the bucket under its night's key (a run again the same night replaces it, the bucket keeps the earlier version); answers the key. */
export async function saveUserExport(bucket: string, exported: UserExport): Promise<string> {
  requireGrant({ userExports: true });
  const key = userExportKey(new Date(exported.exportedAt));
  await exportsClient().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: JSON.stringify(exported, null, 1), ContentType: "application/json" }));
  return key;
}

/** The export at `key` of `bucket` (`npm run restore:users --from users/2026-05-01.json`, with the operator's credentials). */
export async function readUserExport(bucket: string, key: string): Promise<UserExport> {
  const answer = await exportsClient().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!answer.Body) throw new Error(`s3://${bucket}/${key} is empty.`);
  return parseUserExport(await answer.Body.transformToString());
}

/** The export in `text`, checked for its shape; a clear error for anything else (a wrong file, a truncated download). */
export function parseUserExport(text: string): UserExport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error("The user export is not JSON.");
  }
  const value = parsed as Partial<UserExport>;
  if (value?.format !== "regrip-user-export" || value.version !== 1 || !Array.isArray(value.users) || !Array.isArray(value.groups)) {
    throw new Error('This is not a user export of the shop (format "regrip-user-export", version 1).');
  }
  for (const user of value.users) {
    if (typeof user?.username !== "string" || typeof user.sub !== "string" || typeof user.attributes !== "object") {
      throw new Error(`The user export holds a user without a username, sub or attributes: ${JSON.stringify(user).slice(0, 200)}`);
    }
  }
  return value as UserExport;
}
