/**
 * Authenticator apps (two-step sign-in, TOTP) on one machine. cognito-local implements the calls (the secret,
 * its check, the SOFTWARE_TOKEN_MFA challenge) and checks real codes; what a phone's authenticator app does is
 * done here:
 * - `totpCode`: the 6-digit code of a secret at a moment (RFC 6238: HMAC-SHA1, 30-second steps), as an app shows it;
 * - `authenticatorCodes`: the current code of every local account with an app, read from cognito-local's own data
 *   file (its `.cognito/db/<pool>.json`): `/local/outbox` shows them, as it shows the texts a phone would get;
 * - `enrolAuthenticator`: sets an app up for an account, as the sign-in page does (the seed's staff, tests' staff).
 */
import {
  AdminAddUserToGroupCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  ListUserPoolClientsCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AUTHENTICATOR_GROUP } from "../../packages/core/src/shared/roles";
import { cognitoClient, cognitoDataDir } from "./cognito";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(secret: string): Buffer {
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not a base32 secret: ${secret}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let at = 0; at + 8 <= bits.length; at += 8) bytes.push(parseInt(bits.slice(at, at + 8), 2));
  return Buffer.from(bytes);
}

/** The code an authenticator app shows for `secret` (base32) at `at` (ms): RFC 6238 with SHA-1, 6 digits, 30 s. */
export function totpCode(secret: string, at = Date.now()): string {
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", base32Bytes(secret)).update(step).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

/** A user as cognito-local keeps it in its data file (the parts the local stand-ins read). */
export interface StoredUser {
  Username: string;
  /** The code of an unconfirmed sign-up (or a reset), until it is used. */
  ConfirmationCode?: string;
  SoftwareTokenMfaConfiguration?: { Secret?: string; Verified?: boolean };
}

/**
 * The pool file's text as JSON. cognito-local writes the whole file with overlapping `fs.writeFile`s (stormdb's async
 * engine): when a longer write's last chunks land after a shorter, newer one, the newer document is followed by the
 * older one's tail, and stays so until its next write. That newer document, whole at the start, is what is read.
 */
export function parsePoolFile(text: string): { Users?: Record<string, StoredUser> } {
  try {
    return JSON.parse(text) as { Users?: Record<string, StoredUser> };
  } catch (error) {
    const end = /after JSON at position (\d+)/.exec((error as Error).message)?.[1];
    if (end === undefined) throw error;
    return JSON.parse(text.slice(0, Number(end))) as { Users?: Record<string, StoredUser> };
  }
}

/** The pool's users as cognito-local last wrote them (`cognitoDir` is the folder startCognito ran in). */
export function storedUsers(cognitoDir: string, userPoolId: string): StoredUser[] {
  const file = join(cognitoDir, ".cognito", "db", `${userPoolId}.json`);
  // cognito-local rewrites the whole file in place: a read in the middle of a write (a busy test run) is tried
  // again a moment later, for up to about 2 s.
  for (let attempt = 1; ; attempt++) {
    try {
      const data = parsePoolFile(readFileSync(file, "utf8"));
      return Object.values(data.Users ?? {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      if (attempt >= 100) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/** Each local account with an authenticator app and its code now, by username. */
export function authenticatorCodes(cognitoDir: string, userPoolId: string, at = Date.now()): { username: string; code: string }[] {
  return storedUsers(cognitoDir, userPoolId)
    .filter((user) => user.SoftwareTokenMfaConfiguration?.Verified && user.SoftwareTokenMfaConfiguration.Secret)
    .map((user) => ({ username: user.Username, code: totpCode(user.SoftwareTokenMfaConfiguration!.Secret!, at) }))
    .sort((a, b) => a.username.localeCompare(b.username));
}

/** The current code of `username`'s authenticator app, or undefined when the account has none. */
export function authenticatorCode(cognitoDir: string, userPoolId: string, username: string): string | undefined {
  return authenticatorCodes(cognitoDir, userPoolId).find((user) => user.username === username)?.code;
}

/** The current code of `username`'s app on the shop whose data folder is `dataDir` (its pool from `state.json`). */
export function localAuthenticatorCode(dataDir: string, username: string): string | undefined {
  const state = join(dataDir, "state.json");
  if (!existsSync(state)) return undefined;
  const pool = (JSON.parse(readFileSync(state, "utf8")) as { pool?: { userPoolId?: string } }).pool;
  return pool?.userPoolId ? authenticatorCode(cognitoDataDir(dataDir), pool.userPoolId, username) : undefined;
}

/**
 * Sets up an authenticator app for a confirmed login with a permanent password, as the sign-in page does (the
 * account's own tokens: AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference), and puts it in the
 * authenticator group as POST /api/auth/authenticator would. Answers the secret.
 */
export async function enrolAuthenticator(port: number, userPoolId: string, login: { username: string; password: string }): Promise<string> {
  const client = cognitoClient(port);
  try {
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 1 }));
    const clientId = clients.UserPoolClients?.[0]?.ClientId;
    if (!clientId) throw new Error(`the pool ${userPoolId} has no app client`);
    const signIn = await client.send(
      new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: clientId, AuthParameters: { USERNAME: login.username, PASSWORD: login.password } }),
    );
    const accessToken = signIn.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new Error(`${login.username} did not sign in with a password alone (${signIn.ChallengeName ?? "no tokens"})`);
    const { SecretCode: secret } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!secret) throw new Error(`cognito-local gave ${login.username} no secret`);
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(secret), FriendlyDeviceName: "Local" }));
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: login.username, GroupName: AUTHENTICATOR_GROUP }));
    return secret;
  } finally {
    client.destroy();
  }
}
