import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, timestamps } from "./attributes";
import { casing, gsi1, gsi2, primary, SERVICE } from "./keys";

/**
 * A physical bag a paddle travels in. `code3` is printed on it; `qrSlug` is
 * what its QR code points at and is unique (uniqueValue kind `bagQrSlug`).
 * Two active bags never share a code (it is what staff type): the bag service reserves
 * `bagCode` uniqueValues for active bags.
 *
 * Key attributes get no setter: ElectroDB applies setters to written items
 * but not to the values of a get or query, so a normalising setter would let
 * a write and a lookup disagree. Key values are validated strictly instead
 * and normalised once at the boundary.
 */
export const bag = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "bag", version: "1" },
      attributes: {
        id: generatedId(),
        /** Upper-case letters and digits; normalise with `normaliseCode` before writing or querying (it is in a key). */
        code3: { type: "string", required: true, validate: /^[0-9A-Z]{3}$/ },
        qrSlug: { type: "string", required: true },
        isActive: { type: "boolean", required: true, default: true },
        /** The user the bag is lent to. */
        assignedToId: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byId: {
          pk: { field: primary.pk, composite: ["id"], template: "bag#${id}", casing },
          sk: { field: primary.sk, composite: [], template: "bag", casing },
        },
        /** The bag(s) with a given code, e.g. the bag number typed at drop-off. */
        byCode: {
          index: gsi1.index,
          pk: { field: gsi1.pk, composite: ["code3"], template: "bagcode#${code3}", casing },
          sk: { field: gsi1.sk, composite: ["id"], template: "bag#${id}", casing },
        },
        /** Every bag, ordered by code (admin list). */
        allBags: {
          index: gsi2.index,
          pk: { field: gsi2.pk, composite: [], template: "bags", casing },
          sk: { field: gsi2.sk, composite: ["code3", "id"], template: "${code3}#${id}", casing },
        },
      },
    },
    config,
  );
export type Bag = ReturnType<typeof bag>;
