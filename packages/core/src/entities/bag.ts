import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, timestamps } from "./attributes";
import { gsi1, gsi2, keyed, primary, SERVICE } from "./keys";

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
        byId: keyed(primary, ["id"], "bag#${id}", [], "bag"),
        /** The bag(s) with a given code, e.g. the bag number typed at drop-off. */
        byCode: keyed(gsi1, ["code3"], "bagcode#${code3}", ["id"], "bag#${id}"),
        /** Every bag, ordered by code (admin list). */
        allBags: keyed(gsi2, [], "bags", ["code3", "id"], "${code3}#${id}"),
      },
    },
    config,
  );
export type Bag = ReturnType<typeof bag>;
