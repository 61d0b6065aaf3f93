import { AsyncLocalStorage } from "node:async_hooks";
import { appendFileSync } from "node:fs";
import { covers, describeNeed, grantsKey, tableAccessOf, writeItemAccess, type Grants, type Need } from "../../../../infra/grants";

/**
 * Least privilege where the code runs, not only in IAM: a function's clients
 * (the table, the uploads bucket, texts, secrets, password sign-in) refuse a call its
 * declaration (infra/grants.ts) does not cover.
 *
 * The handler layer runs each request inside `withGrants` with its route's
 * declaration, the webhooks and the job likewise with theirs. In the cloud IAM
 * would refuse the same call with AccessDenied; here it is refused first, with
 * the function's name and the missing grant, and on one machine (DynamoDB Local,
 * the outbox, the uploads folder and `.env`, which have no IAM) this is the
 * only check, so every integration and browser test runs under the cloud's grants.
 *
 * Outside any scope (scripts, the seed, tests that set up data) nothing is refused.
 * With REGRIP_GRANTS_RECORD=<file>, nothing is refused either: each kind of call a scope
 * makes is appended to the file once as a JSON line, to see what a route really uses.
 */
export interface GrantScope {
  /** What runs: a route key (`POST /api/paddles`), a webhook or a job. */
  name: string;
  grants: Grants;
}

const current = new AsyncLocalStorage<GrantScope>();

/** Runs `fn` with `scope`'s grants: every client call inside it (awaited or not) is checked against them. */
export function withGrants<T>(scope: GrantScope, fn: () => T): T {
  return current.run(scope, fn);
}

/** A call its function did not declare: a bug in the declaration (or in the code), never the caller's fault. */
export class GrantRefused extends Error {
  override name = "GrantRefused";
  constructor(
    readonly scope: GrantScope,
    readonly need: Need,
  ) {
    super(
      `${scope.name} is not granted ${describeNeed(need)} (it declares ${grantsKey(scope.grants)}): ` +
        "add it to the declaration's grants (packages/functions/src/routes.ts, infra/webhooks.ts or infra/jobs.ts) if the code is right.",
    );
  }
}

/** `fn` as a handler that always runs with `declaration`'s grants (the webhooks and the job). */
export function granted<A extends unknown[], R>(declaration: GrantScope, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const scope = { name: declaration.name, grants: declaration.grants };
  return (...args) => withGrants(scope, () => fn(...args));
}

const recorded = new Set<string>();

/** Throws GrantRefused when the current scope does not cover `need`; outside a scope, allows. */
export function requireGrant(need: Need): void {
  const scope = current.getStore();
  if (!scope) return;
  const record = process.env.REGRIP_GRANTS_RECORD;
  if (record) {
    // Every need once per process, covered or not: what the function really uses.
    const line = JSON.stringify({ name: scope.name, need });
    if (!recorded.has(line)) appendFileSync(record, `${line}\n`);
    recorded.add(line);
    return;
  }
  if (!covers(scope.grants, need)) throw new GrantRefused(scope, need);
}

/** The table accesses one DynamoDB request needs, from its `X-Amz-Target` and JSON body. */
export function tableNeeds(target: string, body: unknown): Need[] {
  const operation = target.slice(target.indexOf(".") + 1);
  const direct = tableAccessOf[operation];
  if (direct) return [{ table: direct }];
  // The SDK's JSON body: a string, or (AWS SDK v3 today) its UTF-8 bytes.
  const text = typeof body === "string" ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : "{}";
  const parsed = JSON.parse(text || "{}") as Record<string, unknown>;
  if (operation === "TransactWriteItems") {
    const items = (parsed.TransactItems ?? []) as Record<string, unknown>[];
    return items.flatMap((item) => Object.keys(item).filter((kind) => kind in writeItemAccess).map((kind) => ({ table: writeItemAccess[kind] })));
  }
  if (operation === "BatchWriteItem") {
    const requests = Object.values((parsed.RequestItems ?? {}) as Record<string, Record<string, unknown>[]>).flat();
    return requests.flatMap((request) => Object.keys(request).filter((kind) => kind in writeItemAccess).map((kind) => ({ table: writeItemAccess[kind] })));
  }
  // Scan, table management and anything else: no declaration grants them.
  throw new GrantRefused(current.getStore() ?? { name: "this call", grants: {} }, { table: operation as never });
}

interface BuildArgs {
  request: { headers: Record<string, string>; body?: unknown };
}

/**
 * A DynamoDB client middleware (build step, where the request's target and body are final) that
 * checks each call against the current scope. Both the plain and the document client send through it.
 */
export function tableGuard() {
  return (next: (args: BuildArgs) => Promise<unknown>) => async (args: BuildArgs) => {
    if (current.getStore()) {
      const target = args.request.headers["x-amz-target"] ?? args.request.headers["X-Amz-Target"] ?? "";
      for (const need of tableNeeds(target, args.request.body)) requireGrant(need);
    }
    return next(args);
  };
}
