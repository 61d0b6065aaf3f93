/**
 * Orders as pricing makes them, for the property tests of what reads an order's money (bill.test.ts,
 * payments/checkout-lines.test.ts, notifications/...): lines, a promotion or a staff discount, points, a rate, a
 * covered unit, a payment state. Test support only: nothing outside tests imports it.
 */
import fc from "fast-check";
import type { BillSource } from "./bill";
import { COVERED_LINE_NOTE } from "./membership";
import { orderTotals } from "./totals";

export const generatedOrders = fc
  .record({
    lines: fc.array(
      fc.record({ priceCents: fc.integer({ min: 0, max: 20_000 }), quantity: fc.integer({ min: 1, max: 5 }), taxable: fc.boolean() }),
      { minLength: 1, maxLength: 6 },
    ),
    promotion: fc.option(fc.oneof(fc.record({ code: fc.constant("GRIP5"), percentage: fc.constant(0), amountCents: fc.integer({ min: 1, max: 10_000 }) }), fc.record({ code: fc.constant("TEN"), percentage: fc.integer({ min: 1, max: 100 }), amountCents: fc.constant(0) }))),
    staffCents: fc.integer({ min: 0, max: 30_000 }),
    pointsCents: fc.integer({ min: 0, max: 5_000 }),
    taxRateBps: fc.integer({ min: 0, max: 2_000 }),
    coveredCents: fc.option(fc.integer({ min: 1, max: 6_000 })),
    payment: fc.constantFrom("unpaid", "paid", "comp", "refunded"),
    method: fc.constantFrom("STRIPE", "POS_CASH", "POS_CARD"),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((o): BillSource => {
    const lines = o.coveredCents ? [{ priceCents: 0, quantity: 1, taxable: false, description: COVERED_LINE_NOTE }, ...o.lines] : o.lines;
    const totals = orderTotals(lines, o.promotion ? { promotion: o.promotion, pointsCents: o.pointsCents, taxRateBps: o.taxRateBps } : { staffCents: o.staffCents, pointsCents: o.pointsCents, taxRateBps: o.taxRateBps });
    const paid = o.payment === "paid" || o.payment === "refunded";
    const refunded = o.payment === "refunded" ? totals.totalCents : paid ? Math.floor(totals.totalCents * o.refundShare) : 0;
    return {
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
      paymentStatus: o.payment,
      paymentMethod: o.payment === "comp" ? "COMP" : o.method,
      paidAt: paid ? "2026-11-27T17:00:00.000Z" : null,
      refundedAmountCents: refunded,
      refunds: refunded ? [{ amountCents: refunded, taxCents: 0, reason: "Not done", at: "2026-11-27T18:00:00.000Z" }] : [],
    };
  });

