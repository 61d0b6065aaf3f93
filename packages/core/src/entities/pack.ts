import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, requiredCents, timestamps } from "./attributes";
import { gsi2, keyed, primary, SERVICE } from "./keys";

/**
 * A pack of regrips an admin sells (packs/admin.ts): how many regrips, the price, the core services a credit
 * covers, how many days a bought one is good for (none: forever). A bought pack is a packCredit.
 */
export const pack = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "pack", version: "1" },
      attributes: {
        id: generatedId(),
        name: { type: "string", required: true },
        regrips: { type: "number", required: true },
        priceCents: requiredCents(),
        /** Core service names (shared/catalogue.ts `coreServiceNames`) a credit covers. */
        services: { type: "list", items: { type: "string" }, required: true },
        validDays: { type: "number" },
        isActive: { type: "boolean", required: true, default: true },
        ...timestamps(),
      },
      indexes: {
        byId: keyed(primary, ["id"], "pack#${id}", [], "pack"),
        /** The public and the admin's list, one Query of one partition (a shop sells a few packs). */
        allPacks: keyed(gsi2, [], "packs", ["createdAt"], "${createdAt}"),
      },
    },
    config,
  );
export type Pack = ReturnType<typeof pack>;
