import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { timestamps } from "./attributes";
import { gsi1, keyed, primary, SERVICE } from "./keys";

/**
 * A club or shop that hosts drop-offs. `locationKey` is the partition key,
 * so creating one with `create()` (attribute_not_exists) makes it unique.
 */
export const partner = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "partner", version: "1" },
      attributes: {
        locationKey: { type: "string", required: true, readOnly: true, validate: /^[a-z0-9][a-z0-9_-]*$/ },
        name: { type: "string", required: true },
        address: { type: "string" },
        phone: { type: "string" },
        email: { type: "string" },
        websiteUrl: { type: "string" },
        mapsUrl: { type: "string" },
        contactPerson: { type: "string" },
        isActive: { type: "boolean", required: true, default: true },
        notes: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byKey: keyed(primary, ["locationKey"], "partner#${locationKey}", [], "partner"),
        /** Every partner by name. */
        allPartners: keyed(gsi1, [], "partners", ["name", "locationKey"], "${name}#${locationKey}"),
      },
    },
    config,
  );
export type Partner = ReturnType<typeof partner>;
