import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  UserNotFoundException,
} from "@aws-sdk/client-cognito-identity-provider";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { passwordPatternRefusal, passwordPolicyProblem } from "../../packages/core/src/shared/accounts";
import { userPool } from "../auth";
import { storedUsers } from "./authenticator";
import { cognitoClient, cognitoDataDir } from "./cognito";
import { isDisabled, USER_DISABLED } from "./cognito-stand-in";

/**
 * What the user pool does in the cloud and cognito-local 5.3.0 does not, done by the shop's `/cognito/`
 * pass-through before or after it forwards a browser's call:
 *
 * - SignUp checks the pool's password policy (infra/auth.ts): cognito-local stores the policy and never checks it.
 *   A password the policy refuses gets Cognito's own InvalidPasswordException and its message; one over 256
 *   characters or with a space at either end gets the InvalidParameterException the cloud pool gives it (its
 *   parameter pattern, checked before the policy), which cognito-local would have accepted.
 * - ResendConfirmationCode, which cognito-local does not know, is answered here: a new code for an unconfirmed
 *   user (through cognito-local's ForgotPassword, which stores a fresh code where ConfirmSignUp checks it),
 *   "User is already confirmed." for a confirmed one, and, as the cloud pool's preventUserExistenceErrors does,
 *   the same answer for an unknown username as for a known one.
 * - InitiateAuth's refusals say "Incorrect username or password." whether the username is unknown or the password
 *   wrong, as the cloud pool does (cognito-local says "User not authorized" or "Invalid password").
 * - The confirmation codes Cognito would email are "sent" to the email outbox: printed, and appended to
 *   `email-outbox.jsonl` in the data folder (as texts go to `outbox.jsonl`).
 * - RespondToAuthChallenge's NEW_PASSWORD_REQUIRED (the first sign-in of an account an admin made with a temporary
 *   password, `npm run stage:setup`) needs the session the pool's InitiateAuth handed out for that user, used once
 *   within three minutes, and a new password the policy accepts: cognito-local takes any session string, so anyone
 *   who knew such an account's username could otherwise set its password, and it never checks the policy.
 * - ForgotPassword (a customer's "Forgot password?"): cognito-local stores a fresh code on the user (where
 *   ConfirmForgotPassword checks it) and only prints it; the gate sends it to the email outbox, and answers an unknown
 *   username as if a code went out (preventUserExistenceErrors), as the cloud pool does.
 * - A disabled account (a switched-off staff member) is refused its sign-in and its refresh, as the cloud pool refuses
 *   them; cognito-local signs it in (cognito-stand-in.ts does the same for the shop's own server-side calls).
 * - ConfirmForgotPassword checks the new password against the pool's policy (cognito-local never does) and refuses a
 *   call without a code: cognito-local compares the code with the one it holds, which is none once used, so a missing
 *   code would otherwise match and set anyone's password.
 */
export interface LocalPoolGate {
  userPoolId: string;
  cognitoPort: number;
  /** The shop's data folder (cognito-local's data is under `cognito/`). */
  dataDir: string;
}

export interface GateAnswer {
  status: number;
  body: unknown;
}

const operation = (target: string) => target.replace(/^AWSCognitoIdentityProviderService\./, "");

/** Cognito's error answer: status 400, the exception's name in `__type` and in `x-amzn-errortype`. */
export function cognitoError(type: string, message: string): GateAnswer {
  return { status: 400, body: { __type: type, message } };
}

