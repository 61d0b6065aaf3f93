/**
 * The membership step of a sale (a booking, a storefront invoice, a quick sale): the customer's subscription and the
 * code that applies it (./allowance.ts), loaded beside the sale's other reads and off the cold start of the routes
 * that make orders (`npm run bench:lambda`).
 */
export type Allowance = typeof import("./allowance");

export async function membershipOf(userId: string): Promise<{ allowance: Allowance; subscription: Awaited<ReturnType<Allowance["subscriptionOf"]>> }> {
  const allowance: Allowance = await import("./allowance");
  return { allowance, subscription: await allowance.subscriptionOf(userId) };
}
