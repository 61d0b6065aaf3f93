import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  CodeMismatchException,
  ExpiredCodeException,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  InvalidParameterException,
  InvalidPasswordException,
  NotAuthorizedException,
  PasswordResetRequiredException,
  UserNotConfirmedException,
  UserNotFoundException,
} from "@aws-sdk/client-cognito-identity-provider";
import * as z from "zod/mini";
import { env } from "../../../../infra/env";
import { fn, NoInput } from "../actor/fn";
import { Audit } from "../audit";
import { requireGrant } from "../aws/grants";
import { invalid, unauthorized } from "../errors";
import { cognito } from "./client";
import {
  AUTHENTICATOR_CODE_REQUIRED,
  AUTHENTICATOR_CODE_SHAPE,
  AUTHENTICATOR_CODE_WRONG,
  authenticatorCodeOf,
  INCORRECT_USERNAME_OR_PASSWORD,
} from "../shared/accounts";
import { AUTHENTICATOR_GROUP } from "../shared/roles";

export * as Identity from "./index";


export const PasswordSignIn = z.object({
  username: z.string({ error: "Username is required" }).check(z.trim(), z.minLength(1, "Username is required"), z.maxLength(128)),
  password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required"), z.maxLength(256)),
  /** The authenticator app's code, for an account with two-step sign-in (asked for with `AUTHENTICATOR_CODE_REQUIRED`). */
  code: z.optional(
    z.pipe(
      z.string({ error: AUTHENTICATOR_CODE_SHAPE }).check(z.maxLength(16, AUTHENTICATOR_CODE_SHAPE)),
      z.transform((typed, ctx) => {
        const code = authenticatorCodeOf(typed);
        if (!code) ctx.issues.push({ code: "custom", message: AUTHENTICATOR_CODE_SHAPE, input: typed });
        return code ?? "";
      }),
    ),
  ),
});
export type PasswordSignIn = z.infer<typeof PasswordSignIn>;

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  expiresIn: number;
  tokenType: string;
}

/**
 * POST /api/auth/local: USER_PASSWORD_AUTH against the user pool (its app client from the environment); a wrong
 * pair is a 401 that does not say which half was wrong. An account with an authenticator app answers the pool's
 * SOFTWARE_TOKEN_MFA challenge with `code`; without one the 401 says so (`code: AUTHENTICATOR_CODE_REQUIRED`).
 */
export const signInWithPassword = /* @__PURE__ */ fn({ role: "public", input: PasswordSignIn }, async (_actor, input): Promise<Tokens> => {
  requireGrant({ passwordSignIn: true });
  const clientId = process.env[env.userPoolClientId] ?? "";
  try {
    let answer = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: "USER_PASSWORD_AUTH",
        ClientId: clientId,
        AuthParameters: { USERNAME: input.username, PASSWORD: input.password },
      }),
    );
    if (answer.ChallengeName === "SOFTWARE_TOKEN_MFA") {
      if (!input.code) throw unauthorized(AUTHENTICATOR_CODE_SHAPE, { code: AUTHENTICATOR_CODE_REQUIRED });
      answer = await cognito().send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: "SOFTWARE_TOKEN_MFA",
          Session: answer.Session,
          ChallengeResponses: { USERNAME: answer.ChallengeParameters?.USER_ID_FOR_SRP ?? input.username, SOFTWARE_TOKEN_MFA_CODE: input.code },
        }),
      );
    }
    const result = answer.AuthenticationResult;
    if (!result?.IdToken || !result.AccessToken) {
      throw unauthorized(`Sign-in needs another step (${answer.ChallengeName ?? "unknown"}); use the sign-in page.`);
    }
    return {
      idToken: result.IdToken,
      accessToken: result.AccessToken,
      refreshToken: result.RefreshToken,
      expiresIn: result.ExpiresIn ?? 3600,
      tokenType: result.TokenType ?? "Bearer",
    };
  } catch (error) {
    // cognito-local says InvalidPasswordException where Cognito says NotAuthorizedException.
    if (
      error instanceof NotAuthorizedException ||
      error instanceof UserNotFoundException ||
      error instanceof InvalidPasswordException
    ) {
      throw unauthorized(INCORRECT_USERNAME_OR_PASSWORD);
    }
    if (error instanceof CodeMismatchException || error instanceof ExpiredCodeException) throw unauthorized(AUTHENTICATOR_CODE_WRONG);
    if (error instanceof UserNotConfirmedException) throw unauthorized("This account is not confirmed yet");
    if (error instanceof PasswordResetRequiredException) throw unauthorized("A password reset is required for this account");
    if (error instanceof InvalidParameterException) throw invalid(error.message);
    throw error;
  }
});

export interface AuthenticatorState {
  /** Cognito has an authenticator app on for this account (it asks the code at every sign-in). */
  authenticator: boolean;
  /** The account's membership of the authenticator group changed: refresh the tokens to carry it. */
  changed: boolean;
}

/**
 * POST /api/auth/authenticator: after the person set up (or, a customer, turned off) an authenticator app with
 * their own tokens (Cognito's AssociateSoftwareToken, VerifySoftwareToken and SetUserMFAPreference, which
 * Amplify calls), the server asks the pool itself whether it is on, and puts the account in the authenticator
 * group, or out of it, to match. Nothing the caller sends decides it, so nobody joins the group without an app.
 */
export const syncAuthenticator = /* @__PURE__ */ fn({ role: "customer", input: NoInput }, async (actor): Promise<AuthenticatorState> => {
  requireGrant({ authenticator: true });
  const pool = { UserPoolId: process.env[env.userPoolId] ?? "", Username: actor.username };
  const user = await cognito().send(new AdminGetUserCommand(pool));
  const on = (user.UserMFASettingList ?? []).includes("SOFTWARE_TOKEN_MFA");
  if (on === (actor.authenticator === true)) return { authenticator: on, changed: false };
  // Both are idempotent: a second tab, a retry, a double click change nothing more.
  const group = { ...pool, GroupName: AUTHENTICATOR_GROUP };
  await cognito().send(on ? new AdminAddUserToGroupCommand(group) : new AdminRemoveUserFromGroupCommand(group));
  // Who turned the second step on or off, and from where (a staff account turning it off is the one to notice).
  await Audit.record({ actor, action: on ? "user.authenticator_on" : "user.authenticator_off", targetType: "user", targetId: actor.userId });
  return { authenticator: on, changed: true };
});
