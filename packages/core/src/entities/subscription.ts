import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, isoTimestamp, timestamps } from "./attributes";
import { PLANS, SUBSCRIPTION_STATUSES } from "./enums";
import { gsi1, keyed, primary, SERVICE } from "./keys";

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
          ...keyed(primary, ["userId"], "user#${userId}", ["id"], "subscription#${id}"),
          collection: "account",
        },
        /** Subscriptions in a state (e.g. every active one), oldest first. */
        byStatus: keyed(gsi1, ["status"], "subscriptionStatus#${status}", ["createdAt"], "${createdAt}"),
      },
    },
    config,
  );
export type Subscription = ReturnType<typeof subscription>;
