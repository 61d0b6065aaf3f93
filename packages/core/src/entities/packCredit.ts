import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, isoTimestamp, requiredCents, timestamps } from "./attributes";
import { keyed, primary, SERVICE } from "./keys";

/**
 * A bought pack's states: written `pending` when its checkout opens (what the payment page and the webhook trust),
 * `paid` once, `refunded` once its payment was given back in full (packs/refund.ts): its credits left cover nothing.
 */
export const PACK_CREDIT_STATUSES = ["pending", "paid", "refunded"] as const;

/**
 * A pack a customer bought, in a partition of its own per customer (their packs are one Query). Written `pending`
 * with the pack's terms as they were sold when the checkout opens (packs/index.ts), made `paid` exactly once by the
 * webhook (packs/record.ts); each covered booking adds one to `used` in the order's transaction, on condition that
 * fewer than `regrips` are used and it has not expired (packs/credit.ts); a cancel takes one off.
 */
export const packCredit = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "packCredit", version: "1" },
      attributes: {
        userId: { type: "string", required: true, readOnly: true },
        id: generatedId(),
        packId: { type: "string", required: true },
        name: { type: "string", required: true },
        regrips: { type: "number", required: true },
        used: { type: "number", required: true, default: 0 },
        /** Core service names (shared/catalogue.ts `coreServiceNames`) a credit covers. */
        services: { type: "list", items: { type: "string" }, required: true },
        validDays: { type: "number" },
        /** In the shop's currency, `PACK_CURRENCY` (shared/packs.ts). */
        priceCents: requiredCents(),
        status: { type: PACK_CREDIT_STATUSES, required: true, default: "pending" },
        stripeCheckoutSessionId: { type: "string" },
        stripePaymentIntentId: { type: "string" },
        paidAt: isoTimestamp(),
        /** Given back of its payment so far (Stripe's cumulative `amount_refunded`), in cents; `refundedAt` the last time. */
        refundedCents: { type: "number" },
        refundedAt: isoTimestamp(),
        expiresAt: isoTimestamp(),
        ...timestamps(),
      },
      indexes: {
        byUser: keyed(primary, ["userId"], "packs#${userId}", ["id"], "pack#${id}"),
      },
    },
    config,
  );
export type PackCredit = ReturnType<typeof packCredit>;
