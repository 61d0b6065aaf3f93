/**
 * Every function runs with its kind's memory (infra/functions.ts: a route's by its `payments` flag,
 * a webhook's or job's by its declaration), on every stage alike, and is traced by X-Ray in production only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "../../infra/env";
import { functionKinds, kindOfDeclaration, kindOfRoute, type FunctionKind } from "../../infra/functions";
import { jobs, maintenanceFunctions } from "../../infra/jobs";
import { webhooks } from "../../infra/webhooks";
import { findRoute, routeKey, routes } from "../../packages/functions/src/routes";
import type { Synthesis } from "../../stacks/synth";
import { synthesized } from "./configurations";
import { resource, resourcesOfType, type Resource } from "./cloudformation";

let dev: Synthesis;
let prod: Synthesis;
beforeAll(async () => {
  dev = await synthesized("dev");
  prod = await synthesized("prod");
});

const declarations = [...webhooks, ...jobs, ...maintenanceFunctions];

/** Every SST function of a synthesis, its template resource, and the kind it should be. */
function functionsWithKinds(synthesis: Synthesis): { name: string; fn: Resource; kind: FunctionKind }[] {
  return synthesis.functions.map((found) => {
    const fn = resource(synthesis, found);
    const own = fn.Properties?.Environment?.Variables?.[env.route];
    if (own) {
      const { method, path } = JSON.parse(String(own)) as { method: string; path: string };
      const route = findRoute(routeKey({ method, path }));
      if (!route) throw new Error(`${method} ${path} is in a template but not in the route table`);
      return { name: routeKey(route), fn, kind: kindOfRoute(route) };
    }
    const declaration = declarations.find((d) => d.handler === found.handler);
    if (!declaration) throw new Error(`${found.stack}/${found.logicalId} (${found.handler}) is neither a route nor a declared function`);
    return { name: declaration.name, fn, kind: kindOfDeclaration(declaration) };
  });
}

describe("memory", () => {
  it("is each function's kind's setting, on a disposable stage and in production", () => {
    for (const synthesis of [dev, prod]) {
      const found = functionsWithKinds(synthesis);
      // Every route, and every webhook, job and migration function, is among them.
      expect(found.filter(({ fn }) => fn.Properties?.Environment?.Variables?.[env.route]).length, synthesis.stage).toBe(routes.length);
      expect(found.length, synthesis.stage).toBeGreaterThan(routes.length);
      const wrong = found
        .filter(({ fn, kind }) => fn.Properties?.MemorySize !== functionKinds[kind].memoryMB)
        .map(({ name, fn, kind }) => `${name}: ${fn.Properties?.MemorySize} MB, its kind ${kind} says ${functionKinds[kind].memoryMB}`);
      expect(wrong, synthesis.stage).toEqual([]);
    }
  });

  it("sorts the functions by who waits on them: a payment route, any other route, the webhook, the background", () => {
    const kindOf = (key: string) => kindOfRoute(findRoute(key)!);
    expect(kindOf("GET /api/services")).toBe("api");
    expect(kindOf("POST /api/paddles")).toBe("api");
    expect(kindOf("POST /api/orders/{id}/refunds")).toBe("payment");
    expect(kindOf("POST /api/book-service")).toBe("payment");
    expect(declarations.map((d) => [d.name, kindOfDeclaration(d)])).toEqual(
      expect.arrayContaining([["Stripe webhook", "stripeWebhook"], ["Unpaid-hold job", "background"], ["SMS inbound (SNS)", "background"], ["Data migrations", "maintenance"]]),
    );
    const used = new Set([...routes.map(kindOfRoute), ...declarations.map(kindOfDeclaration)]);
    // Every kind has a function; a kind nothing uses would be a setting nobody measures.
    expect([...used].sort()).toEqual(Object.keys(functionKinds).sort());
  });
});

describe("X-Ray tracing", () => {
  it("is active on every function in production, and off (with no X-Ray permission) on a disposable stage", () => {
    for (const found of prod.functions) expect(resource(prod, found).Properties?.TracingConfig, found.handler).toEqual({ Mode: "Active" });
    for (const found of dev.functions) expect(resource(dev, found).Properties?.TracingConfig, found.handler).toBeUndefined();
    const xray = (synthesis: Synthesis) =>
      (["Api", "StaffApi", "AdminApi", "Webhooks", "Jobs"] as const).flatMap((stack) =>
        [...resourcesOfType(synthesis, stack, "AWS::IAM::Role"), ...resourcesOfType(synthesis, stack, "AWS::IAM::Policy")].filter(([, r]) => JSON.stringify(r.Properties).includes("xray:")),
      );
    expect(xray(dev)).toEqual([]);
    // Roles are shared by functions of the same grants; test/infra/grants.test.ts holds each production role to its actions, X-Ray's included.
    expect(xray(prod).length).toBeGreaterThan(0);
  });
});
