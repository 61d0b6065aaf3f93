import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { cents, isoTimestamp, timestamps } from "./attributes";
import { PLANS } from "./enums";
import { keyed, primary, SERVICE } from "./keys";

/**
 * One membership charge paid (a subscription's invoice), for the member's payment history: the plan, the amount,
 * when it was paid and the period it pays for. Written once per invoice, with the invoice's ledger item
 * (memberships/webhook.ts). In its own per-user partition, newest last, as the points ledger is: it grows a month
 * at a time and the "account" collection over the user's partition should not read past it.
 */
export const membershipCharge = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "membershipCharge", version: "1" },
      attributes: {
        userId: { type: "string", required: true, readOnly: true },
        /** Stripe's invoice id. */
        invoiceId: { type: "string", required: true, readOnly: true },
        subscriptionId: { type: "string", required: true },
        plan: { type: PLANS, required: true },
        amountCents: { ...cents(), required: true },
        paidAt: { ...isoTimestamp(), required: true, readOnly: true },
        periodStart: isoTimestamp(),
        periodEnd: isoTimestamp(),
        /** "Visa ending in 4242", when Stripe said. */
        card: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byUser: keyed(primary, ["userId"], "membercharge#${userId}", ["paidAt", "invoiceId"], "${paidAt}#${invoiceId}"),
      },
    },
    config,
  );
