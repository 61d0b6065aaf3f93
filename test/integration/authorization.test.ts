/**
 * The authorization matrix, generated from the route table: every route ×
 * {signed out, customer, another customer, employee, admin}. A route added to
 * the table is covered here without a new test.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { routes, type Route } from "../../packages/functions/src/routes";
import type { Access } from "../../packages/core/src/shared/access";
import { ownedFixtures } from "./fixtures";
import { call, newCustomer, seed, signIn } from "./support";

type Principal = "signedOut" | "customer" | "anotherCustomer" | "employee" | "admin";
const principals: Principal[] = ["signedOut", "customer", "anotherCustomer", "employee", "admin"];

const tokens: Partial<Record<Principal, string>> = {};

beforeAll(async () => {
  tokens.customer = (await newCustomer()).token;
  tokens.anotherCustomer = (await newCustomer()).token;
  tokens.employee = await signIn(seed.employee.username, seed.employee.password);
  tokens.admin = await signIn(seed.admin.username, seed.admin.password);
});

const permitted: Record<Access, Principal[]> = {
  public: principals,
  customer: ["customer", "anotherCustomer", "employee", "admin"],
  "owner-or-staff": ["customer", "anotherCustomer", "employee", "admin"],
  staff: ["employee", "admin"],
  admin: ["admin"],
};

type Expectation = 401 | 403 | 404 | "allowed";

/**
 * Who besides the owner reaches an owned resource through its route: staff
 * run every order through the queue; a customer's paddle is theirs alone
 * (staff create paddles for customers at the counter, nothing more).
 */
const reachedByOthers: Record<NonNullable<Route["owned"]>, Principal[]> = {
  order: ["employee", "admin"],
  paddle: [],
};

function expected(route: Route, who: Principal): Expectation {
  if (permitted[route.access].includes(who)) {
    // Someone else's paddle or order is answered exactly like a missing one.
    return route.owned && who !== "customer" && !reachedByOthers[route.owned].includes(who) ? 404 : "allowed";
  }
  return who === "signedOut" ? 401 : 403;
}

async function urlFor(route: Route): Promise<string> {
  let path = route.path;
  if (route.owned) {
    const make = ownedFixtures[route.owned];
    if (!make) throw new Error(`No fixture for owned kind "${route.owned}": add one to test/integration/fixtures.ts`);
    const id = await make(tokens.customer!);
    path = path.replace(/\{id\}/, encodeURIComponent(id));
  }
  return path.replace(/\{(\w+)\+?\}/g, "matrix-probe");
}

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))("%s", (_, route) => {
  it.each(principals)("as %s", async (who) => {
    const url = await urlFor(route);
    const withBody = route.method !== "GET" && route.method !== "DELETE";
    const answer = await call(route.method, url, { token: tokens[who], body: withBody ? {} : undefined });
    const want = expected(route, who);
    expect(answer.status, `${route.method} ${url} as ${who}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    if (want === "allowed") {
      expect([401, 403], `${route.method} ${url} as ${who} was refused`).not.toContain(answer.status);
      if (route.owned) expect(answer.status, "the owner (or staff, for an order) must reach the resource").not.toBe(404);
      if (route.navigation) expect(answer.status).toBe(302);
    } else {
      expect(answer.status).toBe(want);
      expect(answer.body).toHaveProperty("message");
    }
  });
});
