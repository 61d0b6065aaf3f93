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
const casing = "none" as const;

type GlobalIndex = { readonly index: string; readonly pk: string; readonly sk: string };

/** A key of an index: the field, the attributes it is made of and its template, the values kept as written. */
const key = <const C extends readonly string[]>(field: string, composite: C, template: string) => ({ field, composite, template, casing });

/**
 * An entity's index: on a global index (`gsi1`...) or the table's own key (`primary`), its partition key made of
 * the `pk` attributes by `pkTemplate`, its sort key of the `sk` attributes by `skTemplate`. One line an index, so an
 * entity's keys read as the access patterns of docs/data-model.md.
 */
export function keyed<const P extends readonly string[], const S extends readonly string[]>(
  on: GlobalIndex,
  pk: P,
  pkTemplate: string,
  sk: S,
  skTemplate: string,
): { index: string; pk: ReturnType<typeof key<P>>; sk: ReturnType<typeof key<S>> };
export function keyed<const P extends readonly string[], const S extends readonly string[]>(
  on: typeof primary,
  pk: P,
  pkTemplate: string,
  sk: S,
  skTemplate: string,
): { pk: ReturnType<typeof key<P>>; sk: ReturnType<typeof key<S>> };
export function keyed(on: { pk: string; sk: string; index?: string }, pk: readonly string[], pkTemplate: string, sk: readonly string[], skTemplate: string) {
  const keys = { pk: key(on.pk, pk, pkTemplate), sk: key(on.sk, sk, skTemplate) };
  return on.index === undefined ? keys : { index: on.index, ...keys };
}
