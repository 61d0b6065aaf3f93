import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { currency, generatedId, requiredCents, timestamps } from "./attributes";
import { casing, primary, SERVICE } from "./keys";

/** A tip left on an order; stored in the order's partition, so an order's tips are one Query. */
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
        stripePaymentIntentId: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byOrder: {
          pk: { field: primary.pk, composite: ["orderId"], template: "order#${orderId}", casing },
          sk: { field: primary.sk, composite: ["id"], template: "tip#${id}", casing },
        },
      },
    },
    config,
  );
export type Tip = ReturnType<typeof tip>;
