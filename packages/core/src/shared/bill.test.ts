import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billOf, lineCharges } from "./bill";
import { COVERED_LINE_NOTE } from "./membership";
import { generatedOrders } from "./generated-orders.test-support";
import { lineShares, orderTotals, spread } from "./totals";

const orders = generatedOrders;

describe("the bill", () => {
  it("adds up for every order: lines − discounts − coverage − points + tax = total; payments + balance = total; net = collected − refunds", () => {
    fc.assert(
      fc.property(orders, (order) => {
        const bill = billOf(order);
        const lines = bill.lines.reduce((sum, line) => sum + line.amountCents, 0);
        const discounts = bill.discounts.reduce((sum, discount) => sum + discount.amountCents, 0);
        expect(lines - discounts - bill.coverageCents - bill.pointsCents + bill.taxCents).toBe(bill.totalCents);
        expect(bill.subtotalCents).toBe(lines);
        const payments = bill.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
        expect(payments + bill.balanceCents).toBe(bill.totalCents);
        const refunds = bill.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
        expect(refunds).toBe(order.refundedAmountCents);
        const collected = bill.payments.filter((payment) => payment.tender !== "COMP").reduce((sum, payment) => sum + payment.amountCents, 0);
        expect(bill.netCents).toBe(collected - refunds);
        // Each line's charge and tax add up to the total: refunding every line gives back exactly what was charged.
        expect(bill.lines.reduce((sum, line) => sum + line.chargedCents + line.taxCents, 0)).toBe(bill.totalCents);
        expect(bill.lines.reduce((sum, line) => sum + line.taxCents, 0)).toBe(bill.taxCents);
        for (const line of bill.lines) if (!line.taxable) expect(line.taxCents).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it("names a promotion and a staff discount, shows the covered unit at its price and a comp as a payment", () => {
    const promo = billOf({
      lineItems: [{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }],
      subtotalCents: 4500,
      discountAmountCents: 500,
      promoCode: "GRIP5",
      taxCents: 0,
      totalCents: 4000,
      paymentStatus: "unpaid",
      paymentMethod: "STRIPE",
      refundedAmountCents: 0,
    });
    expect(promo.discounts).toEqual([{ kind: "promotion", label: "Promotion GRIP5", amountCents: 500 }]);
    expect(promo.balanceCents).toBe(4000);
    const covered = billOf({
      lineItems: [{ name: "Strip and Grip", description: COVERED_LINE_NOTE, priceCents: 0, quantity: 1 }, { name: "Edge Tape", priceCents: 500, quantity: 1, taxable: true }],
      subtotalCents: 500,
      discountAmountCents: 0,
      coveredCents: 4500,
      taxCents: 40,
      taxRateBps: 800,
      totalCents: 540,
      paymentStatus: "paid",
      paymentMethod: "POS_CASH",
      posPaymentDetails: { staffName: "Sam" },
      paidAt: "2026-11-27T17:00:00.000Z",
      refundedAmountCents: 0,
    });
    expect(covered.lines[0]).toMatchObject({ covered: true, unitCents: 4500, amountCents: 4500, taxCents: 0 });
    expect(covered.lines[1]).toMatchObject({ taxable: true, chargedCents: 500, taxCents: 40 });
    expect(covered.coverageCents).toBe(4500);
    expect(covered.payments).toEqual([{ tender: "POS_CASH", amountCents: 540, at: "2026-11-27T17:00:00.000Z", by: "Sam" }]);
    const comp = billOf({
      lineItems: [{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }],
      subtotalCents: 4500,
      discountAmountCents: 0,
      taxCents: 0,
      totalCents: 4500,
      paymentStatus: "comp",
      paymentMethod: "COMP",
      refundedAmountCents: 0,
    });
    expect(comp).toMatchObject({ payments: [{ tender: "COMP", amountCents: 4500 }], balanceCents: 0, netCents: 0 });
  });

  it("lists a refund recorded before refunds were listed as one refund of the rest, with its share of the tax", () => {
    const bill = billOf({
      lineItems: [{ name: "Edge Guard", priceCents: 1000, quantity: 2, taxable: true }],
      subtotalCents: 2000,
      discountAmountCents: 0,
      taxCents: 160,
      taxRateBps: 800,
      totalCents: 2160,
      paymentStatus: "paid",
      paymentMethod: "STRIPE",
      refundedAmountCents: 1080,
      refunds: [],
      updatedAt: "2026-11-27T19:00:00.000Z",
    });
    expect(bill.refunds).toEqual([{ amountCents: 1080, taxCents: 80, reason: null, at: "2026-11-27T19:00:00.000Z", by: null, tender: "STRIPE" }]);
    expect(bill.netCents).toBe(1080);
  });
});

describe("sales tax", () => {
  it("taxes the taxable lines after the discount and points, spread in proportion, rounded once per order", () => {
    // $45 regrip (labour) + $15 guard + $5 tape (goods), GRIP5 ($5 off), 100 points ($1), 7.5 %.
    const lines = [
      { priceCents: 4500, quantity: 1, taxable: false },
      { priceCents: 1500, quantity: 1, taxable: true },
      { priceCents: 500, quantity: 1, taxable: true },
    ];
    const totals = orderTotals(lines, { promotion: { code: "GRIP5", percentage: 0, amountCents: 500 }, pointsCents: 100, taxRateBps: 750 });
    const shares = lineShares(lines, { discountAmountCents: 500, pointsDiscountCents: 100, taxRateBps: 750 });
    // The $5 is spread 45:15:5 over the lines, the $1 over what is left.
    expect(shares.map((s) => s.discountCents)).toEqual([346, 115, 39]);
    expect(shares.map((s) => s.netCents).reduce((a, b) => a + b, 0)).toBe(5900);
    // (1500 − 115 − 23 + 500 − 39 − 8) × 7.5 % = 136.125 → 136.
    expect(shares.map((s) => s.pointsCents)).toEqual([69, 23, 8]);
    expect(totals).toEqual({ subtotalCents: 6500, discountAmountCents: 500, pointsDiscountCents: 100, taxCents: 136, totalCents: 6036 });
  });

  it("charges none at a rate of 0 or on labour alone, and spread never loses a cent", () => {
    expect(orderTotals([{ priceCents: 4500, quantity: 1, taxable: true }]).taxCents).toBe(0);
    expect(orderTotals([{ priceCents: 4500, quantity: 1 }], { taxRateBps: 800 }).taxCents).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 8 }), (total, weights) => {
        const shares = spread(total, weights);
        if (weights.some((w) => w > 0)) expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        else expect(shares.every((s) => s === 0)).toBe(true);
      }),
    );
  });

  it("spreads an order's rounded tax back over its lines", () => {
    const charges = lineCharges({
      lineItems: [
        { name: "a", priceCents: 333, quantity: 1, taxable: true },
        { name: "b", priceCents: 333, quantity: 1, taxable: true },
        { name: "c", priceCents: 334, quantity: 1, taxable: false },
      ],
      discountAmountCents: 0,
      pointsDiscountCents: 0,
      taxRateBps: 725,
      taxCents: 48,
    });
    expect(charges).toEqual([
      { netCents: 333, taxCents: 24 },
      { netCents: 333, taxCents: 24 },
      { netCents: 334, taxCents: 0 },
    ]);
  });
});
