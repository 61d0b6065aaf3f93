import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billOf, type BillSource } from "../shared/bill";
import { generatedOrders } from "../shared/generated-orders.test-support";
import { orderTotals } from "../shared/totals";
import { checkoutLines } from "./provider-parts";

/** Orders to pay (a checkout is opened only for something to pay: payments/checkout.ts refuses a total of 0). */
const orders = generatedOrders
  .map((order): BillSource & { id: string; bagNumber: string } => ({ ...order, id: "01JORDER0000000000000000", bagNumber: "104", paymentStatus: "unpaid", refundedAmountCents: 0, refunds: [], paidAt: null }))
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
