/**
 * What `npm run stage:setup` does to a stage, whichever it is: the first admin, the starter catalogue and the
 * quick-sale items where they are missing, and which secrets are unset. The stage comes in as a target (its
 * user pool client and id, its table, how to ask about its secrets), built from a deployed stage's stack outputs
 * (scripts/lib/stage-target.ts `cloudTarget`) or from the local shop's settings (`localTarget`), so the command
 * and the tests against DynamoDB Local and cognito-local run this same code.
 *
 * Safe to run again: an existing admin is left as is, a product already there is never written (an admin's
 * price, stock or visibility stay theirs), and a second run writes nothing.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  UserNotFoundException,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { randomInt } from "node:crypto";
import { env, whenUnset, type SecretName } from "../../infra/env";
import type { RoleGroup } from "../../infra/auth";
import { addProductIfMissing, addShopContactsIfMissing, quickSaleProducts, starterCatalogue, type ProductPut } from "../../infra/starter-catalogue";
import { rolesFromGroups, type UserActor } from "../../packages/core/src/actor";
import { Audit } from "../../packages/core/src/audit";
import { signUpPasswordProblem } from "../../packages/core/src/shared/accounts";
import { Staff } from "../../packages/core/src/staff";
import { Users } from "../../packages/core/src/users";

/** Whether a secret has a value (never the value): `fallback` is a value set with `sst secrets set --fallback` only. */
export type SecretState = "set" | "unset" | "fallback";

export interface SecretStatus {
  name: SecretName;
  state: SecretState;
  /** Said beside the state, e.g. where a local value comes from. */
  note?: string;
}

export interface StageTarget {
  /** How the report names the stage: `stage dev`, `the local shop`. */
  label: string;
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  tableName: string;
  /** Where its secrets live, for the report's heading. */
  secretsWhere: string;
  /** Each secret of infra/env.ts with whether it is set. */
  secrets(): Promise<SecretStatus[]>;
  /**
   * How the new admin's temporary password reaches them. `email`: Cognito makes it and emails it (a deployed
   * pool), and nobody else sees it. `print`: this command makes it and answers it to be printed, and Cognito sends
   * nothing (cognito-local, whose mail goes nowhere, or `--print-password`).
   */
  invitation: "email" | "print";
}

export interface AdminRequest {
  email: string;
  /** The sign-in name; the email when not given. */
  username?: string;
  firstName?: string;
  lastName?: string;
}

export interface AdminOutcome {
  username: string;
  email: string;
  /** The login's `sub`, which is also the user item's id. */
  userId: string;
  /**
   * `created`: a new login in ADMIN. `exists`: already an admin, left as is. `finished`: a login an earlier run
   * (or an admin in the console) created but never put in a group, now put in ADMIN.
   */
  outcome: "created" | "exists" | "finished";
  /** Cognito's status for the login: FORCE_CHANGE_PASSWORD until the first sign-in sets a password of their own. */
  status: string;
  /** Only when this run created the login in `print` mode. */
  temporaryPassword?: string;
  /** The user item in the table: written by this run, or there already. */
  userItem: "created" | "present";
}

export interface CatalogueOutcome {
  created: string[];
  present: string[];
  /** Codes another product holds (an admin's own stands in for it). */
  codeTaken: string[];
  /** Of `created`, the counted products: they start with 0 in stock. */
  countedAtZero: string[];
  /** When an earlier run put the starter catalogue in: this run left it alone (products deleted since stay deleted). */
  starterAddedAt?: string;
  /** The shops whose starter contact (address, phone, email, hours, map) this run put in: those that had none. */
  shopContactsAdded?: string[];
}

export interface StageSetupReport {
  admin: AdminOutcome;
  catalogue: CatalogueOutcome;
  secrets: (SecretStatus & { unsetMeans?: string })[];
}

/** The refusals a person can act on: printed as they are, without a stack trace. */
export class StageSetupError extends Error {}

const ADMIN: RoleGroup = "ADMIN";
const setupActor = { type: "system", name: "stage:setup" } as const;
/** The audit log's record that the starter catalogue was put in: a second run leaves the starter catalogue alone. */
const STARTER_CATALOGUE = { targetType: "system", targetId: "starter-catalogue", action: "catalogue.starter_added" } as const;

export async function setUpStage(target: StageTarget, admin: AdminRequest): Promise<StageSetupReport> {
  // The domain code reads its table from the environment, as a handler does.
  process.env[env.tableName] = target.tableName;
  const adminOutcome = await ensureAdmin(target, admin);
  const catalogue = await putCatalogue();
  const secrets = (await target.secrets()).map((status) => ({
    ...status,
    ...(status.state === "set" ? {} : { unsetMeans: whenUnset[status.name] }),
  }));
  return { admin: adminOutcome, catalogue, secrets };
}

