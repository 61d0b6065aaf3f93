import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { billOf } from "../shared/bill";
import type { Product } from "../shared/catalogue";
import { COVERED_LINE_NOTE } from "../shared/covered";
import {
  EDIT_CANCELED,
  EDIT_COMPED,
  EDIT_COVERED_LINE,
  EDIT_IN_SERVICE,
  EDIT_NO_LINES_LEFT,
  EDIT_PAID,
  EDIT_PRODUCT_UNAVAILABLE,
  EDIT_REFUNDED,
  EDIT_SECOND_SERVICE,
  EDIT_UNKNOWN_LINE,
  editRefusal,
  lineIdOf,
  OrderLinesEdit,
} from "../shared/order-edit";
import { EDIT_POINTS_OVER, priceLineEdit, type EditedOrder, type LineEditInput } from "./order-edit";

const sku = (id: string, fields: Partial<Product> = {}): Product => ({
  id,
  code: id.toUpperCase(),
  name: `Item ${id}`,
  category: "OTHER",
  type: "ADD_ON",
  unitAmountCents: 800,
  stockQuantity: 5,
  lowStockThreshold: 1,
  displayOrder: 1,
  isVisible: true,
  taxable: false,
  ...fields,
});

const skus = [
  sku("buildup", { name: "Handle Build-Up", unitAmountCents: 800 }),
  sku("tape", { name: "Edge Tape", category: "EDGE", unitAmountCents: 500, taxable: true, stockQuantity: 2, color: "Black" }),
  sku("weight", { name: "Performance Weight", category: "WEIGHT", unitAmountCents: 300, stockQuantity: null }),
  sku("premium", { name: "Premium Regrip", category: "BASE_GRIP", type: "ONE_TIME", unitAmountCents: 5500, color: "Teal", feel: "Tacky" }),
  sku("hidden", { isVisible: false }),
];

/** An unpaid booking: Strip and Grip (took 1 of its stock) and a Build-Up, taxed at 8 %. */
const booking = (fields: Partial<EditedOrder> = {}): EditedOrder => ({
  lineItems: [
    { skuId: "strip", name: "Strip and Grip", description: "Black · Tacky", priceCents: 4500, quantity: 1, taxable: false },
    { skuId: "buildup", name: "Handle Build-Up", priceCents: 800, quantity: 1, taxable: false },
  ],
  paddleId: "paddle-1",
  promoCode: undefined,
  discountAmountCents: 0,
  pointsRedeemed: undefined,
  pointsDiscountCents: undefined,
  taxRateBps: 800,
  stockTaken: [{ skuId: "strip", quantity: 1 }, { skuId: "buildup", quantity: 1 }],
  subscriptionId: undefined,
  packCreditId: undefined,
  paymentStatus: "unpaid",
  paymentMethod: "STRIPE",
  ...fields,
});

let next = 0;
const edit = (input: Partial<LineEditInput>) =>
  priceLineEdit({ order: booking(), add: [], remove: [], skus, promotion: null, newLineId: () => `new${++next}`, ...input });

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("not refused");
};

describe("editRefusal: the order's lines change only before payment and before service", () => {
  it("allows an unpaid order in Awaiting Payment, Scheduled, Checked In or In Queue, and a comp with nothing waived", () => {
    for (const status of ["INVOICED", "SCHEDULED", "CHECKED_IN", "IN_QUEUE", "SERVICE_QUEUE"] as const) {
      expect(editRefusal({ status, paymentStatus: "unpaid", totalCents: 5300 })).toBeNull();
    }
    expect(editRefusal({ status: "SCHEDULED", paymentStatus: "comp", totalCents: 0 })).toBeNull();
  });

  it("refuses a paid, refunded, admin-comped, canceled or in-service order with its own words", () => {
    expect(editRefusal({ status: "SCHEDULED", paymentStatus: "paid", totalCents: 5300 })).toBe(EDIT_PAID);
    expect(editRefusal({ status: "SCHEDULED", paymentStatus: "refunded", totalCents: 5300 })).toBe(EDIT_REFUNDED);
    expect(editRefusal({ status: "SCHEDULED", paymentStatus: "comp", totalCents: 5300 })).toBe(EDIT_COMPED);
    expect(editRefusal({ status: "CANCELED", paymentStatus: "unpaid", totalCents: 5300 })).toBe(EDIT_CANCELED);
    for (const status of ["IN_SERVICE", "BEING_SERVICED", "READY", "PICKED_UP"] as const) {
      expect(editRefusal({ status, paymentStatus: "unpaid", totalCents: 5300 })).toBe(EDIT_IN_SERVICE);
    }
  });

  it("names lines by their id, or by their place on a line from before ids", () => {
    expect(lineIdOf({ id: "abc" }, 3)).toBe("abc");
    expect(lineIdOf({}, 0)).toBe("line-1");
  });

  it("parses the request: something to do, quantities from 1 to 20", () => {
    expect(OrderLinesEdit.safeParse({}).success).toBe(false);
    expect(OrderLinesEdit.safeParse({ add: [], remove: [] }).success).toBe(false);
    expect(OrderLinesEdit.safeParse({ add: [{ skuId: "tape", quantity: 0 }] }).success).toBe(false);
    expect(OrderLinesEdit.safeParse({ add: [{ skuId: "tape", quantity: 1.5 }] }).success).toBe(false);
    expect(OrderLinesEdit.safeParse({ add: [{ skuId: "tape", quantity: 21 }] }).success).toBe(false);
    expect(OrderLinesEdit.safeParse({ add: [{ skuId: "../x" }] }).success).toBe(false);
    expect(OrderLinesEdit.parse({ remove: ["line-2"], version: "2026-11-29T00:00:00.000Z" })).toEqual({ remove: ["line-2"], version: "2026-11-29T00:00:00.000Z" });
  });
});

