/**
 * The user pool as the browser reaches it on one machine (the shop's `/cognito/` pass-through in front of
 * cognito-local, infra/local/cognito-gate.ts) behaves as the cloud pool does: the password policy of
 * infra/auth.ts is enforced on sign-up with Cognito's message, an unconfirmed account gets a new code
 * (ResendConfirmationCode, which cognito-local lacks) and confirms with it, and a wrong password and an unknown
 * username get the same refusal.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { emailOutboxFile } from "../../infra/local/cognito-gate";
import { createLocalServer } from "../../infra/local/server";
import { env } from "../../infra/env";
import { passwordPolicyProblem } from "../../packages/core/src/shared/accounts";

let server: Server;
let origin: string;
const clientId = () => process.env[env.userPoolClientId] ?? "";
// The integration run's folder: cognito-local's data is under its `cognito/` (global-setup.ts).
const dataDir = () => inject("runDir");

beforeAll(async () => {
  server = createLocalServer({
    webDist: mkdtempSync(join(tmpdir(), "regrip-web-")),
    webConfig: {},
    cognitoPort: inject("cognitoPort"),
    pool: { userPoolId: inject("userPoolId"), dataDir: dataDir() },
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** One user pool call as Amplify makes it from the browser. */
async function pool(operation: string, body: Record<string, unknown>) {
  const answer = await fetch(`${origin}/cognito/`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify({ ClientId: clientId(), ...body }),
  });
  return { status: answer.status, type: answer.headers.get("x-amzn-errortype"), body: (await answer.json()) as Record<string, any> };
}

/** The codes "emailed" to `email` (the email outbox), oldest first. */
function codesTo(email: string): string[] {
  const file = emailOutboxFile(dataDir());
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; body: string })
    .filter((mail) => mail.to === email)
    .map((mail) => /(\d{6})/.exec(mail.body)?.[1] ?? "");
}

const newEmail = () => `signup-${randomUUID().slice(0, 8)}@regrip.test`;
const signUp = (email: string, password: string) =>
  pool("SignUp", { Username: email, Password: password, UserAttributes: [{ Name: "email", Value: email }] });

describe("sign-up's password policy on one machine", () => {
  it("refuses a 4-character password with Cognito's exception and message, and creates nobody", async () => {
    const email = newEmail();
    const answer = await signUp(email, "Ab1x");
    expect(answer.status).toBe(400);
    expect(answer.type).toBe("InvalidPasswordException");
    expect(answer.body).toEqual({ __type: "InvalidPasswordException", message: "Password did not conform with policy: Password not long enough" });
    // Nobody was created: the same email signs up afterwards with a good password.
    expect((await signUp(email, "GoodPass123")).status).toBe(200);
  });

  it.each([
    ["alllowercase1", "Password did not conform with policy: Password must have uppercase characters"],
    ["ALLUPPERCASE1", "Password did not conform with policy: Password must have lowercase characters"],
    ["NoDigitsHere", "Password did not conform with policy: Password must have numeric characters"],
  ])("refuses %s: %s", async (password, message) => {
    const answer = await signUp(newEmail(), password);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(passwordPolicyProblem(password)).toBe(message);
  });
});

describe("sign-up's password as the cloud pool's parameter rules take it", () => {
  it.each([
    ["a trailing space", "GoodPass123 ", "Member must satisfy regular expression pattern"],
    ["a leading space", " GoodPass123", "Member must satisfy regular expression pattern"],
    ["257 characters", `Ab1${"x".repeat(254)}`, "Member must have length less than or equal to 256"],
  ])("refuses %s with InvalidParameterException, which cognito-local alone would accept, and creates nobody", async (_, password, words) => {
    const email = newEmail();
    const answer = await signUp(email, password);
    expect(answer.status).toBe(400);
    expect(answer.type).toBe("InvalidParameterException");
    expect(answer.body.message).toContain(words);
    expect(codesTo(email)).toEqual([]);
  });
});

