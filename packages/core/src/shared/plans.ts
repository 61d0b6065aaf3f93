/**
 * The membership plans' names, alone: what the subscription entity's `plan` field allows (entities/enums.ts). Kept
 * apart from shared/membership.ts (the plans' terms and the allowance, which re-exports these) so every Lambda that
 * loads the entities does not carry the allowance's code (`npm run bench:lambda`). Browser-safe.
 */
export const SUBSCRIPTION_PLANS = ["SINGLE_MONTHLY", "FAMILY3_MONTHLY"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
