/**
 * Every text and email that states an order's money names every amount that changes its total, for any order
 * pricing can make: the booking confirmation, the payment receipt and the refund notice, each by text and by
 * email, and the payment link, built as the effects build them (confirmations.ts) from the order as stored.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderItem } from "../orders/view";
import { billOf } from "../shared/bill";
import { SMS_MAX_LENGTH } from "../shared/communications";
import { COVERED_LINE_NOTE } from "../shared/membership";
import { dollars } from "../shared/payment";
import { orderTotals } from "../shared/totals";
import { templates } from "../texts/templates";
import { confirmationParams, receiptParams, refundParams } from "./message-params";

const AT = "2026-11-27T17:00:00.000Z";

/** An order as pricing stores it: lines (a covered unit, goods and labour), a promotion or a staff discount, points, a tax rate, and its payment. */
const orders = fc
  .record({
    lines: fc.array(
      fc.record({
        name: fc.constantFrom("Strip and Grip", "Edge Guard", "Edge Tape", "Handle Build-Up", "Overgrip"),
        description: fc.option(fc.constantFrom("Black, Tacky", "White"), { nil: undefined }),
        priceCents: fc.integer({ min: 0, max: 20_000 }),
        quantity: fc.integer({ min: 1, max: 5 }),
        taxable: fc.boolean(),
      }),
      { minLength: 1, maxLength: 10 },
    ),
    promotion: fc.option(
      fc.oneof(
        fc.record({ code: fc.constant("GRIP5"), percentage: fc.constant(0), amountCents: fc.integer({ min: 1, max: 10_000 }) }),
        fc.record({ code: fc.constant("TEN"), percentage: fc.integer({ min: 1, max: 100 }), amountCents: fc.constant(0) }),
      ),
    ),
    staffCents: fc.integer({ min: 0, max: 30_000 }),
    points: fc.integer({ min: 0, max: 50 }).map((steps) => steps * 100),
    taxRateBps: fc.integer({ min: 0, max: 2_000 }),
    coveredCents: fc.option(fc.integer({ min: 1, max: 6_000 })),
    method: fc.constantFrom("STRIPE", "POS_CASH", "POS_CARD"),
    card: fc.boolean(),
    refundShares: fc.array(fc.double({ min: 0.01, max: 0.6, noNaN: true }), { maxLength: 3 }),
    bag: fc.option(fc.integer({ min: 100, max: 999 }).map(String), { nil: undefined }),
  })
  .map(({ lines: sold, promotion, staffCents, points, taxRateBps, coveredCents, method, card, refundShares, bag }) => {
    const lines = coveredCents ? [{ name: "Strip and Grip", description: COVERED_LINE_NOTE, priceCents: 0, quantity: 1, taxable: false }, ...sold] : sold;
    // 100 points are $10 off (shared/loyalty.ts); the points worth more than what is left are not taken.
    const totals = orderTotals(lines, { ...(promotion ? { promotion } : { staffCents }), pointsCents: points / 10, taxRateBps });
    const order = {
      id: `o-${bag ?? "x"}0f3a9c2e71`,
      userId: "u-1",
      bagNumber: bag,
      paddle: { nickname: "Big Blue" },
      dropoffLocation: "LITTLETON",
      pickupLocation: "LITTLETON",
      dropoffDateTime: "2026-11-30T17:00:00.000Z",
      pickupDate: "2026-12-01",
      status: "SCHEDULED",
      lineItems: lines,
      subtotalCents: totals.subtotalCents,
      discountAmountCents: totals.discountAmountCents,
      promoCode: promotion && totals.discountAmountCents > 0 ? promotion.code : undefined,
      discountByStaffName: !promotion && totals.discountAmountCents > 0 ? "Sam" : undefined,
      coveredCents: coveredCents ?? undefined,
      pointsRedeemed: totals.pointsDiscountCents * 10,
      pointsDiscountCents: totals.pointsDiscountCents,
      taxCents: totals.taxCents,
      taxRateBps,
      totalCents: totals.totalCents,
      paymentStatus: "unpaid",
      paymentMethod: method,
      refundedAmountCents: 0,
      ...(method === "STRIPE" && card ? { cardBrand: "visa", cardLast4: "4242" } : {}),
    } as unknown as OrderItem;
    const paid = { ...order, paymentStatus: "paid", paidAt: AT, ...(method === "STRIPE" ? {} : { posPaymentDetails: { staffName: "Sam" } }) } as OrderItem;
    // Each refund a share of what is left, its tax in proportion, listed on the order as the refund writer lists them.
    const refunds: { amountCents: number; taxCents: number }[] = [];
    let left = paid.totalCents;
    for (const share of refundShares) {
      const amountCents = Math.floor(left * share);
      if (amountCents <= 0) continue;
      refunds.push({ amountCents, taxCents: Math.round((paid.taxCents * amountCents) / paid.totalCents) });
      left -= amountCents;
    }
    const refunded = refunds.map((_, n) => {
      const given = refunds.slice(0, n + 1);
      const refundedAmountCents = given.reduce((sum, refund) => sum + refund.amountCents, 0);
      return {
        order: {
          ...paid,
          refundedAmountCents,
          paymentStatus: refundedAmountCents >= paid.totalCents ? "refunded" : "paid",
          refunds: given.map((refund, i) => ({ id: `r-${i}`, ...refund, reason: "Not done", at: AT })),
        } as OrderItem,
        refund: refunds[n]!,
      };
    });
    return { order, paid, refunded };
  });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `words` names `label` with `cents`: "Promotion GRIP5 -$5.00" in a text, "  Sales tax (7.5%): $1.15" in an email. */
