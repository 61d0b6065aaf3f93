import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "../../../../infra/env";
import { findRoute, routes } from "../routes";
import { api } from "./handler";
import { ownRoute, ownRouteVariable, routeKey } from "./own-route";
import { json } from "./reply";

const event = (key: string) =>
  ({ routeKey: key, headers: {}, requestContext: { http: { sourceIp: "192.0.2.1", userAgent: "test" } } }) as unknown as APIGatewayProxyEventV2;
const saved = process.env[env.route];
afterEach(() => {
  if (saved === undefined) delete process.env[env.route];
  else process.env[env.route] = saved;
});

describe("a deployed function's own route (REGRIP_ROUTE)", () => {
  it("is every field of the route but its handler's name, for each route of the table", () => {
    for (const route of routes) {
      const { handler: _handler, ...own } = route;
      process.env[env.route] = ownRouteVariable(route);
      expect(ownRoute()).toEqual(own);
      expect(routeKey(ownRoute<typeof own>()!)).toBe(routeKey(route));
    }
  });

  it("is answered under its own access and grants, and any other route key gets 404", async () => {
    const services = findRoute("GET /api/services")!;
    const staffOnly = routes.find((route) => route.access === "staff")!;
    const handler = api(async (req) => json({ route: routeKey(req.route), access: req.route.access }));

    process.env[env.route] = ownRouteVariable(services);
    const answer = (await handler(event("GET /api/services"))) as { statusCode: number; body: string };
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ route: "GET /api/services", access: "public" });
    expect(await handler(event(routeKey(staffOnly)))).toMatchObject({ statusCode: 404 });

    // Told it serves a staff route, it refuses a caller without a token, whatever the table says of the key.
    process.env[env.route] = ownRouteVariable({ ...staffOnly, path: services.path, method: services.method });
    expect(await handler(event("GET /api/services"))).toMatchObject({ statusCode: 401 });
  });

  it("is unset on one machine: the route table answers", async () => {
    delete process.env[env.route];
    expect(ownRoute()).toBeUndefined();
    const handler = api(async (req) => json({ access: req.route.access }));
    expect(await handler(event(routeKey(routes.find((route) => route.access === "admin")!)))).toMatchObject({ statusCode: 401 });
    expect(await handler(event("GET /api/services"))).toMatchObject({ statusCode: 200 });
    expect(await handler(event("GET /api/nothing-here"))).toMatchObject({ statusCode: 404 });
  });
});
