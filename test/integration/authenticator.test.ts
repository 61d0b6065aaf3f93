/**
 * Two-step sign-in (an authenticator app, TOTP) against cognito-local, through the real handlers: staff roles
 * count only in a token of the authenticator group, which only the server puts an account in, and only once the
 * pool says the account's app is on; the pool then asks the app's code at every sign-in.
 */
import {
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { totpCode } from "../../infra/local/authenticator";
import { cognitoClient, createLogin } from "../../infra/local/cognito";
import { env } from "../../infra/env";
import {
  AUTHENTICATOR_CODE_REQUIRED,
  AUTHENTICATOR_CODE_SHAPE,
  AUTHENTICATOR_CODE_WRONG,
  AUTHENTICATOR_SETUP_MESSAGE,
  AUTHENTICATOR_SETUP_REQUIRED,
} from "../../packages/core/src/shared/accounts";
import { Audit } from "../../packages/core/src/audit";
import { call, seed, signIn } from "./support";

const password = "TestPass123";

/** A login made by an admin (or `stage:setup`): no authenticator app yet. */
async function login(groups: string[]): Promise<{ username: string; sub: string }> {
  const username = groups.length ? `staff-${randomUUID().slice(0, 8)}` : `player-${randomUUID().slice(0, 8)}@regrip.test`;
  const sub = await createLogin(inject("cognitoPort"), inject("userPoolId"), { username, password, email: `${username.replace(/@.*/, "")}@regrip.test`, groups });
  return { username, sub };
}

const passwordSignIn = (username: string, code?: string) => call("POST", "/api/auth/local", { body: { username, password, ...(code === undefined ? {} : { code }) } });

/** What Amplify does on the sign-in page or the profile, with the account's own access token: the app's secret, its first code, on. */
async function setUpApp(accessToken: string): Promise<string> {
  const client = cognitoClient(inject("cognitoPort"));
  try {
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode!) }));
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    return SecretCode!;
  } finally {
    client.destroy();
  }
}

async function turnOffApp(accessToken: string): Promise<void> {
  const client = cognitoClient(inject("cognitoPort"));
  try {
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
  } finally {
    client.destroy();
  }
}