function names(words: string, label: string, cents: number): boolean {
  const amount = cents < 0 ? `-${dollars(-cents)}` : dollars(cents);
  return new RegExp(`${escape(label)}(?: \\([^)]*\\))?:? ${escape(amount)}(?![0-9])`).test(words);
}

/** Every amount of the order's bill that changes its total, as "label" and signed cents. */
function amountsOf(order: OrderItem): [string, number][] {
  const bill = billOf(order);
  const amounts: [string, number][] = bill.discounts.map((discount) => [discount.label, -discount.amountCents]);
  if (bill.coverageCents) amounts.push(["Membership coverage", -bill.coverageCents]);
  if (bill.pointsCents) amounts.push([`${bill.pointsRedeemed} points`, -bill.pointsCents]);
  if (bill.taxCents) amounts.push(["Sales tax", bill.taxCents]);
  amounts.push(["Total", bill.totalCents]);
  return amounts;
}

/** A text: within one text's length, and plain ASCII (any other character sends it as Unicode, in shorter segments). */
function expectText(words: string) {
  expect(words.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  expect(words).toMatch(/^[\x20-\x7e]*$/);
}

describe("every text and email of an order", () => {
  it("names the total, each discount, the coverage, the points and the tax as dollars; a refund's its amount, tax and what stays paid", () => {
    fc.assert(
      fc.property(orders, ({ order, paid, refunded }) => {
        const messages: [string, string, OrderItem][] = [];
        const confirmation = confirmationParams(order);
        messages.push(["confirmation text", templates.bookingConfirmation.words(confirmation), order]);
        messages.push(["confirmation email", templates.bookingConfirmation.email(confirmation).text, order]);
        messages.push(["payment link", templates.paymentLink.words({ order, bill: billOf(order), url: "https://pay.test/x" }), order]);
        const receipt = receiptParams(paid);
        messages.push(["receipt text", templates.receipt.words(receipt), paid]);
        const receiptEmail = templates.receipt.email(receipt).text;
        messages.push(["receipt email", receiptEmail, paid]);
        expect(names(receiptEmail, "Balance due", 0)).toBe(true);
        expect(receiptEmail).toMatch(new RegExp(`Paid \\([^)]+\\): ${escape(dollars(paid.totalCents))}`));
        for (const { order: after, refund } of refunded) {
          const params = refundParams(after, refund);
          const text = templates.refundNotice.words(params);
          const email = templates.refundNotice.email(params).text;
          messages.push(["refund text", text, after], ["refund email", email, after]);
          const stays = dollars(after.totalCents - after.refundedAmountCents);
          for (const words of [text, email]) {
            expect(words).toContain(`refunded ${dollars(refund.amountCents)}${refund.taxCents > 0 ? ` (of it ${dollars(refund.taxCents)} sales tax)` : ""} for order`);
            expect(names(words, "Still paid", after.totalCents - after.refundedAmountCents), `${stays} in ${words}`).toBe(true);
          }
        }
        for (const [which, words, of] of messages) {
          for (const [label, cents] of amountsOf(of)) expect(names(words, label, cents), `${which} names ${label} ${cents}:\n${words}`).toBe(true);
          if (!which.endsWith("email")) expectText(words);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
