/**
 * How much memory each kind of function runs with, and whether it is traced: written once, applied by the stacks
 * (stacks/Api.ts for each route, stacks/handlers.ts `declaredFunction` for the webhooks, jobs and migrations,
 * sst.config.ts for tracing), measured by `npm run bench:lambda` (each bundle's peak memory in a cold process,
 * against `MEMORY_SHARE_BUDGET` of its kind's setting) and held to the templates by test/infra/functions.test.ts.
 *
 * Lambda gives a function CPU in proportion to its memory (`oneVcpuMB`) and bills memory × time. Memory buys room,
 * which no function here needs much of (the bench: every bundle peaks at 71 to 77 MB, a bare Node process at 41),
 * and CPU, which a cold start spends loading and evaluating the bundle (most routes 80 to 125 ms on a whole core,
 * alike: ElectroDB is 170 KB of each bundle, so a read is no lighter than a write) and a request spends on zod,
 * ElectroDB and JSON. Work that is CPU costs the same at any setting (half the memory, twice the time); only the
 * time spent waiting on DynamoDB, Stripe or a text provider is cheaper with less. So the settings follow who waits:
 *
 * - a person at a page waits on every API route, and in a small shop most requests are cold: 1,024 MB (0.58 of a
 *   vCPU) keeps a typical cold import near 170 ms where 512 MB could make it 335 ms (docs/benchmarks.md, "Memory
 *   per kind of function"); the cents saved would not buy that back;
 * - a route that takes or gives back money also loads Stripe's SDK (a chunk of its own) on its path, with a
 *   customer at Checkout: as much;
 * - Stripe's webhook turns a paid order paid while the customer is on their way back from Checkout: as much;
 * - the background (the jobs, texts coming in through Twilio or SNS, SNS's delivery statuses) has nobody at a
 *   page, and its runs wait on DynamoDB and the text provider: 512 MB, a slower cold start that nobody sees;
 * - the deploy's data migrations read and rewrite every order's items while the deploy waits: 1,024 MB.
 */
import type { Route } from "../packages/functions/src/routes";
import { maintenanceFunctions } from "./jobs";
import { stripeWebhook, type FunctionDeclaration } from "./webhooks";

export const functionKinds = {
  api: { memoryMB: 1024, what: "API routes: a person waits at a page" },
  payment: { memoryMB: 1024, what: "API routes that take or give back money (flagged `payments`): Stripe's SDK loads on their path" },
  stripeWebhook: { memoryMB: 1024, what: "Stripe's webhook: a payment or refund applied, its receipt texted and emailed" },
  background: { memoryMB: 512, what: "the scheduled jobs, texts coming in (Twilio, SNS), SNS's delivery statuses: nobody waits at a page" },
  maintenance: { memoryMB: 1024, what: "the deploy's data migrations: every order read and rewritten while the deploy waits" },
} as const satisfies Record<string, { memoryMB: number; what: string }>;

export type FunctionKind = keyof typeof functionKinds;

/** The memory that buys one vCPU (AWS Lambda developer guide, "Configuring Lambda function memory"); less buys a share of one. */
export const oneVcpuMB = 1769;

/** The most of its setting a kind's measured peak may take (`npm run bench:lambda`). */
export const MEMORY_SHARE_BUDGET = 0.6;

/** A route's kind: a payment route (its path loads Stripe), or any other. */
export function kindOfRoute(route: Pick<Route, "payments">): FunctionKind {
  return route.payments ? "payment" : "api";
}

/** A function that is not a route (infra/webhooks.ts, infra/jobs.ts): the Stripe webhook, the migrations, or the background. */
export function kindOfDeclaration(declaration: Pick<FunctionDeclaration, "handler">): FunctionKind {
  if (declaration.handler === stripeWebhook.handler) return "stripeWebhook";
  if (maintenanceFunctions.some((fn) => fn.handler === declaration.handler)) return "maintenance";
  return "background";
}

/** SST's `memorySize` for a kind. */
export const memorySizeOf = (kind: FunctionKind): `${number} MB` => `${functionKinds[kind].memoryMB} MB`;

/**
 * X-Ray active tracing, production only. No code of ours sends segments (no X-Ray SDK), so what a trace shows is
 * Lambda's own: each invocation's initialization, invocation and overhead, the cold starts among them. That is worth
 * having where customers are; a disposable stage has the REPORT lines' Init Duration (the `cold starts` saved query,
 * stacks/watch.ts) and skips the traces (billed past the account's free tier) and the two X-Ray actions each
 * function's role would otherwise get.
 */
export const lambdaTracing = (production: boolean) => (production ? "active" : "disabled") as "active" | "disabled";