function parse(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString("utf8") || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** "c***@r***": how Cognito shows where it sent a code. */
export function maskedEmail(email: string): string {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function emailOutboxFile(dataDir: string): string {
  return join(dataDir, "email-outbox.jsonl");
}

/** The confirmation code cognito-local holds for `username` (its pool's data file, written before it answers). */
function storedCode(gate: LocalPoolGate, username: string): string | undefined {
  const wanted = username.toLowerCase();
  return storedUsers(cognitoDataDir(gate.dataDir), gate.userPoolId).find((user) => user.Username.toLowerCase() === wanted)?.ConfirmationCode;
}

function sendCode(gate: LocalPoolGate, email: string, code: string | undefined, subject = "Your Regrip confirmation code") {
  if (!code) return;
  const body = `${subject} is ${code}`;
  console.log(`[email outbox] to ${email}: ${body}`);
  appendFileSync(emailOutboxFile(gate.dataDir), `${JSON.stringify({ to: email, subject, body, at: new Date().toISOString() })}\n`);
}

const RESET_SUBJECT = "Your Regrip password reset code";

async function resendConfirmationCode(gate: LocalPoolGate, request: Record<string, unknown>): Promise<GateAnswer> {
  const username = typeof request.Username === "string" ? request.Username : "";
  const clientId = typeof request.ClientId === "string" ? request.ClientId : "";
  if (!username || !clientId) return cognitoError("InvalidParameterException", "Username and ClientId are required.");
  const sent = (destination: string): GateAnswer => ({
    status: 200,
    body: { CodeDeliveryDetails: { AttributeName: "email", DeliveryMedium: "EMAIL", Destination: maskedEmail(destination) } },
  });
  const client = cognitoClient(gate.cognitoPort);
  try {
    let user;
    try {
      user = await client.send(new AdminGetUserCommand({ UserPoolId: gate.userPoolId, Username: username }));
    } catch (error) {
      // preventUserExistenceErrors: an unknown username is answered as if a code went out.
      if (error instanceof UserNotFoundException) return sent(username.includes("@") ? username : "unknown@unknown");
      throw error;
    }
    if (user.UserStatus !== "UNCONFIRMED") return cognitoError("InvalidParameterException", "User is already confirmed.");
    const email = user.UserAttributes?.find((a) => a.Name === "email")?.Value;
    if (!email) return cognitoError("InvalidParameterException", "User has no attribute matching desired auto verified attributes");
    await client.send(new ForgotPasswordCommand({ ClientId: clientId, Username: username }));
    sendCode(gate, email, storedCode(gate, username));
    return sent(email);
  } finally {
    client.destroy();
  }
}

/** The pool's refusal of a new password, as the cloud pool gives it: its parameter pattern first, then its policy. */
function passwordRefusal(password: unknown): GateAnswer | undefined {
  const text = typeof password === "string" ? password : "";
  const refusal = passwordPatternRefusal(text);
  if (refusal) return cognitoError("InvalidParameterException", refusal);
  const problem = passwordPolicyProblem(text, userPool.passwordPolicy);
  if (problem) return cognitoError("InvalidPasswordException", problem);
  return undefined;
}

/** NEW_PASSWORD_REQUIRED sessions handed out by InitiateAuth: whose they are and until when (Cognito keeps one 3 minutes). */
const newPasswordSessions = new Map<string, { userPoolId: string; usernames: string[]; until: number }>();
const SESSION_MS = 3 * 60_000;

function newPasswordChallenge(gate: LocalPoolGate, request: Record<string, unknown>): GateAnswer | undefined {
  const responses = (request.ChallengeResponses ?? {}) as Record<string, unknown>;
  const session = typeof request.Session === "string" ? newPasswordSessions.get(request.Session) : undefined;
  const username = String(responses.USERNAME ?? "").toLowerCase();
  if (!session || session.until < Date.now() || session.userPoolId !== gate.userPoolId || !session.usernames.includes(username)) {
    return cognitoError("NotAuthorizedException", "Invalid session for the user.");
  }
  const refused = passwordRefusal(responses.NEW_PASSWORD);
  if (refused) return refused;
  newPasswordSessions.delete(request.Session as string);
  return undefined;
}

async function disabled(gate: LocalPoolGate, username: string): Promise<boolean> {
  const client = cognitoClient(gate.cognitoPort);
  try {
    return await isDisabled(client, gate.userPoolId, username);
  } finally {
    client.destroy();
  }
}

/** The username an ID token names (cognito-local's own, just handed out: read, not verified). */
function tokenUsername(idToken: unknown): string | undefined {
  if (typeof idToken !== "string") return undefined;
  try {
    const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
    return typeof payload["cognito:username"] === "string" ? payload["cognito:username"] : undefined;
  } catch {
    return undefined;
  }
}

/** An answer in place of cognito-local's, or undefined to forward the call. */
export async function beforeForward(gate: LocalPoolGate, target: string, body: Buffer): Promise<GateAnswer | undefined> {
  const name = operation(target);
  if (name === "SignUp") return passwordRefusal(parse(body).Password);
  if (name === "ConfirmForgotPassword") {
    const request = parse(body);
    if (typeof request.ConfirmationCode !== "string" || !request.ConfirmationCode) {
      return cognitoError("CodeMismatchException", "Invalid verification code provided, please try again.");
    }
    return passwordRefusal(request.Password);
  }
  if (name === "RespondToAuthChallenge") {
    const request = parse(body);
    if (request.ChallengeName === "NEW_PASSWORD_REQUIRED") return newPasswordChallenge(gate, request);
  }
  // A disabled (switched-off) account is refused its sign-in and its refresh, as the cloud pool refuses it.
  if (name === "InitiateAuth") {
    const username = ((parse(body).AuthParameters ?? {}) as Record<string, unknown>).USERNAME;
    if (typeof username === "string" && (await disabled(gate, username))) return cognitoError("NotAuthorizedException", USER_DISABLED);
  }
  if (name === "ResendConfirmationCode") return resendConfirmationCode(gate, parse(body));
  if (name === "GetTokensFromRefreshToken") return refreshTokens(gate, parse(body));
  return undefined;
}

/**
 * GetTokensFromRefreshToken, which Amplify calls to refresh a session and cognito-local does not implement, as the
 * refresh-token sign-in it does implement (InitiateAuth REFRESH_TOKEN_AUTH): fresh tokens with the user's groups
 * as they are now (after an authenticator app is set up, the authenticator group).
 */
async function refreshTokens(gate: LocalPoolGate, request: Record<string, unknown>): Promise<GateAnswer> {
  const clientId = typeof request.ClientId === "string" ? request.ClientId : "";
  const refreshToken = typeof request.RefreshToken === "string" ? request.RefreshToken : "";
  if (!clientId || !refreshToken) return cognitoError("InvalidParameterException", "ClientId and RefreshToken are required.");
  const client = cognitoClient(gate.cognitoPort);
  try {
    const answer = await client.send(new InitiateAuthCommand({ AuthFlow: "REFRESH_TOKEN_AUTH", ClientId: clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }));
    // A disabled (switched-off) account's refresh token no longer works, as in the cloud pool.
    const username = tokenUsername(answer.AuthenticationResult?.IdToken);
    if (username && (await isDisabled(client, gate.userPoolId, username))) return cognitoError("NotAuthorizedException", USER_DISABLED);
    return { status: 200, body: { AuthenticationResult: answer.AuthenticationResult } };
  } catch (error) {
    if (error instanceof Error && "$metadata" in error) return cognitoError(error.name, error.message);
    throw error;
  } finally {
    client.destroy();
  }
}

/** Whether the forwarded call's answer is read here (and maybe replaced) before it goes back to the browser. */
export function readsAnswer(target: string): boolean {
  return ["SignUp", "InitiateAuth", "RespondToAuthChallenge", "ForgotPassword"].includes(operation(target));
}

/**
 * Sign-ins asked for an authenticator code (SOFTWARE_TOKEN_MFA), by session: who, with what password, until when.
 * cognito-local keeps no refresh token it hands out after a challenge (RespondToAuthChallenge), so a session begun
 * with a code or a new password could never be refreshed on one machine (Amplify's refresh, after an authenticator
 * app is set up, and every hour). Once the challenge is passed, the gate swaps its tokens for the same sign-in's
 * through AdminInitiateAuth, whose refresh token cognito-local keeps; the cloud pool keeps them all anyway.
 */
const codeSessions = new Map<string, { username: string; password: string; until: number }>();

/** The tokens of a sign-in cognito-local will refresh, for a challenge passed with `password`. */
async function refreshableTokens(gate: LocalPoolGate, request: Record<string, unknown>, answered: Record<string, unknown>): Promise<GateAnswer | undefined> {
  const responses = (request.ChallengeResponses ?? {}) as Record<string, unknown>;
  const session = typeof request.Session === "string" ? request.Session : "";
  const held = codeSessions.get(session);
  codeSessions.delete(session);
  const password = request.ChallengeName === "NEW_PASSWORD_REQUIRED" ? responses.NEW_PASSWORD : held?.password;
  const username = typeof responses.USERNAME === "string" ? responses.USERNAME : held?.username;
  if (typeof password !== "string" || !username || typeof request.ClientId !== "string") return undefined;
  const client = cognitoClient(gate.cognitoPort);
  try {
    const signIn = await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: gate.userPoolId,
        ClientId: request.ClientId,
        AuthFlow: "ADMIN_USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    return { status: 200, body: { ...answered, AuthenticationResult: { ...(answered.AuthenticationResult as object), ...signIn.AuthenticationResult } } };
  } finally {
    client.destroy();
  }
}

/** After cognito-local answered: the answer to send instead, or undefined to send its own. */
export async function afterForward(gate: LocalPoolGate, target: string, request: Buffer, status: number, answer: Buffer): Promise<GateAnswer | undefined> {
  const name = operation(target);
  if (name === "RespondToAuthChallenge" && status === 200) {
    const answered = parse(answer);
    return answered.AuthenticationResult ? refreshableTokens(gate, parse(request), answered) : undefined;
  }
  if (name === "ForgotPassword") {
    const username = String(parse(request).Username ?? "");
    const sent = (destination: string): GateAnswer => ({
      status: 200,
      body: { CodeDeliveryDetails: { AttributeName: "email", DeliveryMedium: "EMAIL", Destination: maskedEmail(destination) } },
    });
    if (status === 200) {
      const destination = (parse(answer).CodeDeliveryDetails as { Destination?: string } | undefined)?.Destination ?? username;
      sendCode(gate, destination, storedCode(gate, username), RESET_SUBJECT);
      return sent(destination);
    }
    if (String(parse(answer).__type ?? "") === "UserNotFoundException") return sent(username.includes("@") ? username : "unknown@unknown");
    return undefined;
  }
  if (name === "SignUp" && status === 200) {
    const { Username, UserAttributes } = parse(request);
    const username = typeof Username === "string" ? Username : "";
    const attributes = Array.isArray(UserAttributes) ? (UserAttributes as { Name?: string; Value?: string }[]) : [];
    const email = attributes.find((a) => a.Name === "email")?.Value ?? username;
    sendCode(gate, email, storedCode(gate, username));
    // The cloud pool verifies emails (autoVerify): its answer says where the code went.
    const answered = parse(answer);
    if (answered.UserConfirmed === false && !answered.CodeDeliveryDetails) {
      return { status, body: { ...answered, CodeDeliveryDetails: { AttributeName: "email", DeliveryMedium: "EMAIL", Destination: maskedEmail(email) } } };
    }
    return undefined;
  }
  if (name === "InitiateAuth" && status === 200) {
    const answered = parse(answer);
    if (answered.ChallengeName === "NEW_PASSWORD_REQUIRED" && typeof answered.Session === "string") {
      const asked = (parse(request).AuthParameters ?? {}) as Record<string, unknown>;
      const parameters = (answered.ChallengeParameters ?? {}) as Record<string, unknown>;
      const usernames = [asked.USERNAME, parameters.USER_ID_FOR_SRP].filter((u): u is string => typeof u === "string").map((u) => u.toLowerCase());
      const now = Date.now();
      for (const [key, held] of newPasswordSessions) if (held.until < now) newPasswordSessions.delete(key);
      newPasswordSessions.set(answered.Session, { userPoolId: gate.userPoolId, usernames, until: now + SESSION_MS });
    }
    if (answered.ChallengeName === "SOFTWARE_TOKEN_MFA" && typeof answered.Session === "string") {
      const asked = (parse(request).AuthParameters ?? {}) as Record<string, unknown>;
      const now = Date.now();
      for (const [key, held] of codeSessions) if (held.until < now) codeSessions.delete(key);
      if (typeof asked.USERNAME === "string" && typeof asked.PASSWORD === "string") {
        codeSessions.set(answered.Session, { username: asked.USERNAME, password: asked.PASSWORD, until: now + SESSION_MS });
      }
    }
    return undefined;
  }
  if (name === "InitiateAuth" && status === 400 && parse(request).AuthFlow === "USER_PASSWORD_AUTH") {
    const type = String(parse(answer).__type ?? "");
    if (["NotAuthorizedException", "UserNotFoundException", "InvalidPasswordException"].includes(type)) {
      return cognitoError("NotAuthorizedException", "Incorrect username or password.");
    }
  }
  return undefined;
}
