import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { timestamps } from "./attributes";
import { casing, primary, SERVICE } from "./keys";

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
          collection: "account",
          pk: { field: primary.pk, composite: ["userId"], template: "user#${userId}", casing },
          sk: { field: primary.sk, composite: [], template: "loyalty", casing },
        },
      },
    },
    config,
  );
export type LoyaltyAccount = ReturnType<typeof loyaltyAccount>;
