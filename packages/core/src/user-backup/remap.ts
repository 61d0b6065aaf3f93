/**
 * Moves the table's items from users' old ids to their new ones after a restore re-imported the users (import.ts):
 * the shop keys everything by the user's Cognito `sub` (a user item's `userId`, their paddles, orders, loyalty,
 * memberships, search items, uniqueness claims, audit entries), and a re-imported user has a new one.
 *
 * Entity-agnostic on purpose: it reads every item (a Scan: a maintenance job, never a request path) and replaces
 * every occurrence of an old id anywhere in it (keys, index keys, attributes, inside lists and maps, map keys). The
 * entities write ids verbatim (ElectroDB's key casing is "none", entities/keys.ts) and ids are UUIDs, which never
 * collide with anything else, so a plain replacement is exact. An item whose primary key changes is written under
 * its new key and its old one deleted in one transaction; one whose key stays is written in place.
 *
 * Idempotent and resumable: an item already moved holds no old id and is left alone, so a run stopped halfway (or
 * run twice) finishes the rest and changes nothing more.
 */
import {
  ScanCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  type AttributeValue,
  type DynamoDBClient,
} from "@aws-sdk/client-dynamodb";
import { table } from "../../../../infra/table";
import type { UserIdMapping } from "./import";

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export interface RemapReport {
  /** Items read. */
  scanned: number;
  /** Items rewritten in place (an old id in an attribute, not in the key). */
  rewritten: number;
  /** Items moved to a new key (the old one deleted). */
  moved: number;
}

/** `value` with every old id replaced; the same object when nothing changed. */
function replaced(value: AttributeValue, swap: (text: string) => string): AttributeValue {
  if (value.S !== undefined) {
    const S = swap(value.S);
    return S === value.S ? value : { S };
  }
  if (value.SS !== undefined) {
    const SS = value.SS.map(swap);
    return SS.every((s, i) => s === value.SS![i]) ? value : { SS };
  }
  if (value.L !== undefined) {
    const L = value.L.map((item) => replaced(item, swap));
    return L.every((item, i) => item === value.L![i]) ? value : { L };
  }
  if (value.M !== undefined) {
    const M = mapReplaced(value.M, swap);
    return M === value.M ? value : { M };
  }
  return value;
}

function mapReplaced(map: Record<string, AttributeValue>, swap: (text: string) => string): Record<string, AttributeValue> {
  let changed = false;
  const out: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(map)) {
    const newName = swap(name);
    const newValue = replaced(value, swap);
    if (newName !== name || newValue !== value) changed = true;
    out[newName] = newValue;
  }
  return changed ? out : map;
}

/** Every item of `tableName` moved from the old ids of `mapping` to the new ones. */
export async function remapUserIds(
  dynamo: DynamoDBClient,
  tableName: string,
  mapping: UserIdMapping,
  log: (line: string) => void = () => undefined,
): Promise<RemapReport> {
  const moves = new Map(Object.entries(mapping).filter(([from, to]) => from !== to));
  for (const [from, to] of moves) {
    if (!new RegExp(`^${uuid.source}$`, "i").test(from) || !new RegExp(`^${uuid.source}$`, "i").test(to)) {
      throw new Error(`Not a user id: ${from} → ${to}. The mapping holds Cognito subs (UUIDs) only.`);
    }
  }
  const swap = (text: string) => (text.length < 36 ? text : text.replace(uuid, (id) => moves.get(id) ?? id));
  const { partitionKey, sortKey } = table.primary;
  const report: RemapReport = { scanned: 0, rewritten: 0, moved: 0 };
  if (!moves.size) return report;

  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of page.Items ?? []) {
      report.scanned++;
      const next = mapReplaced(item, swap);
      if (next === item) continue;
      const keyMoved = next[partitionKey]?.S !== item[partitionKey]?.S || next[sortKey]?.S !== item[sortKey]?.S;
      if (keyMoved) {
        // An item already under the new key (the user signed in before the remap, making a fresh one) is replaced by
        // the restored one: the restored item is the customer's history.
        await dynamo.send(
          new TransactWriteItemsCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: next } },
              { Delete: { TableName: tableName, Key: { [partitionKey]: item[partitionKey]!, [sortKey]: item[sortKey]! } } },
            ],
          }),
        );
        report.moved++;
      } else {
        await dynamo.send(new PutItemCommand({ TableName: tableName, Item: next }));
        report.rewritten++;
      }
    }
    start = page.LastEvaluatedKey;
    if (report.scanned % 5000 < (page.Items?.length ?? 0)) log(`  ${report.scanned} items read, ${report.moved} moved, ${report.rewritten} rewritten`);
  } while (start);
  return report;
}
