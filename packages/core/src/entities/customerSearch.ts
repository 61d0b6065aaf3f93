import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { keyed, primary, SERVICE } from "./keys";

/**
 * One search index item per (customer, normalised term): the terms are the
 * customer's "first last", last name, email and phone digits, normalised by
 * `customers/search-index.ts`. Partitioned by the term's first 3 characters,
 * sorted by the whole term then the user id, so a Query with
 * `begins_with(sk, <typed text>)` reads exactly the customers whose term
 * starts with what staff typed: the work follows the matches, not the shop.
 * Written and deleted in the same transaction as the user item they describe.
 */
export const customerSearch = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "customerSearch", version: "1" },
      attributes: {
        /** The term's first 3 characters (code points). */
        prefix: { type: "string", required: true, readOnly: true },
        /** `<term>#<userId>`: the sort key; a term never holds `#`. */
        entry: { type: "string", required: true, readOnly: true },
        term: { type: "string", required: true, readOnly: true },
        userId: { type: "string", required: true, readOnly: true },
      },
      indexes: {
        byTerm: keyed(primary, ["prefix"], "custsearch#${prefix}", ["entry"], "${entry}"),
      },
    },
    config,
  );
export type CustomerSearch = ReturnType<typeof customerSearch>;
