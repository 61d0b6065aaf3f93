import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billOf, type BillSource } from "../shared/bill";
import { COVERED_LINE_NOTE } from "../shared/membership";
import { orderTotals } from "../shared/totals";
import { checkoutLines } from "./provider-parts";

/** Orders as pricing makes them: lines, a promotion or a staff discount, points, a rate, maybe a covered regrip. */
const orders = fc
  .record({
    lines: fc.array(
      fc.record({ priceCents: fc.integer({ min: 0, max: 20_000 }), quantity: fc.integer({ min: 1, max: 5 }), taxable: fc.boolean() }),
      { minLength: 1, maxLength: 6 },
    ),
    promotion: fc.option(fc.record({ code: fc.constant("GRIP5"), percentage: fc.constant(0), amountCents: fc.integer({ min: 1, max: 10_000 }) })),
    staffCents: fc.integer({ min: 0, max: 30_000 }),
    pointsCents: fc.integer({ min: 0, max: 5_000 }),
    taxRateBps: fc.integer({ min: 0, max: 2_000 }),
    coveredCents: fc.option(fc.integer({ min: 1, max: 6_000 })),
  })
  .map((o): BillSource & { id: string; bagNumber: string } => {
    const lines = o.coveredCents ? [{ priceCents: 0, quantity: 1, taxable: false, description: COVERED_LINE_NOTE }, ...o.lines] : o.lines;
    const totals = orderTotals(lines, o.promotion ? { promotion: o.promotion, pointsCents: o.pointsCents, taxRateBps: o.taxRateBps } : { staffCents: o.staffCents, pointsCents: o.pointsCents, taxRateBps: o.taxRateBps });
    return {
      id: "01JORDER0000000000000000",
      bagNumber: "104",
      lineItems: lines.map((line, i) => ({ name: `Line ${i}`, ...line })),
      subtotalCents: totals.subtotalCents,
      discountAmountCents: totals.discountAmountCents,
      promoCode: o.promotion?.code ?? null,
      coveredCents: o.coveredCents,
      pointsDiscountCents: totals.pointsDiscountCents,
      pointsRedeemed: totals.pointsDiscountCents,
      taxCents: totals.taxCents,
      taxRateBps: o.taxRateBps,
      totalCents: totals.totalCents,
      paymentStatus: "unpaid",
      paymentMethod: "STRIPE",
      refundedAmountCents: 0,
    };
  })
  // A checkout is opened only for something to pay (payments/checkout.ts refuses a total of 0).
  .filter((order) => order.totalCents > 0);

const sum = (lines: ReturnType<typeof checkoutLines>) => lines.reduce((total, line) => total + line.amountCents * line.quantity, 0);

describe("checkout lines", () => {
  it("add up to the bill's total for every order, with no negative or empty line, and name the tax, the promotion and the points", () => {
    fc.assert(
      fc.property(orders, (order) => {
        const bill = billOf(order);
        const lines = checkoutLines(order);
        expect(sum(lines)).toBe(bill.totalCents);
        for (const line of lines) {
          expect(line.amountCents).toBeGreaterThan(0);
          expect(Number.isInteger(line.amountCents)).toBe(true);
          expect(line.quantity).toBeGreaterThanOrEqual(1);
        }
        const words = lines.map((line) => `${line.name} ${line.description ?? ""}`).join(" | ");
        if (bill.taxCents > 0) expect(lines.find((line) => line.name.startsWith("Sales tax"))?.amountCents).toBe(bill.taxCents);
        if (bill.discounts.length > 0) expect(words).toContain(bill.discounts[0]!.label);
        if (bill.pointsCents > 0) expect(words).toContain(`${bill.pointsRedeemed} points`);
      }),
      { numRuns: 300 },
    );
  });

  it("shows each line at its charge after a promotion and points, and the tax as its own line", () => {
    const lineItems = [
      { name: "Strip and Grip", description: "Black, Tacky", priceCents: 4500, quantity: 1, taxable: false },
      { name: "Edge Tape", description: null, priceCents: 500, quantity: 2, taxable: true },
    ];
    const totals = orderTotals(lineItems, { promotion: { code: "GRIP5", percentage: 0, amountCents: 500 }, pointsCents: 1000, taxRateBps: 750 });
    const order = {
      id: "01JORDER0000000000000000",
      bagNumber: "104",
      lineItems,
      ...totals,
      promoCode: "GRIP5",
      pointsRedeemed: 100,
      taxRateBps: 750,
      paymentStatus: "unpaid",
      paymentMethod: "STRIPE",
      refundedAmountCents: 0,
    };
    // $55.00 less $15.00 spread in proportion: $32.73 and $7.27 (odd, so the tape's two units are one line); 7.5 % of $7.27 is $0.55.
    expect(checkoutLines(order)).toEqual([
      { name: "Strip and Grip", description: "Black, Tacky; after Promotion GRIP5 and 100 points", amountCents: 3273, quantity: 1 },
      { name: "Edge Tape × 2", description: "after Promotion GRIP5 and 100 points", amountCents: 727, quantity: 1 },
      { name: "Sales tax (7.5%)", amountCents: 55, quantity: 1 },
    ]);
    expect(sum(checkoutLines(order))).toBe(totals.totalCents);
  });
});
