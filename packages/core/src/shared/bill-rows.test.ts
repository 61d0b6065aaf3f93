import { describe, expect, it } from "vitest";
import { billOf } from "./bill";
import { billAmount, billLineRows, billPaymentRows, billTotalRows } from "./bill-rows";
import { COVERED_LINE_NOTE } from "./membership";
import { orderTotals } from "./totals";

const text = (rows: ReturnType<typeof billLineRows>) => rows.map((row) => `${row.label}${row.detail ? ` (${row.detail})` : ""} ${billAmount(row)}`);

describe("the bill in rows", () => {
  const lineItems = [
    { name: "Strip and Grip", description: COVERED_LINE_NOTE, priceCents: 0, quantity: 1, taxable: false },
    { name: "Edge Tape", description: "Black", priceCents: 500, quantity: 2, taxable: true },
    { name: "Handle Build-Up", description: null, priceCents: 800, quantity: 1, taxable: false },
  ];
  const totals = orderTotals(lineItems, { promotion: { code: "GRIP5", percentage: 0, amountCents: 500 }, pointsCents: 1000, taxRateBps: 750 });
  const bill = billOf({
    lineItems,
    ...totals,
    promoCode: "GRIP5",
    coveredCents: 4500,
    pointsRedeemed: 100,
    taxRateBps: 750,
    paymentStatus: "paid",
    paymentMethod: "POS_CASH",
    paidAt: "2026-11-27T17:05:00.000Z",
    posPaymentDetails: { staffName: "Sam Tech" },
    refundedAmountCents: 300,
    refunds: [{ amountCents: 300, reason: "Tape not fitted", at: "2026-11-27T18:00:00.000Z", byName: "Alex Admin" }],
  });

  it("names every amount that makes the total: a covered line at its price with the coverage off, the promotion, the points, the tax", () => {
    expect(text(billLineRows(bill))).toEqual(["Strip and Grip (Covered by your membership) $45.00", "Edge Tape × 2 (Black) $10.00", "Handle Build-Up $8.00"]);
    expect(billLineRows(bill, "staff")[0]!.detail).toBe("Covered by membership");
    // $18.00 of lines less $5.00 and $10.00: the tape keeps $1.67 of its $10.00, taxed at 7.5 %: $0.13.
    expect(text(billTotalRows(bill))).toEqual([
      "Subtotal $63.00",
      "Your membership −$45.00",
      "Promotion GRIP5 −$5.00",
      "100 points −$10.00",
      "Sales tax (7.5%) $0.13",
      "Total $3.13",
    ]);
  });

  it("then each payment (tender in words, when, who), each refund (reason, when, who) and the balance; a public page leaves out who", () => {
    expect(text(billPaymentRows(bill))).toEqual([
      "Cash at the counter (Friday, November 27 at 10:05 am · by Sam Tech) $3.13",
      "Refund (Tape not fitted · Friday, November 27 at 11 am · by Alex Admin) −$3.00",
      "Balance due $0.00",
    ]);
    expect(text(billPaymentRows(bill, { showWho: false }))[0]).toBe("Cash at the counter (Friday, November 27 at 10:05 am) $3.13");
  });

  it("writes amounts as the pages do: grouped thousands, a minus sign for what is taken off", () => {
    expect(billAmount({ cents: 123_456_78, minus: false })).toBe("$123,456.78");
    expect(billAmount({ cents: 5, minus: true })).toBe("−$0.05");
  });
});
