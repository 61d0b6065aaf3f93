import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { centsDefaultZero, generatedId, timestamps } from "./attributes";
import { gsi1, gsi2, keyed, primary, SERVICE } from "./keys";

const isPercentage = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 100);

/**
 * A promo code: a percentage of the subtotal or a fixed amount in cents.
 * The code is stored upper-case, at most 20 characters, and is unique
 * (uniqueValue kind `promoCode`).
 */
export const promotion = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "promotion", version: "1" },
      attributes: {
        id: generatedId(),
        /** Upper-case, at most 20 characters; in a key, so normalise with `normaliseCode` before writing or querying. */
        code: { type: "string", required: true, validate: /^[A-Z0-9_-]{1,20}$/ },
        percentage: { type: "number", required: true, default: 0, validate: isPercentage },
        amountCents: centsDefaultZero(),
        isActive: { type: "boolean", required: true, default: true },
        ...timestamps(),
      },
      indexes: {
        byId: keyed(primary, ["id"], "promotion#${id}", [], "promotion"),
        /** GET /api/promotions/{code}. */
        byCode: keyed(gsi1, ["code"], "promocode#${code}", [], "promotion"),
        /** Admin list, oldest first (or `order: "desc"`). */
        allPromotions: keyed(gsi2, [], "promotions", ["createdAt"], "${createdAt}"),
      },
    },
    config,
  );
export type Promotion = ReturnType<typeof promotion>;
