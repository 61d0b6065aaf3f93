import { describe, expect, it } from "vitest";
import type { Product } from "../shared/catalogue";
import { DomainError } from "../errors";
import { pricedPoints } from "../loyalty/redeem";
import { REDEEM_OVER_TOTAL, REDEEM_STEP_MESSAGE, redeemOverBalance } from "../shared/loyalty";
import { discountCents, edgeKind, isWeight, priceBooking, weightAreasOf, type PricingInput } from "./index";

function sku(overrides: Partial<Product> & Pick<Product, "id" | "name">): Product {
  return {
    code: overrides.id.toUpperCase(),
    category: "OTHER",
    type: "ADD_ON",
    unitAmountCents: 1000,
    stockQuantity: null,
    lowStockThreshold: 5,
    displayOrder: 1,
    isVisible: true,
    taxable: false,
    ...overrides,
  };
}

const strip = sku({ id: "strip-black-tacky", name: "Strip and Grip", category: "BASE_GRIP", type: "ONE_TIME", color: "Black", feel: "Tacky", unitAmountCents: 4500, stockQuantity: 25 });
const stripSoldOut = sku({ id: "strip-red-dry", name: "Strip and Grip", category: "BASE_GRIP", type: "ONE_TIME", color: "Red", feel: "Dry", unitAmountCents: 4500, stockQuantity: 0 });
const premium = sku({ id: "premium-teal", name: "Premium Regrip", category: "BASE_GRIP", type: "ONE_TIME", color: "Teal", feel: "Cushioned", unitAmountCents: 5500, stockQuantity: 1 });
const hidden = sku({ id: "basic-hidden", name: "Basic Overgrip", category: "OVERGRIP", type: "ONE_TIME", unitAmountCents: 1200, isVisible: false });
const notCore = sku({ id: "mystery", name: "Mystery Wrap", category: "BASE_GRIP", type: "ONE_TIME", unitAmountCents: 3000 });
const overgrip = sku({ id: "extra-overgrip", name: "Extra Overgrip", category: "OVERGRIP", unitAmountCents: 800, stockQuantity: 60 });
const weight = sku({ id: "weight", name: "Performance Weight Tape", category: "WEIGHT", unitAmountCents: 600 });
const countedWeight = sku({ id: "weight-counted", name: "Performance Weight Tape", category: "WEIGHT", unitAmountCents: 600, stockQuantity: 2 });
const plainWeight = sku({ id: "lead", name: "Lead Tape", category: "WEIGHT", unitAmountCents: 300 });
const guardBlack = sku({ id: "guard-black", name: "Premium Edge Guard", category: "EDGE", color: "Black", unitAmountCents: 1500, stockQuantity: 12 });
const guardTeal = sku({ id: "guard-teal", name: "Premium Edge Guard", category: "EDGE", color: "Teal", unitAmountCents: 1500, stockQuantity: 10 });
const guardPink = sku({ id: "guard-pink", name: "Premium Edge Guard", category: "EDGE", color: "Pink", unitAmountCents: 1500, stockQuantity: 0 });
const tape = sku({ id: "edge-tape", name: "Edge Tape", category: "EDGE", unitAmountCents: 500, stockQuantity: 30 });
const clearTape = sku({ id: "edge-tape-clear", name: "Clear Edge Tape", category: "EDGE", unitAmountCents: 500 });
const buildUp = sku({ id: "build-up", name: "Handle Build-Up", unitAmountCents: 1000 });
const hiddenAddOn = sku({ id: "hidden-addon", name: "Secret Sauce", unitAmountCents: 100, isVisible: false });

const catalogue = [strip, stripSoldOut, premium, hidden, notCore, overgrip, weight, countedWeight, plainWeight, guardBlack, guardTeal, guardPink, tape, clearTape, buildUp, hiddenAddOn];

const price = (input: Partial<PricingInput>) => priceBooking({ skus: catalogue, serviceId: strip.id, taxRateBps: 0, ...input });

