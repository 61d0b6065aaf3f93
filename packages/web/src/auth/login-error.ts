import { AUTHENTICATOR_CODE_WRONG, INCORRECT_EMAIL_OR_PASSWORD, INCORRECT_USERNAME_OR_PASSWORD } from "@regrip/core/shared/accounts";

/** The message under a login form: the server's message, 'Connection error' when unreachable, else 'Login failed'. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return "Connection error";
  if (error instanceof Error) {
    if (error.name === "NetworkError") return "Connection error";
    if (error.message) return error.message;
  }
  return "Login failed";
}

/** The refusals that would tell an unknown username from a wrong password (cognito-local names them apart). */
const credentialRefusals = new Set(["NotAuthorizedException", "UserNotFoundException", "InvalidPasswordException"]);
/** NotAuthorizedException also says these, which are about the account, not which half was wrong. */
const accountStates = /disabled|attempts exceeded|expired/i;

/**
 * A refused sign-in: one message whether the username is unknown or the password wrong, so nobody learns who
 * has an account ('Incorrect email or password.' on the customer form, '... username ...' on the staff one).
 */
export function signInErrorMessage(error: unknown, name: "email" | "username"): string {
  if (error instanceof Error && credentialRefusals.has(error.name) && !accountStates.test(error.message)) {
    return name === "email" ? INCORRECT_EMAIL_OR_PASSWORD : INCORRECT_USERNAME_OR_PASSWORD;
  }
  return loginErrorMessage(error);
}

/** A session that lived past Cognito's few minutes for answering a sign-in's step. */
const SIGN_IN_STEP_EXPIRED = "This sign-in took too long. Go back to sign-in and start again.";

/**
 * A refused authenticator code (at sign-in, or the first one that turns the app on): a wrong or old code in one
 * sentence; a step left open too long says to start again.
 */
export function authenticatorCodeError(error: unknown): string {
  if (error instanceof Error) {
    if (["CodeMismatchException", "ExpiredCodeException", "EnableSoftwareTokenMFAException"].includes(error.name)) return AUTHENTICATOR_CODE_WRONG;
    if (error.name === "NotAuthorizedException" && /session/i.test(error.message)) return SIGN_IN_STEP_EXPIRED;
  }
  return loginErrorMessage(error);
}