describe("an unconfirmed account", () => {
  it("gets its code by email, asks for a new one, and confirms with it; signing in before that says it is not confirmed", async () => {
    const email = newEmail();
    const created = await signUp(email, "GoodPass123");
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ UserConfirmed: false, CodeDeliveryDetails: { DeliveryMedium: "EMAIL", AttributeName: "email" } });
    expect(codesTo(email)).toHaveLength(1);

    const early = await pool("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: "GoodPass123" } });
    expect(early.status).toBe(400);
    expect(early.body.__type).toBe("UserNotConfirmedException");

    const resent = await pool("ResendConfirmationCode", { Username: email });
    expect(resent.status).toBe(200);
    expect(resent.body.CodeDeliveryDetails).toEqual({ AttributeName: "email", DeliveryMedium: "EMAIL", Destination: "s***@r***" });
    const codes = codesTo(email);
    expect(codes).toHaveLength(2);
    expect(codes[1]).toMatch(/^\d{6}$/);

    expect((await pool("ConfirmSignUp", { Username: email, ConfirmationCode: codes[1] })).status).toBe(200);
    const signedIn = await pool("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: "GoodPass123" } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.AuthenticationResult.IdToken).toBeTruthy();

    // Confirmed now: no more codes, in Cognito's words.
    const again = await pool("ResendConfirmationCode", { Username: email });
    expect(again).toMatchObject({ status: 400, body: { __type: "InvalidParameterException", message: "User is already confirmed." } });
    expect(codesTo(email)).toHaveLength(2);
  });

  it("answers a resend for an unknown email as for a known one (preventUserExistenceErrors), and sends nothing", async () => {
    const email = newEmail();
    const answer = await pool("ResendConfirmationCode", { Username: email });
    expect(answer.status).toBe(200);
    expect(answer.body.CodeDeliveryDetails).toEqual({ AttributeName: "email", DeliveryMedium: "EMAIL", Destination: "s***@r***" });
    expect(codesTo(email)).toEqual([]);
  });
});

describe("a refused sign-in", () => {
  it("says the same for a wrong password and an unknown username", async () => {
    const email = newEmail();
    await signUp(email, "GoodPass123");
    await pool("ConfirmSignUp", { Username: email, ConfirmationCode: codesTo(email)[0] });
    const wrong = await pool("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: "WrongPass123" } });
    const unknown = await pool("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: newEmail(), PASSWORD: "WrongPass123" } });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.type).toBe("NotAuthorizedException");
      expect(answer.body).toEqual({ __type: "NotAuthorizedException", message: "Incorrect username or password." });
    }
  });
});

describe("a forgotten password on one machine", () => {
  const confirmed = async () => {
    const email = newEmail();
    await signUp(email, "GoodPass123");
    await pool("ConfirmSignUp", { Username: email, ConfirmationCode: codesTo(email)[0] });
    return email;
  };

  it("sends the reset code to the email outbox, refuses a new password the policy refuses, and signs in with the new one", async () => {
    const email = await confirmed();
    const asked = await pool("ForgotPassword", { Username: email });
    expect(asked.status).toBe(200);
    expect(asked.body.CodeDeliveryDetails).toEqual({ AttributeName: "email", DeliveryMedium: "EMAIL", Destination: "s***@r***" });
    const code = codesTo(email)[1];
    expect(code).toMatch(/^\d{6}$/);

    const weak = await pool("ConfirmForgotPassword", { Username: email, ConfirmationCode: code, Password: "short1A" });
    expect(weak).toMatchObject({ status: 400, type: "InvalidPasswordException" });
    const wrong = await pool("ConfirmForgotPassword", { Username: email, ConfirmationCode: code === "000000" ? "111111" : "000000", Password: "NewPass1234" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.__type).toBe("CodeMismatchException");

    expect((await pool("ConfirmForgotPassword", { Username: email, ConfirmationCode: code, Password: "NewPass1234" })).status).toBe(200);
    const old = await pool("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: "GoodPass123" } });
    expect(old.status).toBe(400);
    const signedIn = await pool("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: "NewPass1234" } });
    expect(signedIn.status).toBe(200);
  });

  it("refuses a reset without a code (the used code is gone, and none must not match none)", async () => {
    const email = await confirmed();
    const answer = await pool("ConfirmForgotPassword", { Username: email, Password: "NewPass1234" });
    expect(answer).toMatchObject({ status: 400, type: "CodeMismatchException" });
    expect((await pool("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: "GoodPass123" } })).status).toBe(200);
  });

  it("answers an unknown email as a known one (preventUserExistenceErrors), and sends nothing", async () => {
    const email = newEmail();
    const answer = await pool("ForgotPassword", { Username: email });
    expect(answer.status).toBe(200);
    expect(answer.body.CodeDeliveryDetails.Destination).toBe("s***@r***");
    expect(codesTo(email)).toEqual([]);
  });
});
