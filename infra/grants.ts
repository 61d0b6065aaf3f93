/**
 * What a function may touch, as data: each route of the route table
 * (packages/functions/src/routes.ts), each webhook (infra/webhooks.ts) and each
 * job (infra/jobs.ts) declares its `Grants` beside its access.
 *
 * Read in two places, so the two can never disagree:
 * - the stacks (stacks/grants.ts) turn a declaration into exactly these IAM
 *   actions on exactly these resources, one role per distinct declaration;
 * - the handlers' clients (packages/core/src/aws/grants.ts) refuse, wherever
 *   they run, any call the declaration does not cover, so every integration and
 *   browser test runs under the same least privilege as the cloud.
 *
 * Kept free of SST and of the AWS SDK: the local runtime and the Lambda
 * bundles import it.
 */
import type { SecretName } from "./env";

/**
 * What a function does with the table. `read` is GetItem, Query and BatchGetItem
 * (on the table and its indexes); each write is its own action, so a route that
 * only updates cannot put or delete. A transaction needs the action of each of
 * its items (IAM has no TransactWriteItems action), and `check` is a transaction's
 * ConditionCheckItem.
 */
export const tableAccesses = ["read", "check", "put", "update", "delete"] as const;
export type TableAccess = (typeof tableAccesses)[number];

/** The top-level folders of the uploads bucket a function may presign PUTs into: paddle photos and product images. */
export const uploadFolders = ["paddles", "skus"] as const;
export type UploadFolder = (typeof uploadFolders)[number];

export interface Grants {
  /** The table, by what the function does with it; absent: no table access at all. */
  readonly table?: readonly TableAccess[];
  /** Uploads bucket folders it hands out presigned PUT URLs for (the URL carries the function's own permission). */
  readonly uploads?: readonly UploadFolder[];
  /** SST secrets it reads by name (SSM parameters); the texts grant brings the SMS providers' own. */
  readonly secrets?: readonly SecretName[];
  /** Sends texts: Amazon SNS Publish and the Twilio/SNS secrets (every text leaves through packages/core/src/sms). */
  readonly texts?: boolean;
  /**
   * Sends email: Amazon SES SendEmail from the stage's verified sender only (every email leaves through
   * packages/core/src/email, by `Texts.email`).
   */
  readonly email?: boolean;
  /** Signs users in through the user pool with a password (cognito-idp:InitiateAuth, RespondToAuthChallenge). */
  readonly passwordSignIn?: boolean;
  /**
   * Reads whether a user set up an authenticator app and keeps their membership of the authenticator group in line
   * (cognito-idp:AdminGetUser, AdminAddUserToGroup, AdminRemoveUserFromGroup on the user pool).
   */
  readonly authenticator?: boolean;
  /**
   * Reads the user pool's users and groups (cognito-idp:ListUsers, ListGroups, ListUsersInGroup): the nightly export
   * of the users (packages/core/src/user-backup). Never a user's password, which Cognito gives to nobody.
   */
  readonly listUsers?: boolean;
  /**
   * Invites a staff member: the user pool makes their account and emails a temporary password, and puts them in their
   * role's group (cognito-idp:AdminCreateUser, AdminAddUserToGroup).
   */
  readonly inviteStaff?: boolean;
  /**
   * Changes a staff member's role and switches them off or on (cognito-idp:AdminAddUserToGroup,
   * AdminRemoveUserFromGroup, AdminDisableUser, AdminEnableUser, AdminUserGlobalSignOut).
   */
  readonly manageStaff?: boolean;
  /** Writes the nightly user export under `users/` of the stage's user-exports bucket (s3:PutObject there, nothing else). */
  readonly userExports?: boolean;
}

/** The folder of the user-exports bucket the nightly export writes to (`users/YYYY-MM-DD.json`). */
export const userExportFolder = "users";

/** The secrets the SMS providers read (packages/core/src/sms/providers.ts): part of the texts grant. */
export const textSecrets = [
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM_NUMBER",
  "SNS_ORIGINATION_NUMBER",
  "SNS_SMS_SENDER_ID",
] as const satisfies readonly SecretName[];

/** IAM's DynamoDB actions for each table access. */
export const tableActions: Record<TableAccess, readonly string[]> = {
  read: ["dynamodb:GetItem", "dynamodb:Query", "dynamodb:BatchGetItem"],
  check: ["dynamodb:ConditionCheckItem"],
  put: ["dynamodb:PutItem"],
  update: ["dynamodb:UpdateItem"],
  delete: ["dynamodb:DeleteItem"],
};

