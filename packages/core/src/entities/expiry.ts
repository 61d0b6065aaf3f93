import { isIsoTimestamp } from "./attributes";
import { ttlField } from "./keys";

/**
 * `expiresAt` (ISO-8601, what readers compare: TTL deletion is not immediate) and `expiresAtEpoch`, derived from it
 * for DynamoDB's TTL (epoch seconds), for an item that is gone some time after it expires. A factory, so no two
 * entities share one object.
 */
export function expiresAt() {
  return {
    expiresAt: { type: "string", required: true, validate: isIsoTimestamp },
    expiresAtEpoch: {
      type: "number",
      field: ttlField,
      watch: ["expiresAt"],
      set: (_: number | undefined, item: { expiresAt?: string }) => (item.expiresAt ? Math.ceil(Date.parse(item.expiresAt) / 1000) : undefined),
    },
  } as const;
}
