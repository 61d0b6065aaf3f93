import { describe, expect, it } from "vitest";
import type { TransactionEntities } from "../db/labelled";
import { averageOrderValue, DAY_FIGURES, paymentChanged, refundGiven, revenueOf, taxRefundedBy, type DayFigure } from "./daily";

type Figures = Record<DayFigure, number>;
const figures = (set: Partial<Figures>): Figures => ({ ...(Object.fromEntries(DAY_FIGURES.map((f) => [f, 0])) as Figures), ...set });

/** Entities that answer, for each day's ADD, the figures added: what the writes would add to the day's item. */
function recording() {
  const added: { day: string; add: Partial<Figures> }[] = [];
  const entities = {
    dailyStats: {
      update: ({ day }: { day: string }) => ({
        add: (add: Partial<Figures>) => ({ commit: () => added.push({ day, add }) }),
      }),
    },
  } as unknown as TransactionEntities;
  return { entities, added };
}

describe("the dashboard's money figures", () => {
  it("two orders of $48 and $65, the $65 refunded in full: revenue $48, average $48", () => {
    const month = figures({ paidOrders: 2, paidCents: 11_300, refundedCents: 6_500, refundedOrders: 1 });
    expect(revenueOf(month)).toBe(4_800);
    expect(averageOrderValue(month)).toBe(4_800);
  });

  it("a partial refund lowers revenue and the average, and keeps the order in the count", () => {
    const month = figures({ paidOrders: 2, paidCents: 11_300, refundedCents: 1_300 });
    expect(revenueOf(month)).toBe(10_000);
    expect(averageOrderValue(month)).toBe(5_000);
  });

  it("counts tax as paid but never tips in revenue or the average; subscription invoices in revenue only", () => {
    const month = figures({ paidOrders: 1, paidCents: 6_500, taxCents: 500, tipCents: 900, tips: 1, subscriptionPaidCents: 2_500 });
    expect(revenueOf(month)).toBe(9_000);
    expect(averageOrderValue(month)).toBe(6_500);
    expect(averageOrderValue(figures({ paidOrders: 1, paidCents: 4_800, refundedCents: 4_800, refundedOrders: 1 }))).toBeNull();
  });

  it("gives tax back in proportion, exactly the order's tax once refunded in full", () => {
    const order = { totalCents: 6_499, taxCents: 499 };
    expect(taxRefundedBy(order, 0)).toBe(0);
    expect(taxRefundedBy(order, 6_499)).toBe(499);
    expect(taxRefundedBy(order, 10_000)).toBe(499);
    expect(taxRefundedBy({ totalCents: 6_500 }, 1_300)).toBe(0);
    // Three refunds of a third each: their taxes add up to the order's.
    const cuts = [0, 2_166, 4_333, 6_499];
    const taxes = cuts.slice(1).map((to, i) => taxRefundedBy(order, to) - taxRefundedBy(order, cuts[i]!));
    expect(taxes.reduce((a, b) => a + b, 0)).toBe(499);
  });

  it("refundGiven: the amount, its tax (given or in proportion) and one order refunded in full when it completes the total", () => {
    const { entities, added } = recording();
    const order = { totalCents: 6_500, taxCents: 500, refundedAmountCents: 0, dropoffLocation: "LITTLETON" };
    refundGiven(entities, order, { amountCents: 1_300 }, "2026-11-28T18:00:00Z");
    refundGiven(entities, { ...order, refundedAmountCents: 1_300 }, { amountCents: 5_200, taxCents: 420 }, "2026-11-28T18:00:00Z");
    expect(added).toEqual([
      { day: "2026-11-28", add: { refundedCents: 1_300, refundedTaxCents: 100, taxLittletonCents: -100 } },
      { day: "2026-11-28", add: { refundedCents: 5_200, refundedTaxCents: 420, taxLittletonCents: -420, refundedOrders: 1 } },
    ]);
  });

  it("paymentChanged: a payment counts the order's total and tax on its day; a refund with it counts as refundGiven does", () => {
    const { entities, added } = recording();
    const before = { paymentStatus: "unpaid" as const, totalCents: 6_500, taxCents: 500, refundedAmountCents: 0, dropoffLocation: "COUNTER", counterShop: "HIGHLANDS_RANCH" };
    paymentChanged(entities, before, { paymentStatus: "refunded", paidAt: "2026-11-29T03:00:00Z", refundedAmountCents: 6_500 }, new Date());
    // The tax owed to the counter's shop comes and goes the same day: nothing is left owed there (0 is not written).
    expect(added).toEqual([
      { day: "2026-11-28", add: { paidOrders: 1, paidCents: 6_500, taxCents: 500, refundedCents: 6_500, refundedTaxCents: 500, refundedOrders: 1 } },
    ]);
    const partial = recording();
    paymentChanged(partial.entities, { ...before, dropoffLocation: "ONSITE" }, { paymentStatus: "paid", paidAt: "2026-11-29T03:00:00Z" }, new Date());
    expect(partial.added).toEqual([{ day: "2026-11-28", add: { paidOrders: 1, paidCents: 6_500, taxCents: 500, taxOnsiteCents: 500 } }]);
  });
});
