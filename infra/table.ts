/**
 * The one DynamoDB table: its keys and global secondary indexes.
 *
 * This is data, read by the Storage stack (stacks/Storage.ts), by the local
 * start-up (infra/local/dynamo.ts) and by the ElectroDB entities
 * (packages/core/src/entities), so the three can never disagree.
 */
export interface KeyPair {
  partitionKey: string;
  sortKey: string;
}

export interface GlobalIndex extends KeyPair {
  /** The index name as DynamoDB knows it (and as ElectroDB's `index` option names it). */
  name: string;
}

export const table = {
  /** Logical name of the table; the deployed name is prefixed with the stage. */
  id: "Table",
  primary: { partitionKey: "pk", sortKey: "sk" } satisfies KeyPair,
  globalIndexes: [
    { name: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    { name: "gsi2", partitionKey: "gsi2pk", sortKey: "gsi2sk" },
    { name: "gsi3", partitionKey: "gsi3pk", sortKey: "gsi3sk" },
  ] satisfies GlobalIndex[],
  /** Items with this attribute (epoch seconds) are removed by DynamoDB's TTL. */
  timeToLiveAttribute: "expiresAtEpoch",
} as const;

export type IndexName = (typeof table.globalIndexes)[number]["name"];

/** Every attribute used in a key, all of type string. */
export function keyAttributes(): string[] {
  const names = [table.primary.partitionKey, table.primary.sortKey];
  for (const index of table.globalIndexes) names.push(index.partitionKey, index.sortKey);
  return names;
}
