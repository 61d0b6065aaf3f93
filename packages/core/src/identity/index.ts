import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  InvalidParameterException,
  InvalidPasswordException,
  NotAuthorizedException,
  PasswordResetRequiredException,
  UserNotConfirmedException,
  UserNotFoundException,
} from "@aws-sdk/client-cognito-identity-provider";
import * as z from "zod/mini";
import { env } from "../../../../infra/env";
import { fn } from "../actor/fn";
import { sdkClientConfig } from "../aws";
import { requireGrant } from "../aws/grants";
import { invalid, unauthorized } from "../errors";
import { INCORRECT_USERNAME_OR_PASSWORD } from "../shared/accounts";

export * as Identity from "./index";

let client: CognitoIdentityProviderClient | undefined;
// The SDK finds the endpoint itself (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER on one machine).
const cognito = () => (client ??= new CognitoIdentityProviderClient(sdkClientConfig()));

export const PasswordSignIn = z.object({
  username: z.string({ error: "Username is required" }).check(z.trim(), z.minLength(1, "Username is required"), z.maxLength(128)),
  password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required"), z.maxLength(256)),
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
 * pair is a 401 that does not say which half was wrong.
 */
export const signInWithPassword = /* @__PURE__ */ fn({ role: "public", input: PasswordSignIn }, async (_actor, input): Promise<Tokens> => {
  requireGrant({ passwordSignIn: true });
  const clientId = process.env[env.userPoolClientId] ?? "";
  try {
    const answer = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: "USER_PASSWORD_AUTH",
        ClientId: clientId,
        AuthParameters: { USERNAME: input.username, PASSWORD: input.password },
      }),
    );
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
    if (error instanceof UserNotConfirmedException) throw unauthorized("This account is not confirmed yet");
    if (error instanceof PasswordResetRequiredException) throw unauthorized("A password reset is required for this account");
    if (error instanceof InvalidParameterException) throw invalid(error.message);
    throw error;
  }
});
