/**
 * The membership step of a sale (a booking, a storefront invoice, a quick sale): the customer's subscription and the
 * code that applies it (./allowance.ts), loaded beside the sale's other reads and off the cold start of the routes
 * that make orders (`npm run bench:lambda`).
 */
type AllowanceModule = typeof import("./allowance");

/** What a sale applies a membership with. */
export type Allowance = Pick<AllowanceModule, "coverageOf" | "coverLine" | "coveredOrder" | "takeRegrip" | "allowanceRefusal">;

export async function membershipOf(userId: string): Promise<{ allowance: Allowance; subscription: Awaited<ReturnType<AllowanceModule["subscriptionOf"]>> }> {
  const { subscriptionOf, coverageOf, coverLine, coveredOrder, takeRegrip, allowanceRefusal } = await import("./allowance");
  return { allowance: { coverageOf, coverLine, coveredOrder, takeRegrip, allowanceRefusal }, subscription: await subscriptionOf(userId) };
}
