import { describe, expect, it } from "vitest";
import { loginErrorMessage } from "./login-error";

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