/** A temporary password the pool's policy accepts (16 letters and digits, none that read alike). */
export function temporaryPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  for (;;) {
    const password = Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join("");
    if (!signUpPasswordProblem(password)) return password;
  }
}

const attribute = (attributes: AttributeType[] | undefined, name: string) => attributes?.find((a) => a.Name === name)?.Value;

async function ensureAdmin(target: StageTarget, request: AdminRequest): Promise<AdminOutcome> {
  const email = request.email.trim().toLowerCase();
  const username = request.username?.trim() || email;
  const { cognito, userPoolId } = target;
  let login;
  try {
    login = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }

  let outcome: AdminOutcome["outcome"];
  let sub: string | undefined;
  let status: string;
  let attributes: AttributeType[] | undefined;
  let password: string | undefined;
  if (login) {
    const groups = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: login.Username }));
    const names = (groups.Groups ?? []).map((g) => g.GroupName ?? "");
    status = login.UserStatus ?? "UNKNOWN";
    attributes = login.UserAttributes;
    if (names.includes(ADMIN)) {
      outcome = "exists";
    } else if (status === "FORCE_CHANGE_PASSWORD" && names.length === 0 && attribute(attributes, "email")?.toLowerCase() === email) {
      // Made by an admin action (sign-ups never start in FORCE_CHANGE_PASSWORD) for this very email, and never put
      // in a group: a run stopped between creating it and adding it to ADMIN. Finish it.
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: login.Username, GroupName: ADMIN }));
      outcome = "finished";
    } else {
      // Sign-up is open to anyone: a customer account under this name is not made an admin on the strength of its name.
      throw new StageSetupError(
        `A login named ${username} already exists and is not an admin (status ${status}${names.length ? `, groups ${names.join(", ")}` : ", no group"}). ` +
          "stage:setup does not make an existing account an admin: check whose it is, then add it to the ADMIN group in the Cognito console, or run again with another --admin-email (or --admin-username).",
      );
    }
    sub = attribute(attributes, "sub");
  } else {
    password = target.invitation === "print" ? temporaryPassword() : undefined;
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: username,
        UserAttributes: [
          { Name: "email", Value: email },
          // The person running this vouches for the address, and the pool recovers passwords by verified email only.
          { Name: "email_verified", Value: "true" },
          ...(request.firstName ? [{ Name: "given_name", Value: request.firstName }] : []),
          ...(request.lastName ? [{ Name: "family_name", Value: request.lastName }] : []),
        ],
        DesiredDeliveryMediums: ["EMAIL"],
        // With no TemporaryPassword Cognito makes one and emails it; in print mode nothing is sent.
        ...(password ? { TemporaryPassword: password, MessageAction: "SUPPRESS" as const } : {}),
      }),
    );
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: ADMIN }));
    outcome = "created";
    status = created.User?.UserStatus ?? "FORCE_CHANGE_PASSWORD";
    attributes = created.User?.Attributes;
    sub = attribute(attributes, "sub");
  }
  if (!sub) throw new Error(`The user pool answered no sub for ${username}.`);

  // The user item as the app makes it at a first sign-in (Users.fromSignIn: the item, its email and username
  // claims and its customer-search items, roles from the pool's groups), so the admin is in the shop's lists
  // before they sign in. Nothing is written when it is there and in line.
  const before = await Users.get(sub);
  const actor: UserActor = {
    type: "user",
    userId: sub,
    username,
    email: attribute(attributes, "email") ?? email,
    emailVerified: attribute(attributes, "email_verified") === "true",
    givenName: attribute(attributes, "given_name"),
    familyName: attribute(attributes, "family_name"),
    roles: rolesFromGroups([ADMIN]),
  };
  await Users.fromSignIn(actor);
  // Counted among the shop's admins, so the console's last-admin rule knows them (packages/core/src/staff).
  await Staff.countAdmin(sub);
  if (outcome === "created") {
    await Audit.record({ actor: setupActor, action: "user.admin_created", targetType: "user", targetId: sub, diff: { username, email } });
  }
  return { username, email: actor.email!, userId: sub, outcome, status, temporaryPassword: password, userItem: before ? "present" : "created" };
}

