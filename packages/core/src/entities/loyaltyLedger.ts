import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, timestamps } from "./attributes";
import { LOYALTY_ENTRY_TYPES } from "./enums";
import { keyed, primary, SERVICE } from "./keys";

/**
 * One change to a loyalty balance, newest last (`order: "desc"` for newest first).
 *
 * Kept in its own per-user partition, not the user's: the ledger grows
 * without bound, and the "account" collection Query over the user's partition
 * would have to read past every entry.
 */
export const loyaltyLedger = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "loyaltyLedger", version: "1" },
      attributes: {
        userId: { type: "string", required: true, readOnly: true },
        id: generatedId(),
        orderId: { type: "string" },
        /** The order's number (orders/numbers.ts), so the history names the order as people know it: "Earned on order R-1042". */
        orderNumber: { type: "number" },
        type: { type: LOYALTY_ENTRY_TYPES, required: true },
        /** Signed whole points: positive earns, negative spends. */
        points: { type: "number", required: true, validate: (n: number | undefined) => n === undefined || Number.isSafeInteger(n) },
        reason: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byUser: keyed(primary, ["userId"], "loyalty#${userId}", ["createdAt", "id"], "${createdAt}#${id}"),
      },
    },
    config,
  );
export type LoyaltyLedger = ReturnType<typeof loyaltyLedger>;
