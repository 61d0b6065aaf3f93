import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { currency, generatedId, isoTimestamp, requiredCents, timestamps } from "./attributes";
import { keyed, primary, SERVICE } from "./keys";

/** A tip's states: written `pending` when its checkout opens (the amount the payment page and the webhook trust), `paid` once. */
export const TIP_STATUSES = ["pending", "paid"] as const;

/**
 * A tip left on an order; stored in the order's partition, so an order's tips are one Query. Written `pending` with
 * its amount when the customer opens its checkout (tips/index.ts), made `paid` exactly once by the webhook
 * (tips/record.ts), with the staff member who moved the order to Ready.
 */
export const tip = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "tip", version: "1" },
      attributes: {
        orderId: { type: "string", required: true, readOnly: true },
        id: generatedId(),
        userId: { type: "string", required: true },
        amountCents: requiredCents(),
        currency: currency(),
        status: { type: TIP_STATUSES, required: true, default: "pending" },
        stripeCheckoutSessionId: { type: "string" },
        stripePaymentIntentId: { type: "string" },
        /** Who moved the order to Ready (its status history), the tip's staff member; absent when nobody on staff did. */
        staffId: { type: "string" },
        staffName: { type: "string" },
        paidAt: isoTimestamp(),
        ...timestamps(),
      },
      indexes: {
        byOrder: keyed(primary, ["orderId"], "order#${orderId}", ["id"], "tip#${id}"),
      },
    },
    config,
  );
export type Tip = ReturnType<typeof tip>;