async function putCatalogue(): Promise<CatalogueOutcome> {
  const [earlier] = await Audit.forTarget(STARTER_CATALOGUE.targetType, STARTER_CATALOGUE.targetId, 1);
  const starterAddedAt = earlier?.createdAt;
  // Once the starter catalogue is in, what is missing of it is what an admin deleted: not put back. The quick-sale
  // items cannot be deleted (the quick sale needs them) and are always put in where missing.
  const products = [...(starterAddedAt ? [] : starterCatalogue), ...quickSaleProducts];
  const outcome: CatalogueOutcome = { created: [], present: [], codeTaken: [], countedAtZero: [], starterAddedAt };
  const lists: Record<ProductPut, string[]> = { created: outcome.created, present: outcome.present, codeTaken: outcome.codeTaken };
  for (const product of products) {
    // A new shop's counts are its own: counted products start at 0 until an admin counts them.
    const put = await addProductIfMissing(product, 0);
    lists[put].push(product.code);
    if (put === "created" && product.counted) outcome.countedAtZero.push(product.code);
  }
  // Each shop's starter contact where it has none: an admin's edits are never overwritten.
  outcome.shopContactsAdded = await addShopContactsIfMissing();
  if (!starterAddedAt || outcome.created.length > 0) {
    await Audit.record({
      actor: setupActor,
      action: STARTER_CATALOGUE.action,
      targetType: STARTER_CATALOGUE.targetType,
      targetId: STARTER_CATALOGUE.targetId,
      diff: { created: outcome.created },
    });
  }
  return outcome;
}

/** The report as the command prints it, line by line. */
export function describeSetup(target: Pick<StageTarget, "label" | "secretsWhere">, report: StageSetupReport, site?: string): string[] {
  const { admin, catalogue, secrets } = report;
  const lines: string[] = [];
  const signIn = `${site ? `${site}/login` : "the site's /login"}, Admin panel, username ${admin.username}`;
  lines.push(`Admin (${target.label}):`);
  if (admin.outcome === "exists") {
    lines.push(`  ${admin.username} is already an admin (status ${admin.status}): left as is.`);
    if (admin.status === "FORCE_CHANGE_PASSWORD") lines.push("  They have not signed in yet: at the first sign-in they choose their own password.");
  } else {
    const who = admin.username === admin.email ? admin.username : `${admin.username} (${admin.email})`;
    lines.push(`  ${admin.outcome === "created" ? "Created" : "Finished"} ${who} in the ADMIN group, status ${admin.status}.`);
    if (admin.temporaryPassword) {
      lines.push(`  Temporary password: ${admin.temporaryPassword}  (nothing was emailed: hand it to them).`);
    } else if (admin.outcome === "created") {
      lines.push(`  Cognito emailed a temporary password to ${admin.email}; it expires after the pool's temporary-password validity (7 days unless changed).`);
    }
    lines.push(`  At the first sign-in (${signIn}) the shop asks for a new password of their own.`);
  }
  lines.push(`  User item ${admin.userId}: ${admin.userItem === "created" ? "created" : "already there"}.`);

  lines.push("Catalogue:");
  const created = catalogue.created.length;
  lines.push(
    created > 0
      ? `  Added ${created} product${created === 1 ? "" : "s"}: ${catalogue.created.join(", ")}.`
      : "  Nothing to add.",
  );
  const present = catalogue.present.length;
  if (present > 0) lines.push(`  Already there, left as they are: ${present <= 5 ? catalogue.present.join(", ") : `${present} products`}.`);
  if (catalogue.codeTaken.length > 0) lines.push(`  Code held by another product, which stands in for it: ${catalogue.codeTaken.join(", ")}.`);
  if (catalogue.starterAddedAt) {
    const when = `${catalogue.starterAddedAt.slice(0, 16).replace("T", " ")} UTC`;
    lines.push(`  stage:setup completed the starter catalogue on ${when}: products deleted since are not put back (only the quick-sale items are).`);
  }
  if (catalogue.shopContactsAdded?.length) {
    lines.push(`  Shop contacts put in for ${catalogue.shopContactsAdded.join(", ")}: set the real address, phone, email and hours in Admin > Shop details.`);
  }
  if (catalogue.countedAtZero.length > 0) {
    lines.push(
      `  ${catalogue.countedAtZero.length} counted products start with 0 in stock, so they cannot be booked or sold yet: set the real counts in Admin > Products (Adjust stock).`,
    );
  }

  const unset = secrets.filter((s) => s.state !== "set");
  lines.push(`Secrets (${target.secretsWhere}): ${secrets.length - unset.length} of ${secrets.length} set.`);
  for (const status of secrets.filter((s) => s.state === "set")) lines.push(`  set       ${status.name}${status.note ? ` (${status.note})` : ""}`);
  // Unset secrets that turn off the same thing (Twilio's three, a provider's pair) on one line, in the list's order.
  const groups: { state: SecretState; names: string[]; means?: string; note?: string }[] = [];
  for (const status of unset) {
    const last = groups.at(-1);
    if (last && last.state === status.state && last.means === status.unsetMeans && last.note === status.note) last.names.push(status.name);
    else groups.push({ state: status.state, names: [status.name], means: status.unsetMeans, note: status.note });
  }
  for (const group of groups) {
    lines.push(`  ${group.state.padEnd(9)} ${group.names.join(", ")}: ${group.means}${group.note ? ` (${group.note})` : ""}`);
  }
  return lines;
}
