import { describe, expect, it } from "vitest";
import {
  passwordPatternRefusal,
  passwordPolicy,
  passwordPolicyHint,
  passwordPolicyProblem,
  safeReturnPath,
  signUpPasswordProblem,
} from "./accounts";

describe("passwordPolicyProblem", () => {
  it("says what Cognito says, length first", () => {
    expect(passwordPolicyProblem("Ab1x")).toBe("Password did not conform with policy: Password not long enough");
    expect(passwordPolicyProblem("abc")).toBe("Password did not conform with policy: Password not long enough");
    expect(passwordPolicyProblem("abcdefg1")).toBe("Password did not conform with policy: Password must have uppercase characters");
    expect(passwordPolicyProblem("ABCDEFG1")).toBe("Password did not conform with policy: Password must have lowercase characters");
    expect(passwordPolicyProblem("Abcdefgh")).toBe("Password did not conform with policy: Password must have numeric characters");
    expect(passwordPolicyProblem("Abcdefg1")).toBeUndefined();
  });
  it("asks for a symbol only when the policy does", () => {
    expect(passwordPolicyProblem("Abcdefg1", { ...passwordPolicy, requireSymbols: true })).toBe(
      "Password did not conform with policy: Password must have symbol characters",
    );
    expect(passwordPolicyProblem("Abcdefg1!", { ...passwordPolicy, requireSymbols: true })).toBeUndefined();
  });
});

describe("passwordPolicyHint", () => {
  it("reads the policy", () => {
    expect(passwordPolicyHint()).toBe("At least 8 characters, with upper and lower case letters and a number.");
    expect(passwordPolicyHint({ ...passwordPolicy, minLength: 12, requireSymbols: true })).toBe(
      "At least 12 characters, with upper and lower case letters, a number and a symbol.",
    );
  });
});

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeReturnPath("/orders/abc")).toBe("/orders/abc");
    expect(safeReturnPath("/my-grips?paid=1#top")).toBe("/my-grips?paid=1#top");
  });
  it("drops anything that leaves the site or loops", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\tevil",
      "/login",
      "/login?returnTo=/x",
      "/logout",
      "/api/logout",
      "",
      undefined,
      null,
      42,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeUndefined();
    }
  });
});

describe("Cognito's limits before the policy", () => {
  it("refuses a space at either end and more than 256 characters, in plain words for the form and Cognito's for the gate", () => {
    for (const password of [" Abcdefg1", "Abcdefg1 ", "Abcdefg1\t"]) {
      expect(signUpPasswordProblem(password)).toBe("Password can't start or end with a space.");
      expect(passwordPatternRefusal(password)).toContain("Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$");
    }
    const long = `Ab1${"x".repeat(254)}`;
    expect(signUpPasswordProblem(long)).toBe("Password must be at most 256 characters.");
    expect(passwordPatternRefusal(long)).toContain("Member must have length less than or equal to 256");
    // A space inside counts as a symbol, as in Cognito; the policy's own message still comes for a weak password.
    expect(signUpPasswordProblem("Good Pass1")).toBeUndefined();
    expect(passwordPatternRefusal("Good Pass1")).toBeUndefined();
    expect(signUpPasswordProblem(`Ab1${"x".repeat(253)}`)).toBeUndefined();
    expect(signUpPasswordProblem("Ab1x")).toBe("Password did not conform with policy: Password not long enough");
  });
});