/** Every secret a declaration lets its function read: the named ones and, with texts, the providers'. */
export function secretsOf(grants: Grants): SecretName[] {
  const names = new Set<SecretName>(grants.secrets ?? []);
  if (grants.texts) for (const name of textSecrets) names.add(name);
  return [...names].sort();
}

/** One declaration in canonical form: the same grants always give the same key (the stacks' role per key). */
export function grantsKey(grants: Grants): string {
  const parts: string[] = [];
  const table = tableAccesses.filter((access) => grants.table?.includes(access));
  if (table.length) parts.push(`table:${table.join("+")}`);
  const uploads = uploadFolders.filter((folder) => grants.uploads?.includes(folder));
  if (uploads.length) parts.push(`uploads:${uploads.join("+")}`);
  if (grants.texts) parts.push("texts");
  if (grants.email) parts.push("email");
  if (grants.passwordSignIn) parts.push("signin");
  if (grants.authenticator) parts.push("authenticator");
  if (grants.listUsers) parts.push("list-users");
  if (grants.inviteStaff) parts.push("invite-staff");
  if (grants.manageStaff) parts.push("manage-staff");
  if (grants.userExports) parts.push("user-exports");
  const secrets = [...(grants.secrets ?? [])].filter((name) => !(grants.texts && (textSecrets as readonly string[]).includes(name)));
  if (secrets.length) parts.push(`secrets:${[...new Set(secrets)].sort().join("+")}`);
  return parts.join(" ") || "nothing";
}

/** One thing a call needs, as the local guard and its error messages name it. */
export type Need =
  | { table: TableAccess }
  | { uploads: string }
  | { secret: SecretName }
  | { texts: true }
  | { email: true }
  | { passwordSignIn: true }
  | { authenticator: true }
  | { listUsers: true }
  | { inviteStaff: true }
  | { manageStaff: true }
  | { userExports: true };

/** Whether `grants` covers `need`. */
export function covers(grants: Grants, need: Need): boolean {
  if ("table" in need) {
    // A read never implies a write; any table grant includes read (a write without reading is never declared alone).
    return Boolean(grants.table?.includes(need.table));
  }
  if ("uploads" in need) return Boolean(grants.uploads?.some((folder) => need.uploads.startsWith(`${folder}/`)));
  if ("secret" in need) return secretsOf(grants).includes(need.secret);
  if ("texts" in need) return grants.texts === true;
  if ("email" in need) return grants.email === true;
  if ("authenticator" in need) return grants.authenticator === true;
  if ("listUsers" in need) return grants.listUsers === true;
  if ("inviteStaff" in need) return grants.inviteStaff === true;
  if ("manageStaff" in need) return grants.manageStaff === true;
  if ("userExports" in need) return grants.userExports === true;
  return grants.passwordSignIn === true;
}

/** `table: put`, `uploads: skus/…`, `secret STRIPE_SECRET_KEY`: the missing grant in a refusal's words. */
export function describeNeed(need: Need): string {
  if ("table" in need) return `table: ${need.table}`;
  if ("uploads" in need) return `uploads: ${need.uploads.split("/")[0]}`;
  if ("secret" in need) return `secrets: ${need.secret}`;
  if ("texts" in need) return "texts";
  if ("email" in need) return "email";
  if ("authenticator" in need) return "authenticator";
  if ("listUsers" in need) return "listUsers";
  if ("inviteStaff" in need) return "inviteStaff";
  if ("manageStaff" in need) return "manageStaff";
  if ("userExports" in need) return "userExports";
  return "passwordSignIn";
}

/**
 * DynamoDB operations (the `X-Amz-Target` suffix) by the table access they need. Scan and every
 * table-management call are absent: no declaration grants them.
 */
export const tableAccessOf: Record<string, TableAccess> = {
  GetItem: "read",
  BatchGetItem: "read",
  Query: "read",
  TransactGetItems: "read",
  PutItem: "put",
  UpdateItem: "update",
  DeleteItem: "delete",
};

/** The item kinds of TransactWriteItems and BatchWriteItem, by the table access each needs. */
export const writeItemAccess: Record<string, TableAccess> = {
  Put: "put",
  Update: "update",
  Delete: "delete",
  ConditionCheck: "check",
  PutRequest: "put",
  DeleteRequest: "delete",
};
