import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billOf } from "../shared/bill";
import { generatedOrders } from "../shared/generated-orders.test-support";
import { merged, membershipSales, orderSales, packSales, tipSales, type OrderSalesFacts, type SalesDelta, type SalesDimension } from "./sales";

const now = new Date("2026-11-27T18:30:00.000Z");

/** The deltas of an order's life as the move writer sees it: the payment, then its refund (with its lines when `byLine`). */
function lifeOf(order: OrderSalesFacts & { paymentStatus: string; refundedAmountCents: number }, byLine: boolean): SalesDelta[] {
  if (order.paymentStatus !== "paid" && order.paymentStatus !== "refunded") return [];
  const unpaid = { ...order, paymentStatus: "unpaid" as const, refundedAmountCents: 0, refunds: [] };
  const deltas = orderSales(unpaid, { paymentStatus: "paid", paidAt: "2026-11-27T17:00:00.000Z" }, now);
  if (order.refundedAmountCents > 0) {
    const refund = { amountCents: order.refundedAmountCents, at: now.toISOString(), tender: "POS_CASH", byId: "staff-1", byName: "Sam", ...(byLine ? { lines: [{ index: 0, quantity: 1 }] } : {}) };
    deltas.push(...orderSales({ ...unpaid, paymentStatus: "paid" }, { refundedAmountCents: order.refundedAmountCents, refunds: [refund] }, now));
  }
  return deltas;
}

const sum = (deltas: SalesDelta[], dimension: SalesDimension, figure: keyof SalesDelta["add"]) =>
  deltas.filter((d) => d.dimension === dimension).reduce((total, d) => total + (d.add[figure] ?? 0), 0);