describe("priceLineEdit: the edit priced by the one totals rule", () => {
  it("adds a product at the catalogue's price, taxes a taxable one, takes its stock, and the bill adds up", () => {
    const priced = edit({ add: [{ skuId: "tape", quantity: 2 }] });
    expect(priced.lineItems.map((line) => [line.id, line.name, line.description, line.priceCents, line.quantity])).toEqual([
      ["line-1", "Strip and Grip", "Black · Tacky", 4500, 1],
      ["line-2", "Handle Build-Up", undefined, 800, 1],
      [expect.stringMatching(/^new/), "Edge Tape", "Black", 500, 2],
    ]);
    // 4500 + 800 + 1000; tax 8 % of the taxable 1000 = 80.
    expect(priced).toMatchObject({ subtotalCents: 6300, discountAmountCents: 0, taxCents: 80, totalCents: 6380 });
    expect(priced.take).toEqual([{ skuId: "tape", quantity: 2 }]);
    expect(priced.giveBack).toEqual([]);
    expect(priced.stockTaken).toEqual([{ skuId: "strip", quantity: 1 }, { skuId: "buildup", quantity: 1 }, { skuId: "tape", quantity: 2 }]);
    expect(priced.payment).toBeUndefined();
    const bill = billOf({ ...booking(), ...priced, paymentStatus: "unpaid", refundedAmountCents: 0, refunds: [], paidAt: null } as never);
    expect(bill.totalCents).toBe(6380);
    expect(bill.lines.reduce((sum, line) => sum + line.amountCents, 0) + bill.taxCents).toBe(bill.totalCents);
  });

  it("removes a line and gives back the stock it took; add and remove of the same product net to one write", () => {
    const priced = edit({ remove: ["line-2"] });
    expect(priced.lineItems.map((line) => line.name)).toEqual(["Strip and Grip"]);
    expect(priced).toMatchObject({ subtotalCents: 4500, totalCents: 4500, giveBack: [{ skuId: "buildup", quantity: 1 }], take: [] });
    expect(priced.stockTaken).toEqual([{ skuId: "strip", quantity: 1 }]);
    const swapped = edit({ remove: ["line-2"], add: [{ skuId: "buildup", quantity: 3 }] });
    expect(swapped.take).toEqual([{ skuId: "buildup", quantity: 2 }]);
    expect(swapped.giveBack).toEqual([]);
    expect(swapped.stockTaken).toEqual([{ skuId: "strip", quantity: 1 }, { skuId: "buildup", quantity: 3 }]);
  });

  it("gives back only what the order took (a product whose stock was not counted gives nothing)", () => {
    const priced = edit({ order: booking({ stockTaken: [{ skuId: "strip", quantity: 1 }] }), remove: ["line-2"] });
    expect(priced.giveBack).toEqual([]);
  });

  it("prices a weight by its areas, one unit each", () => {
    const priced = edit({ add: [{ skuId: "weight", options: { weightAreas: ["sides", "neck_shoulders"] } }] });
    expect(priced.added[0]).toMatchObject({ name: "Performance Weight", quantity: 2, priceCents: 300 });
    expect(priced.added[0]!.description).toMatch(/,/);
    // Unlimited stock: nothing taken.
    expect(priced.take).toEqual([]);
    expect(refusal(() => edit({ add: [{ skuId: "weight", options: { weightAreas: ["moon"] } }] }))).toMatchObject({ kind: "invalid" });
  });

  it("refuses more than the stock left (409 naming what is left), a hidden or unknown product, an unknown line", () => {
    expect(refusal(() => edit({ add: [{ skuId: "tape", quantity: 3 }] }))).toMatchObject({ kind: "conflict", message: expect.stringContaining("Only 2 left") });
    expect(refusal(() => edit({ add: [{ skuId: "hidden" }] }))).toEqual({ kind: "invalid", message: EDIT_PRODUCT_UNAVAILABLE });
    expect(refusal(() => edit({ add: [{ skuId: "nope" }] }))).toEqual({ kind: "invalid", message: EDIT_PRODUCT_UNAVAILABLE });
    expect(refusal(() => edit({ remove: ["line-9"] }))).toEqual({ kind: "invalid", message: EDIT_UNKNOWN_LINE });
    expect(refusal(() => edit({ remove: ["line-1", "line-2"] }))).toEqual({ kind: "invalid", message: EDIT_NO_LINES_LEFT });
  });

  it("keeps one service on a booking: a second is refused, a swap is allowed", () => {
    expect(refusal(() => edit({ add: [{ skuId: "premium" }] }))).toEqual({ kind: "conflict", message: EDIT_SECOND_SERVICE });
    const swapped = edit({ remove: ["line-1"], add: [{ skuId: "premium" }] });
    expect(swapped.lineItems.map((line) => [line.name, line.description])).toEqual([["Handle Build-Up", undefined], ["Premium Regrip", "Teal · Tacky"]]);
    expect(swapped.giveBack).toEqual([{ skuId: "strip", quantity: 1 }]);
    // A counter sale (no paddle) may sell several.
    expect(edit({ order: booking({ paddleId: undefined }), add: [{ skuId: "premium" }] }).lineItems).toHaveLength(3);
  });

  it("applies the order's promotion as it is now to the new subtotal; a gone promotion keeps its amount", () => {
    const order = booking({ promoCode: "TEN", discountAmountCents: 530 });
    const priced = edit({ order, promotion: { code: "TEN", percentage: 10, amountCents: 0 }, add: [{ skuId: "buildup" }] });
    expect(priced).toMatchObject({ subtotalCents: 6100, discountAmountCents: 610, totalCents: 5490 });
    const gone = edit({ order, promotion: null, add: [{ skuId: "buildup" }] });
    expect(gone).toMatchObject({ subtotalCents: 6100, discountAmountCents: 530, totalCents: 5570 });
    // A staff discount is never more than what is left.
    expect(edit({ order: booking({ discountAmountCents: 5000, paddleId: undefined }), remove: ["line-1"] })).toMatchObject({ discountAmountCents: 800, totalCents: 0 });
  });

  it("keeps the points redeemed, and refuses an edit that leaves less to pay than they are worth", () => {
    const order = booking({ pointsRedeemed: 100, pointsDiscountCents: 1000 });
    expect(edit({ order, add: [{ skuId: "buildup" }] })).toMatchObject({ subtotalCents: 6100, pointsDiscountCents: 1000, totalCents: 5100 });
    expect(refusal(() => edit({ order, remove: ["line-1"] }))).toEqual({ kind: "invalid", message: EDIT_POINTS_OVER });
  });

  it("keeps a membership's covered line covered and unremovable; an added line is charged and makes a comp owe again", () => {
    const order = booking({
      lineItems: [{ skuId: "strip", name: "Strip and Grip", description: COVERED_LINE_NOTE, priceCents: 0, quantity: 1 }],
      stockTaken: [{ skuId: "strip", quantity: 1 }],
      subscriptionId: "sub-1",
      paymentStatus: "comp",
      paymentMethod: "SUBSCRIPTION",
    });
    expect(refusal(() => edit({ order, remove: ["line-1"] }))).toEqual({ kind: "conflict", message: EDIT_COVERED_LINE });
    const priced = edit({ order, add: [{ skuId: "buildup" }] });
    expect(priced).toMatchObject({ subtotalCents: 800, totalCents: 800, payment: { paymentStatus: "unpaid", paymentMethod: "STRIPE" } });
    // Removing it again leaves nothing to pay: paid by the membership once more.
    const back = edit({ order: { ...order, ...priced, paymentStatus: "unpaid", paymentMethod: "STRIPE" }, remove: [priced.added[0]!.id!] });
    expect(back).toMatchObject({ totalCents: 0, payment: { paymentStatus: "comp", paymentMethod: "SUBSCRIPTION" } });
  });
});
