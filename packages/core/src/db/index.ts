import type { Service } from "electrodb";
import { entityFactories, type Entities, type EntityName } from "../entities";
import { createWriteTransaction } from "../entities/electrodb";
import { dynamoDocumentClient, tableName } from "./client";

export { dynamoClient, dynamoDocumentClient, tableName } from "./client";

/** The whole table's entities as one ElectroDB Service: a type only (its transaction types); never built. */
export type RegripService = Service<Entities>;

/** What request code reaches the table through: `db().entities.user.get(...)`, `db().transaction.write(...)`; collections through db/account.ts. */
export interface Db {
  /** Each entity, built (and bound to the table and client) the first time it is read. */
  readonly entities: Entities;
  /** A write transaction over the entities its function touches, and only those. */
  readonly transaction: Pick<RegripService["transaction"], "write">;
}

/*
 * Why entities are built on first use: building an ElectroDB entity validates
 * its model (jsonschema) and parses it, and joining a Service works over every
 * member; building all 21 and the Service at import cost a cold Lambda more
 * than ElectroDB's own module evaluation (docs/benchmarks.md, bench:lambda). A route now
 * builds the entities its requests touch, once per process, and no Service.
 *
 * Table and client: every entity built here gets the table named by TABLE_NAME
 * at that moment and the one document client. TABLE_NAME is read on every
 * `db()` call and every entity access (a string compare), and a change
 * re-points what is already built, so a process whose table changes (a test
 * run) follows it, as it did when `db()` re-bound one Service.
 */
const built: { [Name in EntityName]?: Entities[Name] } = {};
let boundTable: string | undefined;
/** Told when TABLE_NAME changes (db/account.ts re-points its Service). */
const followers: ((table: string) => void)[] = [];

/** Reads TABLE_NAME and re-points what is built when it changed; answers the name. */
export function follow(): string {
  const name = tableName();
  if (name !== boundTable) {
    boundTable = name;
    for (const entity of Object.values(built)) entity.setTableName(name);
    for (const tell of followers) tell(name);
  }
  return name;
}

/** Calls `tell` with the table's name whenever TABLE_NAME changes from now on. */
export function onTableChange(tell: (table: string) => void): void {
  followers.push(tell);
}

/** One entity, built on first call (bound to the table and client), the same one after. */
export function entity<Name extends EntityName>(name: Name): Entities[Name] {
  const table = follow();
  const existing = built[name];
  if (existing) return existing;
  // Each factory answers its own entity type; indexing the map by a generic name widens that to the union.
  const made = entityFactories[name]({ table, client: dynamoDocumentClient() }) as Entities[Name];
  built[name] = made;
  return made;
}

/** An `Entities` whose properties build on read; `touched` (if given) collects what was read. */
function lazyEntities(touched?: { [Name in EntityName]?: Entities[Name] }): Entities {
  const view = {} as Entities;
  for (const name of Object.keys(entityFactories) as EntityName[]) {
    Object.defineProperty(view, name, {
      enumerable: true,
      get: () => {
        const made = entity(name);
        if (touched) Object.assign(touched, { [name]: made });
        return made;
      },
    });
  }
  return view;
}

/**
 * ElectroDB's own write transaction (`createWriteTransaction`) over just the
 * entities `fn` reads. `fn` runs here, once, over entities that build on read,
 * to learn which those are; ElectroDB then gets those entities (the first one
 * sends the transaction with its table and client; all of them read a
 * cancellation's items) and the writes `fn` made. At run time ElectroDB's
 * transaction entities are the entities themselves (its types narrow them to
 * commit-only views), so `fn` sees what it would through a Service. The casts
 * only restate ElectroDB's generic signature, which a Service's
 * `transaction.write` and this share.
 */
const write = ((fn: (entities: Entities) => unknown[]) => {
  const touched: { [Name in EntityName]?: Entities[Name] } = {};
  const items = fn(lazyEntities(touched));
  if (Object.keys(touched).length === 0) {
    // No entity read, so no write to make: answer as ElectroDB's Service does for an empty transaction.
    return { params: () => ({ TransactItems: [] }), go: async () => ({ canceled: false, data: [] }) };
  }
  return createWriteTransaction(touched as Partial<Entities> as Entities, () => items as never);
}) as unknown as RegripService["transaction"]["write"];

const database: Db = {
  entities: lazyEntities(),
  transaction: { write },
};

/**
 * The table, its entities built on first use. Throws when TABLE_NAME is not
 * set. Request code always goes through `db()`.
 */
export function db(): Db {
  follow();
  return database;
}

/** The entities this process has built so far, for tests of what a path builds. */
export function builtEntities(): EntityName[] {
  return Object.keys(built) as EntityName[];
}

/** Forgets every built entity, as a fresh process starts (test/integration/first-use.test.ts). */
export function forgetEntities(): void {
  for (const name of Object.keys(built) as EntityName[]) delete built[name];
}
