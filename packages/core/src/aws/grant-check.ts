import { appendFileSync } from "node:fs";
import { covers, describeNeed, grantsKey, tableAccessOf, writeItemAccess, type Need } from "../../../../infra/grants";
import { installGrantCheck, type GrantScope } from "./grants";

/**
 * The check of aws/grants.ts on one machine: a client call its function did not declare is refused with a
 * `GrantRefused` that names the function and the missing grant (the handler layer answers 500 and logs it).
 * Installed by the local runtime (infra/local/adapter.ts, for `npm start` and the integration tests); never
 * part of a Lambda bundle, where IAM refuses the same calls.
 *
 * With REGRIP_GRANTS_RECORD=<file>, nothing is refused: each kind of call each function makes is appended
 * to the file once as a JSON line, to see what a route really uses (docs/architecture.md).
 */

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

const recorded = new Set<string>();

function need(scope: GrantScope, wanted: Need): void {
  const record = process.env.REGRIP_GRANTS_RECORD;
  if (record) {
    // Every need once per process, covered or not: what the function really uses.
    const line = JSON.stringify({ name: scope.name, need: wanted });
    if (!recorded.has(line)) appendFileSync(record, `${line}\n`);
    recorded.add(line);
    return;
  }
  if (!covers(scope.grants, wanted)) throw new GrantRefused(scope, wanted);
}

/** The table accesses one DynamoDB request needs, from its `X-Amz-Target` and JSON body. */
export function tableNeeds(target: string, body: unknown): Need[] | undefined {
  const operation = target.slice(target.indexOf(".") + 1);
  const direct = tableAccessOf[operation];
  if (direct) return [{ table: direct }];
  // The SDK's JSON body: a string, or (AWS SDK v3 today) its UTF-8 bytes.
  const text = typeof body === "string" ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : "{}";
  const parsed = JSON.parse(text || "{}") as Record<string, unknown>;
  const kinds = (entries: Record<string, unknown>[]) =>
    entries.flatMap((entry) => Object.keys(entry).filter((kind) => kind in writeItemAccess).map((kind) => ({ table: writeItemAccess[kind] })));
  if (operation === "TransactWriteItems") return kinds((parsed.TransactItems ?? []) as Record<string, unknown>[]);
  if (operation === "BatchWriteItem") return kinds(Object.values((parsed.RequestItems ?? {}) as Record<string, Record<string, unknown>[]>).flat());
  // Scan, table management and anything else: no declaration grants them.
  return undefined;
}

function tableRequest(scope: GrantScope, target: string, body: unknown): void {
  const needs = tableNeeds(target, body);
  if (!needs) throw new GrantRefused(scope, { table: target.slice(target.indexOf(".") + 1) as never });
  for (const wanted of needs) need(scope, wanted);
}

/** Holds every function to its declaration from now on in this process (idempotent). */
export function enforceDeclaredGrants(): void {
  installGrantCheck({ need, tableRequest });
}
