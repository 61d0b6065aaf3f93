import { describe, expect, it } from "vitest";
import { AUTHENTICATOR_CODE_WRONG } from "@regrip/core/shared/accounts";
import { authenticatorCodeError, loginErrorMessage, signInErrorMessage } from "./login-error";

function named(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

describe("loginErrorMessage", () => {
  it("shows the server's message", () => {
    expect(loginErrorMessage(named("NotAuthorizedException", "Incorrect username or password."))).toBe(
      "Incorrect username or password.",
    );
  });
  it("says 'Connection error' when the server cannot be reached", () => {
    expect(loginErrorMessage(new TypeError("Failed to fetch"))).toBe("Connection error");
    expect(loginErrorMessage(named("NetworkError", "A network error has occurred."))).toBe("Connection error");
  });
  it("falls back to 'Login failed'", () => {
    expect(loginErrorMessage(new Error(""))).toBe("Login failed");
    expect(loginErrorMessage(undefined)).toBe("Login failed");
  });
});

describe("signInErrorMessage", () => {
  it("says the same for an unknown email and a wrong password, in the cloud's words and cognito-local's", () => {
    const refusals = [
      named("NotAuthorizedException", "Incorrect username or password."),
      named("NotAuthorizedException", "User not authorized"),
      named("UserNotFoundException", "User does not exist."),
      named("InvalidPasswordException", "Invalid password"),
    ];
    for (const refusal of refusals) {
      expect(signInErrorMessage(refusal, "email")).toBe("Incorrect email or password.");
      expect(signInErrorMessage(refusal, "username")).toBe("Incorrect username or password.");
    }
  });
  it("keeps what is about the account itself, and the connection", () => {
    expect(signInErrorMessage(named("NotAuthorizedException", "User is disabled."), "email")).toBe("User is disabled.");
    expect(signInErrorMessage(new TypeError("Failed to fetch"), "email")).toBe("Connection error");
  });
});

describe("authenticatorCodeError", () => {
  it("says a wrong or old code in one sentence, and a step left open too long says to start again", () => {
    for (const name of ["CodeMismatchException", "ExpiredCodeException", "EnableSoftwareTokenMFAException"]) {
      expect(authenticatorCodeError(named(name, "Invalid code received for user"))).toBe(AUTHENTICATOR_CODE_WRONG);
    }
    expect(authenticatorCodeError(named("NotAuthorizedException", "Invalid session for the user, session is expired."))).toBe(
      "This sign-in took too long. Go back to sign-in and start again.",
    );
    expect(authenticatorCodeError(new TypeError("Failed to fetch"))).toBe("Connection error");
  });
});
