/**
 * What a route's first request builds (db(): an entity is built the first time
 * a request reads it). Each request is made after forgetting every built
 * entity, as in a fresh Lambda, and must build exactly what
 * scripts/lib/first-use.ts says, which bench:lambda times as "import + first
 * use". A route that starts reading another entity fails here until the list
 * says so, so the bench cannot quietly time less than a cold start does.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { builtEntities, db, forgetEntities } from "../../packages/core/src/db";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { firstUse } from "../../scripts/lib/first-use";
import { bookingBody, bookingCustomer, demo, freeBag } from "./booking-support";
import { staffTokens } from "./payment-support";
import { call, type Answer } from "./support";

let customer: Awaited<ReturnType<typeof bookingCustomer>>;
let staff: { employee: string; admin: string };

beforeAll(async () => {
  usePaymentProvider(localProvider());
  customer = await bookingCustomer();
  staff = await staffTokens();
});

/** Each listed route's request, its setup done before the entities are forgotten. */
const requests: Record<string, () => Promise<() => Promise<Answer>>> = {
  "GET /api/services": async () => () => call("GET", "/api/services"),
  "GET /api/auth/user": async () => () => call("GET", "/api/auth/user", { token: customer.token }),
  "GET /api/paddles": async () => () => call("GET", "/api/paddles", { token: customer.token }),
  "GET /api/orders": async () => () => call("GET", "/api/orders", { token: customer.token }),
  "POST /api/book-service": async () => {
    // A unit of the service put back first, so the demo stock holds however often this runs.
    await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 1 }).go();
    const body = bookingBody(customer.paddleId, { bagNumber: await freeBag(), service: demo.basicBlackDry });
    return () => call("POST", "/api/book-service", { token: customer.token, body, headers: { "idempotency-key": randomUUID() } });
  },
  "POST /api/storefront/invoice": async () => {
    const body = { customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: demo.refresh, quantity: 1 }], discountAmountCents: 0 };
    return () => call("POST", "/api/storefront/invoice", { token: staff.employee, body, headers: { "idempotency-key": randomUUID() } });
  },
  "GET /api/admin/orders": async () => () => call("GET", "/api/admin/orders", { token: staff.employee }),
};

describe("a route's first request builds only the entities it reads", () => {
  it("has a request for every route the list names", () => {
    expect(Object.keys(requests).sort()).toEqual(Object.keys(firstUse).sort());
  });

  for (const [route, expected] of Object.entries(firstUse)) {
    it(`${route}: ${expected.join(", ") || "none"}`, async () => {
      const request = await requests[route]!();
      forgetEntities();
      const answer = await request();
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      expect(builtEntities().sort(), JSON.stringify(builtEntities().sort())).toEqual([...expected].sort());
    });
  }
});
