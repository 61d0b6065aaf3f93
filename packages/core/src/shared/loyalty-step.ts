/**
 * The step points are redeemed in, and its words (issue 21). Re-exported by ./loyalty.ts, where the rest of the
 * points rules live; a module of its own so the request's schema (./loyalty-input.ts) reads it without the
 * arithmetic, which the booking's and the invoice's Lambdas load only with a redemption (npm run bench:lambda).
 */

/** Points are redeemed in steps of this many. */
export const POINTS_PER_REWARD = 100;

export const REDEEM_STEP_MESSAGE = `Points are redeemed in steps of ${POINTS_PER_REWARD}`;
