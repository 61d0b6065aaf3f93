/**
 * Hostile input, every route: what an attacker would send, and what must hold.
 * No answer is a 5xx, every 4xx is `{ "message": <text> }`, and a refused
 * request changes no item (the whole table compared before and after).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ownOrder } from "./booking-support";
import { ownedFixtures } from "./fixtures";
import { call, newCustomer, seed, signIn } from "./support";

let customer: string;
let otherCustomer: string;
let admin: string;
let paddleId: string;
let orderId: string;

beforeAll(async () => {
  customer = (await newCustomer()).token;
  otherCustomer = (await newCustomer()).token;
  admin = await signIn(seed.admin.username, seed.admin.password);
  paddleId = await ownedFixtures.paddle!(customer);
  orderId = await ownOrder(customer);
  await ownOrder(customer);
});

function refusedWithMessage(answer: { status: number; body: unknown }, status = 400) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect((answer.body as { message?: unknown }).message).toEqual(expect.any(String));
}

describe("the refusals found in issue 7 (each a 500 before)", () => {
  it.each(["/api/orders/%ZZ", "/api/orders/%E0%A4%A", "/api/paddles/%/photo", "/api/promotions/%ZZ"])("a malformed escape in %s is a 400", async (url) => {
    const method = url.startsWith("/api/paddles") ? "POST" : "GET";
    refusedWithMessage(await call(method, url, { token: customer, body: method === "POST" ? {} : undefined }));
  });

  it("an id longer than a key may be is a 400, as customer and as admin", async () => {
    for (const token of [customer, admin]) {
      refusedWithMessage(await call("GET", `/api/orders/${"x".repeat(3000)}`, { token }));
      refusedWithMessage(await call("PATCH", `/api/paddles/${"x".repeat(3000)}`, { token, body: { nickname: "x" } }));
      refusedWithMessage(await call("POST", `/api/orders/${"a".repeat(3000)}/status`, { token, body: { status: "CANCELED" } }));
    }
    refusedWithMessage(await call("GET", `/api/promotions/${"X".repeat(3000)}`));
  });

  it.each([
    ["paddleId", () => ({ paddleId: "p".repeat(3000) })],
    ["service", () => ({ service: "s".repeat(3000) })],
    ["an addOns item", () => ({ addOns: ["a".repeat(3000)] })],
    ["a weightAreas item", () => ({ weightAreas: ["w".repeat(3000)] })],
  ])("POST /api/book-service with a 3,000-character %s is a 400", async (_, overrides) => {
    const body = { paddleId, bagNumber: "901", service: "sku-strip-and-grip-black-tacky", ...overrides() };
    refusedWithMessage(await call("POST", "/api/book-service", { token: customer, body }));
  });

  it("a forged cursor for one's own list is a 400 before it reaches DynamoDB", async () => {
    const me = await call("GET", "/api/auth/user", { token: customer });
    const userId = me.body.id as string;
    const encode = (key: unknown) => Buffer.from(JSON.stringify(key)).toString("base64url");
    const own = { gsi1pk: `user#${userId}`, gsi1sk: "order#2024-01-01T00:00:00.000Z", pk: `order#${orderId}`, sk: "order" };
    const forged = [
      { ...own, gsi1sk: `order#${"9".repeat(3000)}` },
      { ...own, pk: `order#${"x".repeat(3000)}` },
      { ...own, gsi1sk: "order#" },
      { ...own, pk: "order#" },
      { ...own, extra: "x" },
      { gsi3pk: "orders", gsi3sk: "2024-01-01T00:00:00.000Z", pk: `order#${orderId}`, sk: "order" },
    ];
    for (const key of forged) {
      const answer = await call("GET", `/api/orders?cursor=${encode(key)}`, { token: customer });
      expect(answer, JSON.stringify(key).slice(0, 100)).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    }
    refusedWithMessage(await call("GET", `/api/orders?cursor=${"A".repeat(5000)}`, { token: customer }));
    // The very cursor the API hands out still works, for the customer and for staff; not for anyone else.
    for (const token of [customer, admin]) {
      const first = await call("GET", "/api/orders?limit=1", { token });
      expect(first.body.cursor).toEqual(expect.any(String));
      const next = await call("GET", `/api/orders?limit=1&cursor=${encodeURIComponent(first.body.cursor)}`, { token });
      expect(next.status).toBe(200);
      expect(next.body.orders[0].id).not.toBe(first.body.orders[0].id);
      const stolen = await call("GET", `/api/orders?cursor=${encodeURIComponent(first.body.cursor)}`, { token: otherCustomer });
      expect(stolen).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    }
  });
});
