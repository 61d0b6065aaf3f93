import { AsyncLocalStorage } from "node:async_hooks";
import type { Grants, Need } from "../../../../infra/grants";

/**
 * Which function is running, with what it declares (infra/grants.ts), for the clients it uses.
 *
 * The handler layer runs each request inside `withGrants` with its route's declaration; the webhooks and the
 * job wrap themselves with `granted`. The clients (the table, secrets, texts, uploads, the payment provider,
 * password sign-in) tell `requireGrant` what each call needs. What happens then is chosen where the process
 * starts, not here:
 * - in the cloud nothing more: IAM holds each function to the same declaration (stacks/grants.ts), so the
 *   check's code stays out of every Lambda bundle;
 * - on one machine (`npm start`, the integration tests) the local runtime installs the check
 *   (aws/grant-check.ts, `enforceDeclaredGrants`), which refuses what the declaration leaves out, because
 *   DynamoDB Local, the outbox, the uploads folder and `.env` have no IAM. So every integration and browser
 *   test runs under the cloud's least privilege.
 *
 * Outside any scope (scripts, the seed, tests that set up data) nothing is checked.
 */
export interface GrantScope {
  /** What runs: a route key (`POST /api/paddles`), a webhook or a job. */
  name: string;
  grants: Grants;
}

/** The installed check: throws when `scope` may not do what `need` says (or what the table request needs). */
export interface GrantCheck {
  need(scope: GrantScope, need: Need): void;
  tableRequest(scope: GrantScope, target: string, body: unknown): void;
}

const current = new AsyncLocalStorage<GrantScope>();
let check: GrantCheck | undefined;

/** Installs (or, with undefined, removes) the check; the local runtime does this once at start. */
export function installGrantCheck(installed: GrantCheck | undefined): void {
  check = installed;
}

/** Runs `fn` with `scope`'s grants: every client call inside it (awaited or not) is checked against them. */
export function withGrants<T>(scope: GrantScope, fn: () => T): T {
  return current.run(scope, fn);
}

/** `fn` as a handler that always runs with `declaration`'s grants (the webhooks and the job). */
export function granted<A extends unknown[], R>(declaration: GrantScope, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const scope = { name: declaration.name, grants: declaration.grants };
  return (...args) => withGrants(scope, () => fn(...args));
}

/** Tells the installed check what a call needs; nothing without a check or outside a scope. */
export function requireGrant(need: Need): void {
  const scope = current.getStore();
  if (check && scope) check.need(scope, need);
}

interface BuildArgs {
  request: { headers: Record<string, string>; body?: unknown };
}

/**
 * A DynamoDB client middleware (build step, where the request's target and body are final) that hands each
 * call to the installed check. Both the plain and the document client send through it.
 */
export function tableGuard() {
  return (next: (args: BuildArgs) => Promise<unknown>) => async (args: BuildArgs) => {
    const scope = current.getStore();
    if (check && scope) check.tableRequest(scope, args.request.headers["x-amz-target"] ?? "", args.request.body);
    return next(args);
  };
}
