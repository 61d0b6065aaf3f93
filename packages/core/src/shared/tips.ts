/**
 * Tips (issue 21), written once for the server (tips/) and the order page. Browser-safe, no zod.
 *
 * Once an order is Ready or Picked Up, its owner may tip: 10, 15 or 20 % of the order, or a custom amount from
 * $0.01 to $100, paid by card. A tip never changes the order's total or its points.
 */

export const TIP_PERCENTAGES = [10, 15, 20] as const;
export const TIP_MIN_CENTS = 1;
export const TIP_MAX_CENTS = 10_000;

/** The tip of `percentage` % of an order of `totalCents`, rounded to the cent (at least 1 cent, at most the cap). */
export function tipOfPercentage(totalCents: number, percentage: number): number {
  const cents = Math.round((Math.max(0, totalCents) * percentage) / 100);
  return Math.min(TIP_MAX_CENTS, Math.max(TIP_MIN_CENTS, cents));
}

export const TIP_AMOUNT_MESSAGE = `A tip must be between $0.01 and $${TIP_MAX_CENTS / 100}`;
export const TIP_NOT_YET = "You can tip once your paddle is ready";

/** Why a tip of `amountCents` is refused, or null. */
export function tipAmountRefusal(amountCents: unknown): string | null {
  return typeof amountCents === "number" && Number.isSafeInteger(amountCents) && amountCents >= TIP_MIN_CENTS && amountCents <= TIP_MAX_CENTS
    ? null
    : TIP_AMOUNT_MESSAGE;
}
