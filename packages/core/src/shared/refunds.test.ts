import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EARLIER_DAY_REFUND, LINES_CHARGED_NOTHING, NOTHING_TO_REFUND, refundFigures, refundRefusal, RefundRequest, unitsRefund, type RefundSource } from "./refunds";
import { orderTotals } from "./totals";

/** A paid order of taxed and untaxed lines, priced by the one totals rule. */
function paidOrder(lines: { priceCents: number; quantity: number; taxable: boolean }[], staffCents = 0, taxRateBps = 750): RefundSource {
  const totals = orderTotals(lines, { staffCents, taxRateBps });
  return {
    lineItems: lines.map((line, i) => ({ name: `Line ${i}`, ...line })),
    subtotalCents: totals.subtotalCents,
    discountAmountCents: totals.discountAmountCents,
    taxCents: totals.taxCents,
    taxRateBps,
    totalCents: totals.totalCents,
    paymentStatus: "paid",
    paymentMethod: "POS_CASH",
    paidAt: "2026-11-28T17:00:00.000Z",
    refundedAmountCents: 0,
    refunds: [],
  };
}

describe("a line refunded unit by unit", () => {
  it("gives back exactly what the line was charged and taxed, whatever the units", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 5_000 }), (units, charged, tax) => {
        let given = 0;
        let taxGiven = 0;
        for (let before = 0; before < units; before++) {
          const part = unitsRefund({ units, chargedCents: charged, taxCents: tax }, before, 1);
          given += part.amountCents;
          taxGiven += part.taxCents;
        }
        expect(given).toBe(charged + tax);
        expect(taxGiven).toBe(tax);
      }),
    );
  });

  it("gives nothing for a unit only once the line has nothing left, so a refused unit strands no cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 20 }), (units, charged, tax) => {
        let given = 0;
        for (let before = 0; before < units; before++) {
          const part = unitsRefund({ units, chargedCents: charged, taxCents: tax }, before, 1);
          if (part.amountCents === 0) expect(given).toBe(charged + tax);
          given += part.amountCents;
        }
      }),
    );
    // The case a random run found: 3 units charged 2 cents once gave 1, 0, 1, and the refused middle unit kept a cent.
    expect([0, 1, 2].map((before) => unitsRefund({ units: 3, chargedCents: 2, taxCents: 0 }, before, 1).amountCents)).toEqual([1, 1, 0]);
  });
});

describe("refundFigures", () => {
  it("gives back every line of a paid order to its total, and nothing more after", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ priceCents: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 20_000 })), quantity: fc.integer({ min: 1, max: 4 }), taxable: fc.boolean() }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 100 }),
        (lines, percentOff) => {
          const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
          let order = paidOrder(lines, Math.floor((subtotal * percentOff) / 200));
          let tax = 0;
          for (const [index, line] of lines.entries()) {
            for (let unit = 0; unit < line.quantity; unit++) {
              const decided = refundFigures(order, { lines: [{ lineId: String(index), quantity: 1 }] });
              // A unit the discount took whole gives nothing back, and once the order is all refunded nothing is left:
              // either way the sums below prove no cent was stranded on a unit still to come.
              if (!decided.ok && (decided.message === LINES_CHARGED_NOTHING || decided.message === NOTHING_TO_REFUND)) continue;
              if (!decided.ok) throw new Error(decided.message);
              tax += decided.figures.taxCents;
              order = {
                ...order,
                refundedAmountCents: order.refundedAmountCents + decided.figures.amountCents,
                refunds: [...(order.refunds ?? []), { ...decided.figures, at: "2026-11-28T18:00:00.000Z" }],
              };
            }
          }
          expect(order.refundedAmountCents).toBe(order.totalCents);
          expect(tax).toBe(order.taxCents);
        },
      ),
    );
  });

  it("takes an amount's tax in proportion, the rest of it with the last cent, and refuses more than is left", () => {
    const order = paidOrder([
      { priceCents: 4500, quantity: 1, taxable: false },
      { priceCents: 1500, quantity: 1, taxable: true },
      { priceCents: 500, quantity: 1, taxable: true },
    ]);
    expect(order).toMatchObject({ taxCents: 150, totalCents: 6650 });
    expect(refundFigures(order, { amountCents: 1000 })).toEqual({ ok: true, figures: { amountCents: 1000, taxCents: 23 } });
    const after = { ...order, refundedAmountCents: 1000, refunds: [{ amountCents: 1000, taxCents: 23, at: "x" }] };
    expect(refundFigures(after, { amountCents: 5650 })).toEqual({ ok: true, figures: { amountCents: 5650, taxCents: 127 } });
    expect(refundFigures(after, { amountCents: 5651 })).toMatchObject({ ok: false, conflict: true, message: "Only $56.50 is left to refund." });
    expect(refundFigures(order, { lines: [{ lineId: "1", quantity: 2 }] })).toMatchObject({ ok: false, message: "Only 1 of Line 1 can still be refunded." });
  });
});

describe("who may refund", () => {
  it("lets an employee refund a payment of the shop's day only, and an admin any", () => {
    // 10:00 in Denver on the 28th; 23:30 in Denver on the 27th is 06:30Z on the 28th.
    const now = new Date("2026-11-28T17:00:00.000Z");
    expect(refundRefusal({ paidAt: "2026-11-28T08:00:00.000Z" }, "employee", now)).toBeNull();
    expect(refundRefusal({ paidAt: "2026-11-28T06:30:00.000Z" }, "employee", now)).toBe(EARLIER_DAY_REFUND);
    expect(refundRefusal({ paidAt: null }, "employee", now)).toBe(EARLIER_DAY_REFUND);
    expect(refundRefusal({ paidAt: "2026-10-01T08:00:00.000Z" }, "admin", now)).toBeNull();
  });

  it("asks lines or an amount, never both, and a reason", () => {
    expect(RefundRequest.safeParse({ amountCents: 100, reason: " Goodwill " })).toMatchObject({ success: true, data: { reason: "Goodwill" } });
    expect(RefundRequest.safeParse({ amountCents: 100, lines: [{ lineId: "0", quantity: 1 }], reason: "x" }).success).toBe(false);
    expect(RefundRequest.safeParse({ reason: "x" }).success).toBe(false);
    expect(RefundRequest.safeParse({ amountCents: 100, reason: "   " }).success).toBe(false);
  });
});
