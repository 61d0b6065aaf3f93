import { table } from "../../../../infra/table";

/**
 * Key field and index names, read from infra/table.ts so the entities, the
 * Storage stack and the local table can never disagree.
 */
const [gsi1Index, gsi2Index, gsi3Index] = table.globalIndexes;

export const SERVICE = "regrip";

export const primary = { pk: table.primary.partitionKey, sk: table.primary.sortKey } as const;
export const gsi1 = { index: gsi1Index.name, pk: gsi1Index.partitionKey, sk: gsi1Index.sortKey } as const;
export const gsi2 = { index: gsi2Index.name, pk: gsi2Index.partitionKey, sk: gsi2Index.sortKey } as const;
export const gsi3 = { index: gsi3Index.name, pk: gsi3Index.partitionKey, sk: gsi3Index.sortKey } as const;

/** The TTL attribute DynamoDB watches (epoch seconds). */
export const ttlField = table.timeToLiveAttribute;

/**
 * Keys keep their values exactly as written (ElectroDB lowercases by
 * default): ids, statuses and codes appear in keys as they appear in
 * attributes, and any normalising (upper-case promo codes, lower-case
 * emails) is done once, by the attribute's setter or `uniqueKey()`.
 */
export const casing = "none" as const;
