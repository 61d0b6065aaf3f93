import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { call, newCustomer, seed, signIn } from "./support";

describe("POST /api/auth/local", () => {
  it("answers Cognito tokens for a right username and password", async () => {
    const answer = await call("POST", "/api/auth/local", { body: { username: seed.customer.username, password: seed.customer.password } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ tokenType: "Bearer" });
    expect(answer.body.idToken.split(".")).toHaveLength(3);
    expect(answer.body.accessToken.split(".")).toHaveLength(3);
  });

  it.each([
    ["a wrong password", { username: seed.customer.username, password: "not-the-password" }],
    ["an unknown user", { username: "nobody@regrip.test", password: "Whatever123" }],
  ])("is 401 {message} for %s", async (_, body) => {
    const answer = await call("POST", "/api/auth/local", { body });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Incorrect username or password." });
  });

  it.each([
    ["no username", { password: "x" }, "Username is required"],
    ["a blank username", { username: "  ", password: "x" }, "Username is required"],
    ["no password", { username: "admin" }, "Password is required"],
  ])("is 400 for %s", async (_, body, message) => {
    const answer = await call("POST", "/api/auth/local", { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });

  it("is 400 for a body that is not JSON", async () => {
    const answer = await call("POST", "/api/auth/local", { rawBody: "{not json" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/valid JSON/);
  });

  it.each([
    ["a form post", "application/x-www-form-urlencoded", "username=admin&password=x"],
    ["plain text that reads as JSON", "text/plain;charset=UTF-8", JSON.stringify({ username: "admin", password: "x" })],
  ])("is 415 for %s, never read as JSON", async (_, contentType, rawBody) => {
    const answer = await call("POST", "/api/auth/local", { rawBody, headers: { "content-type": contentType } });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ message: "The request body must be JSON (Content-Type: application/json)." });
  });

  it("reads a JSON body sent as application/json with a charset, or with no type at all", async () => {
    for (const headers of [{ "content-type": "application/json; charset=utf-8" }, { "content-type": "" }]) {
      const answer = await call("POST", "/api/auth/local", { body: { username: "admin" }, headers });
      expect(answer.body).toEqual({ message: "Password is required" });
    }
  });
});

describe("GET /api/auth/user", () => {
  it("is 401 {message: Unauthorized} when signed out", async () => {
    const answer = await call("GET", "/api/auth/user");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Unauthorized" });
  });

  it("answers the seeded customer's fields and roles", async () => {
    const token = await signIn(seed.customer.username, seed.customer.password);
    const answer = await call("GET", "/api/auth/user", { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      firstName: seed.customer.firstName,
      lastName: seed.customer.lastName,
      email: seed.customer.email,
      phone: seed.customer.phone,
      phoneVerified: true,
      profileImageUrl: null,
      smsNotifications: true,
      // Opted out of promotions until they opt in on their profile.
      smsPromotions: false,
      emailNotifications: true,
      emailPromotions: false,
      roles: ["CUSTOMER"],
    });
  });

  it("answers the roles of the user pool's groups", async () => {
    const admin = await call("GET", "/api/auth/user", { token: await signIn(seed.admin.username, seed.admin.password) });
    expect(admin.body.roles).toEqual(["CUSTOMER", "ADMIN"]);
    const employee = await call("GET", "/api/auth/user", { token: await signIn(seed.employee.username, seed.employee.password) });
    expect(employee.body.roles).toEqual(["CUSTOMER", "EMPLOYEE"]);
  });

  it("creates the user item on first sign-in, once", async () => {
    const player = await newCustomer();
    expect((await db().entities.user.get({ userId: player.sub }).go()).data).toBeNull();
    const [first, second] = await Promise.all([
      call("GET", "/api/auth/user", { token: player.token }),
      call("GET", "/api/auth/user", { token: player.token }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body).toMatchObject({ id: player.sub, email: player.email, roles: ["CUSTOMER"], phoneVerified: false });
    const stored = (await db().entities.user.get({ userId: player.sub }).go()).data;
    expect(stored).toMatchObject({ userId: player.sub, email: player.email, username: player.username });
  });

  it("never gives a second user item an email another account holds", async () => {
    // A sign-up that put the demo customer's email in its own Cognito attribute.
    const squatter = await newCustomer([], { email: seed.customer.email, emailVerified: false });
    const answer = await call("GET", "/api/auth/user", { token: squatter.token });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBeNull();
    const stored = (await db().entities.user.get({ userId: squatter.sub }).go()).data;
    expect(stored).toMatchObject({ userId: squatter.sub, emailVerified: false });
    expect(stored?.email).toBeUndefined();
    const claim = (await db().entities.uniqueValue.get(uniqueKey("email", seed.customer.email)).go()).data;
    expect(claim?.ownerId).not.toBe(squatter.sub);
    // Its username is still claimed, as for every user item.
    const username = (await db().entities.uniqueValue.get(uniqueKey("username", squatter.username)).go()).data;
    expect(username?.ownerId).toBe(squatter.sub);
  });

  it("records the email as verified only when the token says so", async () => {
    const unverified = await newCustomer([], { emailVerified: false });
    await call("GET", "/api/auth/user", { token: unverified.token });
    expect((await db().entities.user.get({ userId: unverified.sub }).go()).data).toMatchObject({ email: unverified.email, emailVerified: false });
    const verified = await newCustomer();
    await call("GET", "/api/auth/user", { token: verified.token });
    expect((await db().entities.user.get({ userId: verified.sub }).go()).data).toMatchObject({ email: verified.email, emailVerified: true });
  });

  it("refuses an access token, a forged token and a garbage token", async () => {
    const tokens = (await call("POST", "/api/auth/local", { body: { username: seed.customer.username, password: seed.customer.password } })).body;
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    await exportJWK(publicKey);
    const claims = JSON.parse(Buffer.from(tokens.idToken.split(".")[1], "base64url").toString());
    const forged = await new SignJWT({ ...claims, "cognito:groups": ["ADMIN"] })
      .setProtectedHeader({ alg: "RS256", kid: JSON.parse(Buffer.from(tokens.idToken.split(".")[0], "base64url").toString()).kid })
      .sign(privateKey);
    for (const token of [tokens.accessToken, forged, "garbage"]) {
      const answer = await call("GET", "/api/auth/user", { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("navigations", () => {
  it("GET /api/login redirects to the sign-in page", async () => {
    const answer = await call("GET", "/api/login");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/login");
  });

  it("GET /api/login?returnTo= carries a path on this site to the sign-in page, and drops anything else", async () => {
    const to = async (returnTo: string) =>
      (await call("GET", `/api/login?returnTo=${encodeURIComponent(returnTo)}`)).headers.location;
    expect(await to("/orders/abc?paid=1")).toBe(`/login?returnTo=${encodeURIComponent("/orders/abc?paid=1")}`);
    expect(await to("/my-grips")).toBe("/login?returnTo=%2Fmy-grips");
    // Never another host: no open redirect.
    for (const elsewhere of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "evil", "/login", "/api/logout", "/\tevil"]) {
      expect(await to(elsewhere)).toBe("/login");
    }
  });

  it("GET /api/logout redirects to the web app's sign-out", async () => {
    const answer = await call("GET", "/api/logout");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/logout");
  });
});