describe("the reports' aggregate items (stats/sales.ts)", () => {
  it("put every order's payment and refund on each dimension once: each dimension's sums are the bill's", () => {
    fc.assert(
      fc.property(fc.array(generatedOrders, { minLength: 1, maxLength: 6 }), fc.boolean(), (orders, byLine) => {
        const deltas = merged(orders.flatMap((order) => lifeOf(order as OrderSalesFacts & { paymentStatus: string; refundedAmountCents: number }, byLine)));
        const bills = orders.map(billOf);
        const paid = bills.filter((b, i) => orders[i]!.paymentStatus !== "comp").reduce((s, b) => s + b.paidCents, 0);
        const refunded = bills.reduce((s, b) => s + b.refundedCents, 0);
        const tax = bills.filter((b, i) => b.payments.length > 0 && orders[i]!.paymentStatus !== "comp").reduce((s, b) => s + b.taxCents, 0);
        for (const dimension of ["tender", "item", "staff"] as const) {
          expect(sum(deltas, dimension, "paidCents")).toBe(paid);
          expect(sum(deltas, dimension, "refundedCents")).toBe(refunded);
          expect(sum(deltas, dimension, "taxCents")).toBe(tax);
          expect(sum(deltas, dimension, "refundedTaxCents")).toBe(sum(deltas, "tender", "refundedTaxCents"));
        }
        // Net as the bill says: collected less refunds.
        expect(sum(deltas, "tender", "paidCents") - sum(deltas, "tender", "refundedCents")).toBe(bills.filter((_, i) => orders[i]!.paymentStatus !== "comp").reduce((s, b) => s + b.netCents, 0));
      }),
      { numRuns: 300 },
    );
  });

  it("lands a refund of lines on those lines, and a refund of money alone on every line in proportion", () => {
    const order: OrderSalesFacts = {
      paymentStatus: "paid",
      paymentMethod: "POS_CARD",
      totalCents: 3000,
      taxCents: 0,
      refundedAmountCents: 0,
      dropoffLocation: "LITTLETON",
      lineItems: [
        { skuId: "sku-a", name: "Regrip", priceCents: 2000, quantity: 1 },
        { skuId: "sku-b", name: "Overgrip", priceCents: 500, quantity: 2 },
      ],
    };
    const byLine = orderSales(order, { refundedAmountCents: 500, refunds: [{ amountCents: 500, at: now.toISOString(), lines: [{ index: 1, quantity: 1 }], byId: "staff-1", byName: "Sam", tender: "POS_CASH" }] }, now);
    expect(byLine.filter((d) => d.dimension === "item")).toEqual([expect.objectContaining({ key: "sku-a", add: expect.objectContaining({ refundedCents: 0 }) }), expect.objectContaining({ key: "sku-b", add: expect.objectContaining({ refundedCents: 500, refundedCount: 1 }) })]);
    expect(byLine.find((d) => d.dimension === "staff")).toMatchObject({ key: "staff-1", label: "Sam", location: "LITTLETON" });
    expect(byLine.find((d) => d.dimension === "tender")).toMatchObject({ key: "POS_CASH", add: { refundedCents: 500 } });
    const money = merged(orderSales(order, { refundedAmountCents: 600 }, now)).filter((d) => d.dimension === "item");
    expect(money.map((d) => [d.key, d.add.refundedCents])).toEqual([
      ["sku-a", 400],
      ["sku-b", 200],
    ]);
    // Refunded by the card provider alone: online, on the order's tender.
    expect(orderSales(order, { refundedAmountCents: 600 }, now).find((d) => d.dimension === "staff")).toMatchObject({ key: "online", label: "Online" });
  });

  it("counts a counter payment to the staff member who took it, and a card payment online", () => {
    const order: OrderSalesFacts = { paymentStatus: "unpaid", paymentMethod: "STRIPE", totalCents: 1000, refundedAmountCents: 0, counterShop: "HIGHLANDS_RANCH", dropoffLocation: "COUNTER", lineItems: [{ name: "Grip", priceCents: 1000, quantity: 1 }] };
    const counter = orderSales(order, { paymentStatus: "paid", paymentMethod: "POS_CASH", posPaymentDetails: { staffId: "u-1", staffName: "Ana" } }, now);
    expect(counter.find((d) => d.dimension === "staff")).toMatchObject({ key: "u-1", label: "Ana", location: "HIGHLANDS_RANCH", add: { paidCents: 1000, count: 1 } });
    expect(counter.find((d) => d.dimension === "tender")).toMatchObject({ key: "POS_CASH" });
    expect(counter.find((d) => d.dimension === "item")).toMatchObject({ key: "line:Grip", label: "Grip", add: { paidCents: 1000, count: 1 } });
    const card = orderSales(order, { paymentStatus: "paid" }, now);
    expect(card.find((d) => d.dimension === "staff")).toMatchObject({ key: "online" });
    // A change that moves no money writes nothing.
    expect(orderSales(order, { paymentStatus: "unpaid" }, now)).toEqual([]);
    expect(orderSales({ ...order, paymentStatus: "paid" }, { paymentStatus: "paid" }, now)).toEqual([]);
  });

  it("puts tips, memberships and packs on every dimension, online where no shop took them", () => {
    const tip = tipSales({ amountCents: 500, paidAt: now.toISOString(), staffId: "u-2", staffName: "Bo" }, { dropoffLocation: "LITTLETON" });
    expect(tip.map((d) => [d.dimension, d.key, d.location, d.add.tipCents])).toEqual([
      ["tender", "STRIPE", "LITTLETON", 500],
      ["staff", "u-2", "LITTLETON", 500],
      ["item", "tips", "LITTLETON", 500],
    ]);
    expect(tipSales({ amountCents: 300, paidAt: now.toISOString() }, null).find((d) => d.dimension === "staff")).toMatchObject({ key: "none", location: "ONLINE" });
    const membership = membershipSales(1999, now, "SINGLE_MONTHLY");
    expect(membership.map((d) => [d.dimension, d.key, d.location, d.add.membershipCents])).toEqual([
      ["tender", "STRIPE", "ONLINE", 1999],
      ["staff", "online", "ONLINE", 1999],
      ["item", "membership:SINGLE_MONTHLY", "ONLINE", 1999],
    ]);
    const pack = packSales({ packId: "p-5", name: "Five regrips", priceCents: 9000 }, now);
    expect(pack.find((d) => d.dimension === "item")).toMatchObject({ key: "pack:p-5", label: "Five regrips", add: { packCents: 9000, count: 1 } });
  });
});
