import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, isoTimestamp, timestamps } from "./attributes";
import { PLANS, SUBSCRIPTION_STATUSES } from "./enums";
import { casing, gsi1, primary, SERVICE } from "./keys";

/** A monthly plan, in its owner's partition. */
export const subscription = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "subscription", version: "1" },
      attributes: {
        userId: { type: "string", required: true, readOnly: true },
        id: generatedId(),
        plan: { type: PLANS, required: true },
        stripeCustomerId: { type: "string" },
        stripeSubscriptionId: { type: "string" },
        assignedPaddleIds: { type: "list", items: { type: "string" } },
        status: { type: SUBSCRIPTION_STATUSES, required: true, default: "incomplete" },
        currentPeriodEnd: isoTimestamp(),
        /** Stripe's cancel_at_period_end: the plan ends when the period does. */
        cancelAtPeriodEnd: { type: "boolean" },
        /** Core regrips covered in the period ending at `usagePeriodEnd` (shared/membership.ts `regripsLeft`). */
        regripsUsed: { type: "number" },
        usagePeriodEnd: isoTimestamp(),
        /** The `created` time (epoch seconds) of the Stripe event last applied: an older event changes nothing. */
        lastEventAt: { type: "number" },
        ...timestamps(),
      },
      indexes: {
        byUser: {
          collection: "account",
          pk: { field: primary.pk, composite: ["userId"], template: "user#${userId}", casing },
          sk: { field: primary.sk, composite: ["id"], template: "subscription#${id}", casing },
        },
        /** Subscriptions in a state (e.g. every active one), oldest first. */
        byStatus: {
          index: gsi1.index,
          pk: { field: gsi1.pk, composite: ["status"], template: "subscriptionStatus#${status}", casing },
          sk: { field: gsi1.sk, composite: ["createdAt"], template: "${createdAt}", casing },
        },
      },
    },
    config,
  );
export type Subscription = ReturnType<typeof subscription>;
