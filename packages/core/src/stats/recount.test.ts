import { describe, expect, it } from "vitest";
import { revenueOf } from "./daily";
import { figuresOf, salesOf } from "./recount";
import { merged, orderSales, packSales, type OrderSalesFacts } from "./sales";

const order = {
  id: "o-1",
  createdAt: "2026-11-02T16:00:00.000Z",
  status: "PICKED_UP" as const,
  paymentStatus: "paid" as const,
  paidAt: "2026-11-02T17:00:00.000Z",
  paymentMethod: "POS_CARD",
  posPaymentDetails: { staffId: "u-1", staffName: "Ana" },
  dropoffLocation: "LITTLETON",
  totalCents: 5800,
  taxCents: 0,
  refundedAmountCents: 800,
  lineItems: [
    { skuId: "sku-a", name: "Regrip", priceCents: 5000, quantity: 1 },
    { skuId: "sku-b", name: "Build-up", priceCents: 800, quantity: 1 },
  ],
  refunds: [{ amountCents: 800, taxCents: 0, lines: [{ index: 1, quantity: 1 }], tender: "POS_CASH", byId: "u-2", byName: "Bo", at: "2026-11-03T17:00:00.000Z" }],
};

describe("the recount (stats/recount.ts)", () => {
  it("counts a paid pack's price as the day's pack income, in revenue", () => {
    const days = figuresOf([], [], [{ packId: "p", name: "Five", priceCents: 9000, paidAt: "2026-11-04T18:00:00.000Z" }, { packId: "p", name: "Five", priceCents: 9000 }]);
    expect(days.get("2026-11-04")).toMatchObject({ packPaidCents: 9000 });
    expect(revenueOf(days.get("2026-11-04")!)).toBe(9000);
    expect([...days.keys()]).toEqual(["2026-11-04"]);
  });

  it("makes the reports' items the live writes made: the payment on its day, each listed refund on its own with its lines, tender and giver", () => {
    const { refunds, ...unpaid } = order;
    const before: OrderSalesFacts = { ...unpaid, paymentStatus: "unpaid", refundedAmountCents: 0, refunds: [] };
    const live = merged([
      ...orderSales(before, { paymentStatus: "paid", paidAt: order.paidAt }, new Date(order.paidAt)),
      ...orderSales({ ...before, paymentStatus: "paid" }, { refundedAmountCents: 800, refunds }, new Date(refunds[0]!.at)),
      ...packSales({ packId: "p", name: "Five", priceCents: 9000 }, "2026-11-04T18:00:00.000Z"),
    ]);
    const rebuilt = salesOf([order], [], [{ packId: "p", name: "Five", priceCents: 9000, paidAt: "2026-11-04T18:00:00.000Z" }], []);
    const sorted = (deltas: typeof live) => [...deltas].sort((a, b) => `${a.dimension}${a.day}${a.key}`.localeCompare(`${b.dimension}${b.day}${b.key}`));
    expect(sorted(rebuilt)).toEqual(sorted(live));
    expect(rebuilt.find((d) => d.dimension === "staff" && d.day === "2026-11-03")).toMatchObject({ key: "u-2", label: "Bo", add: { refundedCents: 800 } });
    expect(rebuilt.find((d) => d.dimension === "item" && d.key === "sku-b" && d.day === "2026-11-03")).toMatchObject({ add: { refundedCents: 800, refundedCount: 1 } });
  });
});
