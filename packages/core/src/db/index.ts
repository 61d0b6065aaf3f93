import { Regrip, type RegripService } from "../entities";
import { dynamoDocumentClient, tableName } from "./client";

export { dynamoClient, dynamoDocumentClient, tableName } from "./client";

let clientBound = false;

/**
 * The entity service bound to the table and client, resolved at call time.
 *
 * Why this shape: ElectroDB takes the table per query (`go({ table })`) but
 * not per transaction, where each item's table comes from its entity. So the
 * entities are built unbound (importable before TABLE_NAME exists, and
 * `.params()` works offline in unit tests), and `db()` binds the one Service,
 * which passes table and client on to every joined entity. It reads
 * TABLE_NAME on every call (a string compare), so a process whose table
 * changes, such as a test run, follows it. Request code always goes through
 * `db()`: `db().entities.user.get(...)`, `db().collections.account(...)`,
 * `db().transaction.write(...)`.
 */
export function db(): RegripService {
  const name = tableName();
  if (Regrip.getTableName() !== name) Regrip.setTableName(name);
  if (!clientBound) {
    Regrip.setClient(dynamoDocumentClient());
    clientBound = true;
  }
  return Regrip;
}
