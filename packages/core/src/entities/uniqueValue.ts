import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { isWholeNumber, nowIso } from "./attributes";
import { UNIQUE_KINDS, type UniqueKind } from "./enums";
import { keyed, primary, SERVICE, ttlField } from "./keys";

/**
 * The normal form a value is reserved under, so `Ann@Example.com` and
 * `ann@example.com` collide. Use it for every create, get and delete.
 */
export function normaliseUniqueValue(kind: UniqueKind, value: string): string {
  const trimmed = value.trim();
  switch (kind) {
    case "email":
    case "username":
    case "bagQrSlug":
      return trimmed.toLowerCase();
    case "promoCode":
    case "skuCode":
    case "bagCode":
    case "bagHold":
      return trimmed.toUpperCase();
    default:
      return trimmed;
  }
}

/** The key of the uniqueValue item for `value`: `uniqueValue.get(uniqueKey("email", e))`. */
export function uniqueKey(kind: UniqueKind, value: string): { kind: UniqueKind; value: string } {
  return { kind, value: normaliseUniqueValue(kind, value) };
}

/**
 * One item per unique value (email, username, bag QR slug, promo code, sku
 * code, ...), written with `create()` (attribute_not_exists) in the same
 * transaction as its owner. A second owner's transaction is cancelled, so
 * uniqueness holds under concurrency without a Scan or a read-then-write.
 * `expiresAtEpoch` lets time-bound reservations (Stripe event ids,
 * Idempotency-Keys) expire through TTL.
 */
export const uniqueValue = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "uniqueValue", version: "1" },
      attributes: {
        kind: { type: UNIQUE_KINDS, required: true, readOnly: true },
        value: { type: "string", required: true, readOnly: true },
        /** The id of the item holding the value (user id, bag id, promotion id, order id ...). */
        ownerId: { type: "string", required: true },
        expiresAtEpoch: { type: "number", field: ttlField, validate: isWholeNumber },
        /** What the request that reserved an Idempotency-Key answered, once done (a broadcast's counts): a repeat answers it. */
        result: { type: "any" },
        createdAt: { type: "string", required: true, readOnly: true, default: nowIso },
      },
      indexes: {
        byValue: keyed(primary, ["kind", "value"], "unique#${kind}#${value}", [], "unique"),
      },
    },
    config,
  );
export type UniqueValue = ReturnType<typeof uniqueValue>;