/** The error `fn` throws: its kind and message. */
function refusal(fn: () => unknown): { kind: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("priceBooking: the core service", () => {
  it("prices a core service variant alone", () => {
    expect(price({})).toEqual({
      lineItems: [{ skuId: strip.id, name: "Strip and Grip", description: "Black · Tacky", priceCents: 4500, quantity: 1, taxable: false }],
      subtotalCents: 4500,
      discountAmountCents: 0,
      promoCode: undefined,
      taxCents: 0,
      taxRateBps: 0,
      totalCents: 4500,
      pointsRedeemed: 0,
      pointsDiscountCents: 0,
      stockTakes: [{ skuId: strip.id, name: "Strip and Grip", color: "Black", feel: "Tacky", quantity: 1 }],
    });
  });

  it("takes the last unit", () => {
    expect(price({ serviceId: premium.id }).stockTakes).toEqual([{ skuId: premium.id, name: "Premium Regrip", color: "Teal", feel: "Cushioned", quantity: 1 }]);
  });

  it.each([
    ["no service", undefined, "Please choose a core service"],
    ["an empty id", "", "Please choose a core service"],
    ["an unknown id", "nope", "Please choose a core service"],
    ["an add-on as the service", overgrip.id, "Please choose a core service"],
    ["a product that is not a core service", notCore.id, "Please choose a core service"],
    ["a hidden service", hidden.id, "That service is not available"],
  ])("refuses %s", (_, serviceId, message) => {
    expect(refusal(() => price({ serviceId }))).toEqual({ kind: "invalid", message });
  });

  it("refuses a variant out of stock with 409", () => {
    expect(refusal(() => price({ serviceId: stripSoldOut.id }))).toEqual({ kind: "conflict", message: "Sorry, Strip and Grip (Red, Dry) is out of stock" });
  });
});

describe("priceBooking: sales tax", () => {
  it("taxes the goods at the place's rate after the promotion, never the labour", () => {
    const skus = catalogue.map((sku) => (sku.id === guardTeal.id || sku.id === tape.id ? { ...sku, taxable: true } : sku));
    const priced = priceBooking({ skus, serviceId: strip.id, addOnIds: [guardTeal.id, tape.id], promotion: { code: "GRIP5", percentage: 0, amountCents: 500 }, taxRateBps: 800 });
    // $65 less $5 spread 45:15:5; the guard and tape keep $18.46 of it, taxed at 8 %: $1.48.
    expect(priced).toMatchObject({ subtotalCents: 6500, discountAmountCents: 500, taxCents: 148, totalCents: 6148, taxRateBps: 800 });
    expect(priced.lineItems.map((line) => line.taxable)).toEqual([false, true, true]);
  });
});

describe("priceBooking: add-ons", () => {
  it("adds each add-on at its catalogue price, with color in the description", () => {
    const priced = price({ addOnIds: [overgrip.id, guardTeal.id, tape.id, buildUp.id] });
    expect(priced.lineItems.slice(1)).toEqual([
      { skuId: overgrip.id, name: "Extra Overgrip", description: undefined, priceCents: 800, quantity: 1, taxable: false },
      { skuId: guardTeal.id, name: "Premium Edge Guard", description: "Teal", priceCents: 1500, quantity: 1, taxable: false },
      { skuId: tape.id, name: "Edge Tape", description: undefined, priceCents: 500, quantity: 1, taxable: false },
      { skuId: buildUp.id, name: "Handle Build-Up", description: undefined, priceCents: 1000, quantity: 1, taxable: false },
    ]);
    expect(priced.subtotalCents).toBe(4500 + 800 + 1500 + 500 + 1000);
    expect(priced.totalCents).toBe(8300);
    // Unlimited skus (the build-up) take no stock.
    expect(priced.stockTakes.map((take) => take.skuId)).toEqual([strip.id, overgrip.id, guardTeal.id, tape.id]);
  });

  it.each([
    ["an unknown add-on", ["nope"], "That add-on is not available"],
    ["a core service as an add-on", [premium.id], "That add-on is not available"],
    ["a hidden add-on", [hiddenAddOn.id], "That add-on is not available"],
    ["the same add-on twice", [overgrip.id, overgrip.id], "Each add-on can be chosen once"],
    ["two edge guards", [guardBlack.id, guardTeal.id], "Only one edge guard at a time"],
    ["two edge tapes", [tape.id, clearTape.id], "Only one edge tape at a time"],
  ])("refuses %s", (_, addOnIds, message) => {
    expect(refusal(() => price({ addOnIds }))).toEqual({ kind: "invalid", message });
  });

  it("allows one guard and one tape together", () => {
    expect(price({ addOnIds: [guardBlack.id, clearTape.id] }).subtotalCents).toBe(4500 + 1500 + 500);
  });

  it("refuses an add-on out of stock with 409", () => {
    expect(refusal(() => price({ addOnIds: [guardPink.id] }))).toEqual({ kind: "conflict", message: "Sorry, Premium Edge Guard (Pink) is out of stock" });
  });

  it("classifies edge products and the weight by name", () => {
    expect(edgeKind(guardBlack)).toBe("guard");
    expect(edgeKind(tape)).toBe("tape");
    expect(edgeKind(buildUp)).toBeUndefined();
    expect(isWeight(weight)).toBe(true);
    expect(isWeight(plainWeight)).toBe(false);
    expect(isWeight({ category: "OTHER", name: "Performance Polish" })).toBe(false);
  });
});

describe("priceBooking: the weight", () => {
  it("is the unit price times the areas, listed in the page's order", () => {
    const priced = price({ addOnIds: [weight.id], weightAreas: ["top_shelf", "neck_shoulders"] });
    expect(priced.lineItems[1]).toEqual({
      skuId: weight.id,
      name: "Performance Weight Tape",
      description: "Bottom Corners & Neck, Top Shelf",
      priceCents: 600,
      quantity: 2,
      taxable: false,
    });
    expect(priced.subtotalCents).toBe(4500 + 1200);
  });

  it("prices all five areas", () => {
    const priced = price({ addOnIds: [weight.id], weightAreas: ["neck_shoulders", "bottom_corners", "sides", "top_corners", "top_shelf"] });
    expect(priced.lineItems[1]).toMatchObject({
      description: "Bottom Corners & Neck, Bottom Corners, Sides, Top Corners, Top Shelf",
      quantity: 5,
    });
    expect(priced.totalCents).toBe(4500 + 3000);
  });

  it.each([
    ["no areas", undefined, "Choose at least one area for the weight"],
    ["an empty list", [], "Choose at least one area for the weight"],
    ["an unknown area", ["handle"], "That weight area is not available"],
    ["an area twice", ["sides", "sides"], "Each weight area can be chosen once"],
    ["six areas", ["neck_shoulders", "bottom_corners", "sides", "top_corners", "top_shelf", "sides"], "Choose at most 5 areas for the weight"],
  ])("refuses %s", (_, weightAreas, message) => {
    expect(refusal(() => price({ addOnIds: [weight.id], weightAreas }))).toEqual({ kind: "invalid", message });
  });

  it("ignores areas when the weight is not chosen", () => {
    expect(price({ weightAreas: ["sides"] }).subtotalCents).toBe(4500);
  });

  it("prices another weight product as a plain add-on", () => {
    expect(price({ addOnIds: [plainWeight.id] }).lineItems[1]).toMatchObject({ quantity: 1, priceCents: 300 });
  });

  it("takes one unit of counted weight stock per area, and refuses more than is left", () => {
    expect(price({ addOnIds: [countedWeight.id], weightAreas: ["sides", "top_shelf"] }).stockTakes).toContainEqual({
      skuId: countedWeight.id,
      name: "Performance Weight Tape",
      quantity: 2,
    });
    expect(refusal(() => price({ addOnIds: [countedWeight.id], weightAreas: ["sides", "top_shelf", "top_corners"] }))).toEqual({
      kind: "conflict",
      message: "Only 2 left of Performance Weight Tape",
    });
  });

  it("validates areas on their own", () => {
    expect(weightAreasOf(["sides", "bottom_corners"])).toEqual(["bottom_corners", "sides"]);
  });
});

describe("promotions", () => {
  it("takes a percentage of the subtotal", () => {
    const priced = price({ addOnIds: [overgrip.id], promotion: { code: "WELCOME10", percentage: 10, amountCents: 0 } });
    expect(priced).toMatchObject({ subtotalCents: 5300, discountAmountCents: 530, totalCents: 4770, promoCode: "WELCOME10" });
  });

  it("rounds half a cent up", () => {
    // 15% of 4,510 is 676.5 cents.
    expect(discountCents(4510, { code: "X", percentage: 15, amountCents: 0 })).toBe(677);
    // 15% of 4,530 is 679.5 → 680; 15% of 4,502 is 675.3 → 675; 15% of 4,506 is 675.9 → 676.
    expect(discountCents(4530, { code: "X", percentage: 15, amountCents: 0 })).toBe(680);
    expect(discountCents(4502, { code: "X", percentage: 15, amountCents: 0 })).toBe(675);
    expect(discountCents(4506, { code: "X", percentage: 15, amountCents: 0 })).toBe(676);
    expect(discountCents(1, { code: "X", percentage: 50, amountCents: 0 })).toBe(1);
    expect(discountCents(1, { code: "X", percentage: 49, amountCents: 0 })).toBe(0);
  });

  it("takes a fixed amount", () => {
    const priced = price({ promotion: { code: "GRIP5", percentage: 0, amountCents: 500 } });
    expect(priced).toMatchObject({ subtotalCents: 4500, discountAmountCents: 500, totalCents: 4000, promoCode: "GRIP5" });
  });

  it("caps a fixed amount at the subtotal: the total never goes below 0", () => {
    const priced = price({ promotion: { code: "BIG", percentage: 0, amountCents: 10_000 } });
    expect(priced).toMatchObject({ subtotalCents: 4500, discountAmountCents: 4500, totalCents: 0 });
  });

  it("makes a 100% promotion free", () => {
    const priced = price({ addOnIds: [weight.id], weightAreas: ["sides"], promotion: { code: "FREE", percentage: 100, amountCents: 0 } });
    expect(priced).toMatchObject({ subtotalCents: 5100, discountAmountCents: 5100, totalCents: 0 });
  });

  it("uses the percentage when a promotion has both", () => {
    expect(discountCents(10_000, { code: "BOTH", percentage: 20, amountCents: 500 })).toBe(2000);
  });

  it("gives no discount without a promotion, or with an empty one", () => {
    expect(discountCents(4500, null)).toBe(0);
    expect(discountCents(4500, { code: "ZERO", percentage: 0, amountCents: 0 })).toBe(0);
  });

  it("keeps every amount in whole cents", () => {
    for (let subtotal = 0; subtotal < 2000; subtotal += 7) {
      for (const percentage of [1, 3, 7, 10, 33, 99]) {
        const discount = discountCents(subtotal, { code: "P", percentage, amountCents: 0 });
        expect(Number.isSafeInteger(discount)).toBe(true);
        expect(Math.abs(discount - (subtotal * percentage) / 100)).toBeLessThanOrEqual(0.5);
        expect(discount).toBeLessThanOrEqual(subtotal);
      }
    }
  });
});

describe("redeemed points", () => {
  const welcome = { code: "WELCOME10", percentage: 10, amountCents: 0 };

  it("come off after the promotion, $10 a step of 100, and are recorded with what they took off", () => {
    // $45.00 + $8.00 = $53.00, 10 % off = $47.70, 200 points = $20.00 off: $27.70.
    const priced = price({ addOnIds: [overgrip.id], promotion: welcome, points: pricedPoints(200, 250) });
    expect(priced).toMatchObject({ subtotalCents: 5300, discountAmountCents: 530, pointsRedeemed: 200, pointsDiscountCents: 2000, totalCents: 2770 });
  });

  it("may take the total to 0, never below", () => {
    const priced = price({ promotion: { code: "GRIP5", percentage: 0, amountCents: 500 }, points: pricedPoints(400, 400) });
    expect(priced).toMatchObject({ subtotalCents: 4500, discountAmountCents: 500, pointsDiscountCents: 4000, totalCents: 0 });
  });

  it("are none when none are asked for, whatever the balance", () => {
    expect(price({ points: pricedPoints(0, 900) })).toMatchObject({ pointsRedeemed: 0, pointsDiscountCents: 0, totalCents: 4500 });
  });

  it("are refused (400) off the step, over the balance, or worth more than is left to pay after the promotion", () => {
    expect(refusal(() => price({ points: pricedPoints(150, 900) }))).toEqual({ kind: "invalid", message: REDEEM_STEP_MESSAGE });
    expect(refusal(() => price({ points: pricedPoints(300, 299) }))).toEqual({ kind: "invalid", message: redeemOverBalance(299) });
    // $45.00 less 10 % is $40.50: 500 points ($50.00) are worth more.
    expect(refusal(() => price({ promotion: welcome, points: pricedPoints(500, 900) }))).toEqual({ kind: "invalid", message: REDEEM_OVER_TOTAL });
  });
});