describe("staff sign in with an authenticator app", () => {
  it("keeps staff tools closed to a staff sign-in without one, then opens them once the app is set up", async () => {
    const employee = await login(["EMPLOYEE"]);
    const first = await passwordSignIn(employee.username);
    expect(first.status).toBe(200);
    const before = first.body.idToken as string;

    // Staff routes and staff-only moves inside customer routes say what to do; nothing else changes.
    const refused = await call("GET", "/api/customers/search?q=casey", { token: before });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: AUTHENTICATOR_SETUP_MESSAGE, code: AUTHENTICATOR_SETUP_REQUIRED });
    const me = await call("GET", "/api/auth/user", { token: before });
    expect(me.status).toBe(200);
    // The user item keeps the role (staff lists stay right); the answer says the app is missing.
    expect(me.body).toMatchObject({ roles: ["CUSTOMER", "EMPLOYEE"], authenticator: false, authenticatorRequired: true });

    // Asking the server first changes nothing: the pool has no app for the account.
    expect((await call("POST", "/api/auth/authenticator", { token: before })).body).toEqual({ authenticator: false, changed: false });

    const secret = await setUpApp(first.body.accessToken);
    const settled = await call("POST", "/api/auth/authenticator", { token: before });
    expect(settled.body).toEqual({ authenticator: true, changed: true });
    const audit = await Audit.forTarget("user", employee.sub);
    expect(audit.map((entry) => entry.action)).toEqual(["user.authenticator_on"]);

    // From now on the pool asks the code at every sign-in.
    const noCode = await passwordSignIn(employee.username);
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({ message: AUTHENTICATOR_CODE_SHAPE, code: AUTHENTICATOR_CODE_REQUIRED });
    const right = totpCode(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    expect(await passwordSignIn(employee.username, wrong)).toMatchObject({ status: 401, body: { message: AUTHENTICATOR_CODE_WRONG } });
    for (const shape of ["12ab56", "12345", "1234567", ""]) {
      expect(await passwordSignIn(employee.username, shape)).toMatchObject({ status: 400, body: { message: AUTHENTICATOR_CODE_SHAPE } });
    }
    // Spaced as apps show it ("123 456").
    const signedIn = await passwordSignIn(employee.username, `${right.slice(0, 3)} ${right.slice(3)}`);
    expect(signedIn.status).toBe(200);
    const after = signedIn.body.idToken as string;
    expect((await call("GET", "/api/customers/search?q=casey", { token: after })).status).toBe(200);
    expect((await call("GET", "/api/auth/user", { token: after })).body).toMatchObject({ authenticator: true, authenticatorRequired: false });
    // A retry (a second tab, a double click) changes nothing more.
    expect((await call("POST", "/api/auth/authenticator", { token: after })).body).toEqual({ authenticator: true, changed: false });
    // The token from before the app still carries no staff role.
    expect((await call("GET", "/api/customers/search?q=casey", { token: before })).status).toBe(403);
  });

  it("closes staff tools again when a staff member turns the app off, and an admin's with them", async () => {
    const admin = await login(["ADMIN"]);
    const first = await passwordSignIn(admin.username);
    const secret = await setUpApp(first.body.accessToken);
    await call("POST", "/api/auth/authenticator", { token: first.body.idToken });
    const withApp = await passwordSignIn(admin.username, totpCode(secret));
    expect((await call("GET", "/api/admin/settings/money", { token: withApp.body.idToken })).status).toBe(200);

    await turnOffApp(withApp.body.accessToken);
    expect((await call("POST", "/api/auth/authenticator", { token: withApp.body.idToken })).body).toEqual({ authenticator: false, changed: true });
    const without = await passwordSignIn(admin.username);
    expect(without.status).toBe(200);
    const refused = await call("GET", "/api/admin/settings/money", { token: without.body.idToken });
    expect(refused).toMatchObject({ status: 403, body: { code: AUTHENTICATOR_SETUP_REQUIRED } });
    expect((await Audit.forTarget("user", admin.sub)).map((entry) => entry.action).sort()).toEqual(["user.authenticator_off", "user.authenticator_on"]);
  });

  it("lets a customer turn the app on and off; the seed's staff have theirs", async () => {
    const customer = await login([]);
    const first = await passwordSignIn(customer.username);
    expect((await call("GET", "/api/auth/user", { token: first.body.idToken })).body).toMatchObject({ authenticator: false, authenticatorRequired: false });
    const secret = await setUpApp(first.body.accessToken);
    expect((await call("POST", "/api/auth/authenticator", { token: first.body.idToken })).body).toEqual({ authenticator: true, changed: true });
    expect((await passwordSignIn(customer.username)).body.code).toBe(AUTHENTICATOR_CODE_REQUIRED);
    const withApp = await passwordSignIn(customer.username, totpCode(secret));
    // A customer in the authenticator group is still a customer.
    expect((await call("GET", "/api/customers/search?q=casey", { token: withApp.body.idToken })).status).toBe(403);
    await turnOffApp(withApp.body.accessToken);
    await call("POST", "/api/auth/authenticator", { token: withApp.body.idToken });
    expect((await passwordSignIn(customer.username)).status).toBe(200);

    // The seeded staff sign in with their app's code (support.ts reads it as the app would show it).
    for (const account of [seed.admin, seed.employee]) {
      expect((await call("POST", "/api/auth/local", { body: { username: account.username, password: account.password } })).body.code).toBe(AUTHENTICATOR_CODE_REQUIRED);
      const token = await signIn(account.username, account.password);
      expect((await call("GET", "/api/customers/search?q=casey", { token })).status).toBe(200);
    }
  });

  it("refuses the authenticator call signed out, and a code without a password", async () => {
    expect((await call("POST", "/api/auth/authenticator")).status).toBe(401);
    expect((await call("POST", "/api/auth/local", { body: { username: seed.admin.username, code: "123456" } })).status).toBe(400);
    expect(process.env[env.userPoolId]).toBe(inject("userPoolId"));
  });
});

