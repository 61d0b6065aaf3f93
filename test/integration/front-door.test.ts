/**
 * The API answers only through the site (packages/functions/src/http/origin.ts `fromTheSite`): on one machine the
 * test plays both sides of the cloud. With the stage's origin secret set (ORIGIN_SECRET, as every deployed API
 * function has it), a call of the route table without it is a call of the API's own `execute-api` URL, refused with
 * 403 before any work; through `npm start`'s server, which adds the secret and the viewer's address as CloudFront
 * does (infra/local/server.ts `asCloudFront`), the same call is answered, and a secret the browser sends is replaced.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../../infra/env";
import { db } from "../../packages/core/src/db";
import { DIRECT_CALL_REFUSED, originSecretHeader } from "../../packages/functions/src/http/origin";
import { localPaymentServer } from "./payment-support";
import { call, newCustomer } from "./support";

const secret = randomBytes(32).toString("hex");
const site = localPaymentServer();
let customer: Awaited<ReturnType<typeof newCustomer>>;
let userId: string;

beforeAll(async () => {
  // Signed up (and their user item made, on the first GET /api/auth/user) before the secret is set, as other files do.
  customer = await newCustomer();
  userId = (await call("GET", "/api/auth/user", { token: customer.token })).body.id;
  process.env[env.originSecret] = secret;
});
afterAll(() => {
  delete process.env[env.originSecret];
});

const paddlesOf = async (userId: string) => (await db().entities.paddle.query.byOwner({ userId }).go()).data;

describe("the API's own URL", () => {
  it("refuses every call without the origin secret, or with a wrong one, before any work: 403 and nothing written", async () => {
    expect(await call("GET", "/api/services")).toMatchObject({ status: 403, body: { message: DIRECT_CALL_REFUSED } });
    expect(await call("GET", "/api/auth/user", { token: customer.token })).toMatchObject({ status: 403, body: { message: DIRECT_CALL_REFUSED } });
    const before = await paddlesOf(userId);
    for (const headers of [{}, { [originSecretHeader]: "x".repeat(64) }, { [originSecretHeader]: secret.slice(1) }] as Record<string, string>[]) {
      const made = await call("POST", "/api/paddles", { token: customer.token, body: { brand: "Joola", nickname: "Front door" }, headers });
      expect(made, JSON.stringify(headers)).toMatchObject({ status: 403, body: { message: DIRECT_CALL_REFUSED } });
    }
    expect(await paddlesOf(userId)).toEqual(before);
  });

  it("answers a call that carries the secret, as CloudFront's do", async () => {
    expect((await call("GET", "/api/services", { headers: { [originSecretHeader]: secret } })).status).toBe(200);
  });
});

describe("through the site", () => {
  it("answers, the secret put in by the site whatever the browser sent", async () => {
    const services = await fetch(`${site.origin()}/api/services`);
    expect(services.status).toBe(200);
    const forged = await fetch(`${site.origin()}/api/auth/user`, { headers: { authorization: `Bearer ${customer.token}`, [originSecretHeader]: "forged" } });
    expect(forged.status).toBe(200);
    expect(((await forged.json()) as { id: string }).id).toBe(userId);
    const made = await fetch(`${site.origin()}/api/paddles`, {
      method: "POST",
      headers: { authorization: `Bearer ${customer.token}`, "content-type": "application/json" },
      body: JSON.stringify({ brand: "Joola", nickname: "Through the site" }),
    });
    expect(made.status).toBe(201);
  });
});
