/**
 * The membership plans' names, alone: what the subscription entity's `plan` field allows (entities/enums.ts). Kept
 * apart from shared/membership.ts (the plans' terms and the allowance, which re-exports these) so every Lambda that
 * loads the entities does not carry the allowance's code (`npm run bench:lambda`). Browser-safe.
 */
export const PLANS = ["SINGLE_MONTHLY", "FAMILY3_MONTHLY"] as const;
/** The kind of membership offered (the spec's "subscription plan"). */
export type Plan = (typeof PLANS)[number];

export const isPlan = (value: unknown): value is Plan => typeof value === "string" && (PLANS as readonly string[]).includes(value);
