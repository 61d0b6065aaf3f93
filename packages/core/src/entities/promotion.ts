import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { centsDefaultZero, generatedId, timestamps } from "./attributes";
import { casing, gsi1, gsi2, primary, SERVICE } from "./keys";

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
        byId: {
          pk: { field: primary.pk, composite: ["id"], template: "promotion#${id}", casing },
          sk: { field: primary.sk, composite: [], template: "promotion", casing },
        },
        /** GET /api/promotions/{code}. */
        byCode: {
          index: gsi1.index,
          pk: { field: gsi1.pk, composite: ["code"], template: "promocode#${code}", casing },
          sk: { field: gsi1.sk, composite: [], template: "promotion", casing },
        },
        /** Admin list, oldest first (or `order: "desc"`). */
        allPromotions: {
          index: gsi2.index,
          pk: { field: gsi2.pk, composite: [], template: "promotions", casing },
          sk: { field: gsi2.sk, composite: ["createdAt"], template: "${createdAt}", casing },
        },
      },
    },
    config,
  );
export type Promotion = ReturnType<typeof promotion>;
