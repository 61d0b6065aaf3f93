import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { timestamps } from "./attributes";
import { keyed, primary, SERVICE } from "./keys";

/** A user's points balance: one item in the user's partition, so one per user by key. */
export const loyaltyAccount = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "loyaltyAccount", version: "1" },
      attributes: {
        userId: { type: "string", required: true, readOnly: true },
        /** Whole points; changed only with `add`/`subtract` in the transaction that writes the ledger entry. */
        balance: { type: "number", required: true, default: 0, validate: (n: number | undefined) => n === undefined || Number.isSafeInteger(n) },
        ...timestamps(),
      },
      indexes: {
        byUser: {
          ...keyed(primary, ["userId"], "user#${userId}", [], "loyalty"),
          collection: "account",
        },
      },
    },
    config,
  );
export type LoyaltyAccount = ReturnType<typeof loyaltyAccount>;
