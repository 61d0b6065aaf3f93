import { describe, expect, it } from "vitest";
import type { Catalogue, CoreService } from "../../data/catalogue";
import { DROPOFF_TIME_PAST, dropoffClosedMessage } from "@regrip/core/shared/calendar";
import { EVENT_FULL, EVENT_NOT_AVAILABLE, NO_DELIVERY_RUN, RUN_FULL } from "@regrip/core/shared/schedule";
import {
  againSelection,
  bagNumberProblem,
  bookingErrorField,
  bookingRequest,
  chooseEdge,
  coreVariant,
  coverCore,
  coveringPack,
  packCoverNote,
  edgeGuardGroups,
  isCovered,
  pointsChoices,
  usablePoints,
  emptySelection,
  isComplete,
  lowStockNote,
  selectionAfterBooking,
  summaryLines,
  taxPlaceOf,
  totals,
  toggle,
  withPrefs,
  type BookingSelection,
} from "./booking-state";
import { catalogueItem as item, premiumRegrip } from "../../test/views";

const premium = premiumRegrip();

const weight = item({ id: "weight", name: "Performance Weight Tape", price: 600, category: "WEIGHT" });
const tape = item({ id: "tape", name: "Edge Tape", price: 500, category: "EDGE" });
const tape2 = item({ id: "tape2", name: "Edge Tape Wide", price: 700, category: "EDGE" });
const guardBlack = item({ id: "guard-black", name: "Premium Edge Guard", price: 1500, category: "EDGE", color: "Black" });
const guardTeal = item({ id: "guard-teal", name: "Premium Edge Guard", price: 1500, category: "EDGE", color: "Teal" });
const overgrip = item({ id: "overgrip", name: "Extra Overgrip", price: 800, category: "OVERGRIP" });
const buildUp = item({ id: "build-up", name: "Handle Build-Up", price: 1000 });

const catalogue: Catalogue = {
  coreServices: [premium],
  addOnServices: { GRIP: [overgrip], WEIGHT: [weight], EDGE: [guardBlack, guardTeal, tape, tape2], OTHER: [buildUp] },
};

describe("coreVariant", () => {
  it("needs a color, then a tack", () => {
    expect(coreVariant(premium).problem).toBe("Please choose a grip color");
    expect(coreVariant(premium, "Black").problem).toBe("Please choose a grip tack");
  });
  it("needs the matching sku to exist and be in stock", () => {
    expect(coreVariant(premium, "Black", "Cushioned").problem).toBe("That combination isn't offered");
    expect(coreVariant(premium, "Orange", "Cushioned").problem).toBe("That combination is out of stock");
    expect(coreVariant(premium, "Orange", "Tacky").sku?.id).toBe("pr-orange-tacky");
  });
  it("asks nothing of a service without colors or feels", () => {
    const plain: CoreService = { ...premium, colors: [], feels: [], skus: [premium.skus[0]] };
    expect(coreVariant(plain).sku?.id).toBe("pr-black-tacky");
  });
});

describe("add-on choices", () => {
  it("toggles a grip off when picked again", () => {
    expect(toggle(["overgrip"], "overgrip")).toEqual([]);
    expect(toggle([], "overgrip")).toEqual(["overgrip"]);
  });
  it("keeps one tape and one guard; a new one replaces the old of its kind", () => {
    let selection = chooseEdge(emptySelection(), tape);
    selection = chooseEdge(selection, guardBlack);
    expect([selection.edgeTape, selection.edgeGuard]).toEqual(["tape", "guard-black"]);
    selection = chooseEdge(selection, tape2);
    selection = chooseEdge(selection, guardTeal);
    expect([selection.edgeTape, selection.edgeGuard]).toEqual(["tape2", "guard-teal"]);
    expect(chooseEdge(selection, tape2).edgeTape).toBeUndefined();
  });
  it("groups the premium guards by color", () => {
    expect(edgeGuardGroups(catalogue.addOnServices.EDGE)).toEqual([{ name: "Premium Edge Guard", items: [guardBlack, guardTeal] }]);
  });
  it("says 'Only N left' from 5 down to 1", () => {
    expect(lowStockNote(5)).toBe("Only 5 left");
    expect(lowStockNote(1)).toBe("Only 1 left");
    expect(lowStockNote(6)).toBeUndefined();
    expect(lowStockNote(0)).toBeUndefined();
    expect(lowStockNote(null)).toBeUndefined();
  });
});

describe("summary and totals", () => {
  const selection: BookingSelection = {
    ...emptySelection("p1"),
    serviceSkuId: "pr-black-tacky",
    weight: { skuId: "weight", areas: ["sides", "top_shelf"] },
    promo: { code: "WELCOME10", percentage: 10, amountCents: 0 },
    bagNumber: "123",
    // Friday, November 27, 2026 at 6 pm in Denver (UTC-7).
    where: { kind: "shop", dropoffDate: "2026-11-27", dropoffTime: "18:00" },
  };

  it("prices the weight per area", () => {
    const lines = summaryLines(selection, catalogue);
    expect(lines).toEqual([
      { id: "pr-black-tacky", label: "Premium Regrip", detail: "Black · Tacky", cents: 5500, taxable: false },
      { id: "weight", label: "Performance Weight Tape", detail: "2 areas: Sides, Top Shelf", cents: 1200, taxable: false },
    ]);
    expect(totals(lines, selection.promo)).toEqual({ subtotalCents: 6700, discountAmountCents: 670, pointsDiscountCents: 0, taxCents: 0, totalCents: 6030 });
  });

  it("adds the sales tax of the place the booking is taxed at on its goods, after the promotion and points", () => {
    const lines = summaryLines(selection, { ...catalogue, taxRateBps: { LITTLETON: 750, HIGHLANDS_RANCH: 725, ONSITE: 400 } }).map((line) =>
      line.id === "weight" ? { ...line, taxable: true } : line,
    );
    // $67.00 less 10 % ($6.70, of which the tape's share is $1.20 × 10 % = $0.12) and 100 points ($10.00, the tape's
    // share $10.00 × 1080 / 6030 = $1.79): the tape keeps $9.01, taxed at 7.5 %: $0.67575, rounded once: $0.68.
    expect(totals(lines, selection.promo, 100, 750)).toEqual({ subtotalCents: 6700, discountAmountCents: 670, pointsDiscountCents: 1000, taxCents: 68, totalCents: 5098 });
    expect(totals(lines, selection.promo, 0, 0).taxCents).toBe(0);
    expect(taxPlaceOf("onsite", "LITTLETON")).toBe("ONSITE");
    expect(taxPlaceOf("shop", "LITTLETON")).toBe("LITTLETON");
    expect(taxPlaceOf("delivery", "HIGHLANDS_RANCH")).toBe("HIGHLANDS_RANCH");
  });

  it("never totals below 0", () => {
    const lines = summaryLines({ ...selection, weight: undefined, serviceSkuId: undefined, others: ["build-up"] }, catalogue);
    expect(totals(lines, { code: "BIG", percentage: 0, amountCents: 5000 }).totalCents).toBe(0);
  });

  it("is complete with a paddle, a service, a 3-digit bag number (or none yet) and where and when", () => {
    expect(isComplete(selection)).toBe(true);
    expect(isComplete({ ...selection, bagNumber: "12" })).toBe(false);
    expect(isComplete({ ...selection, bagNumber: "", needsBag: true })).toBe(true);
    expect(isComplete({ ...selection, where: { kind: "shop", dropoffDate: "2026-11-27" } })).toBe(false);
    expect(isComplete({ ...selection, where: { kind: "onsite" } })).toBe(false);
    expect(isComplete({ ...selection, where: { kind: "onsite", eventId: "ev-1" } })).toBe(true);
    expect(isComplete({ ...selection, where: { ...selection.where, kind: "delivery" } })).toBe(false);
    expect(isComplete({ ...selection, where: { ...selection.where, kind: "delivery", pickupPartner: "PINE_CLUB" } })).toBe(true);
    expect(isComplete({ ...selection, paddleId: undefined })).toBe(false);
    expect(isComplete({ ...selection, serviceSkuId: undefined })).toBe(false);
  });

  it("refuses a bag number with a letter or over 3 digits, and lets one be typed digit by digit", () => {
    expect(bagNumberProblem("1234")).toBe("Please enter a 3-digit bag number");
    expect(bagNumberProblem("12a")).toBe("Please enter a 3-digit bag number");
    for (const typed of ["", "1", "12", "123"]) expect(bagNumberProblem(typed)).toBeUndefined();
  });

  it("sends sku ids, the weight areas and the promo code, never a price", () => {
    const request = bookingRequest({ ...selection, grips: ["overgrip"], edgeGuard: "guard-teal", notes: "  Thin please  " });
    expect(request).toEqual({
      paddleId: "p1",
      bagNumber: "123",
      dropoffLocation: "HIGHLANDS_RANCH",
      dropoffDateTime: "2026-11-28T01:00:00.000Z",
      isOnsite: false,
      service: "pr-black-tacky",
      addOns: ["overgrip", "weight", "guard-teal"],
      weightAreas: ["sides", "top_shelf"],
      customerNotes: "Thin please",
      promoCode: "WELCOME10",
    });
    expect(JSON.stringify(request)).not.toMatch(/price|cents|discount/i);
  });

  it("sends an onsite day's event, a delivery club, and no bag number for 'I don't have a bag yet'", () => {
    const onsite = bookingRequest({ ...selection, where: { kind: "onsite", eventId: "ev-1" }, needsBag: true });
    expect(onsite).toMatchObject({ isOnsite: true, scheduleEventId: "ev-1", needsBag: true, bagNumber: "" });
    expect(onsite).not.toHaveProperty("dropoffLocation");
    expect(onsite).not.toHaveProperty("dropoffDateTime");
    const delivery = bookingRequest({ ...selection, where: { ...selection.where, kind: "delivery", pickupPartner: "PINE_CLUB" } });
    expect(delivery).toMatchObject({ isOnsite: false, dropoffLocation: "HIGHLANDS_RANCH", dropoffDateTime: "2026-11-28T01:00:00.000Z", pickupLocation: "PINE_CLUB" });
    expect(delivery).not.toHaveProperty("needsBag");
  });

  it("puts each refusal under the field it is about", () => {
    expect(bookingErrorField("Big Red is already in the shop on order 122. You can book it again after you pick it up.")).toBe("paddle");
    expect(bookingErrorField("Bag 999 does not exist")).toBe("bag");
    expect(bookingErrorField("No bag is free right now. Please call the shop or bring a Regrip bag you have.")).toBe("bag");
    expect(bookingErrorField(EVENT_FULL)).toBe("where");
    expect(bookingErrorField(RUN_FULL)).toBe("where");
    expect(bookingErrorField(NO_DELIVERY_RUN)).toBe("where");
    expect(bookingErrorField(EVENT_NOT_AVAILABLE)).toBe("where");
    expect(bookingErrorField(DROPOFF_TIME_PAST)).toBe("where");
    expect(bookingErrorField(dropoffClosedMessage("Regrip Littleton", null, "2026-11-26"))).toBe("where");
    expect(bookingErrorField("Sorry, Premium Regrip is out of stock")).toBe("form");
  });

  it("starts over after a booking, keeping an only paddle", () => {
    expect(selectionAfterBooking(selection, 1)).toEqual(emptySelection("p1"));
    expect(selectionAfterBooking(selection, 2)).toEqual(emptySelection());
  });
});

describe("withPrefs (Shop Tools' grip preferences)", () => {
  it("preselects the location and the preferred variant when it is offered and in stock", () => {
    const chosen = withPrefs(emptySelection(), { service: "Premium Regrip", color: "Orange", feel: "Tacky", location: "LITTLETON" }, catalogue);
    expect(chosen).toMatchObject({ location: "LITTLETON", serviceSkuId: "pr-orange-tacky" });
  });
  it("leaves the service unchosen when the variant is out of stock, unknown or not fully named, and keeps a choice made", () => {
    expect(withPrefs(emptySelection(), { service: "Premium Regrip", color: "Orange", feel: "Cushioned" }, catalogue).serviceSkuId).toBeUndefined();
    expect(withPrefs(emptySelection(), { service: "Strip and Grip", color: "Black", feel: "Tacky" }, catalogue).serviceSkuId).toBeUndefined();
    expect(withPrefs(emptySelection(), { service: "Premium Regrip", color: "Black" }, catalogue).serviceSkuId).toBeUndefined();
    const made = { ...emptySelection(), serviceSkuId: "pr-black-tacky" };
    expect(withPrefs(made, { service: "Premium Regrip", color: "Orange", feel: "Tacky" }, catalogue).serviceSkuId).toBe("pr-black-tacky");
    expect(withPrefs(made, null, catalogue)).toBe(made);
  });
});

describe("a member's covered regrip and points", () => {
  const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const view = { plan: "SINGLE_MONTHLY" as const, status: "active", assignedPaddleIds: ["p1"], currentPeriodEnd: future, regripsLeft: 1, cancelAtPeriodEnd: false };
  const lines = [
    { id: "core", label: "Premium Regrip", cents: 5500 },
    { id: "tape", label: "Edge Tape", cents: 800 },
  ];

  it("covers the assigned paddle with a regrip left, active, in its period only", () => {
    expect(isCovered(view, "p1")).toBe(true);
    expect(isCovered(view, "p2")).toBe(false);
    expect(isCovered({ ...view, regripsLeft: 0 }, "p1")).toBe(false);
    expect(isCovered({ ...view, status: "past_due" }, "p1")).toBe(false);
    expect(isCovered({ ...view, currentPeriodEnd: "2020-01-01T00:00:00.000Z" }, "p1")).toBe(false);
    expect(isCovered({ plan: null, status: "none", assignedPaddleIds: [], currentPeriodEnd: null, regripsLeft: 0, cancelAtPeriodEnd: false }, "p1")).toBe(false);
    expect(isCovered(undefined, "p1")).toBe(false);
  });

  it("shows the covered core at $0 and totals only the add-ons", () => {
    const covered = coverCore(lines, "core", true);
    expect(covered[0]).toEqual({ id: "core", label: "Premium Regrip", cents: 0, covered: true, fullCents: 5500 });
    expect(covered[1]).toEqual(lines[1]);
    expect(totals(covered, undefined).totalCents).toBe(800);
    expect(coverCore(lines, "core", false)).toBe(lines);
  });

  it("offers points in steps of 100 up to the balance and what is due, and takes them off after the promotion", () => {
    expect(pointsChoices(250, 6300)).toEqual([0, 100, 200]);
    expect(pointsChoices(1000, 2500)).toEqual([0, 100, 200]);
    expect(pointsChoices(99, 6300)).toEqual([0]);
    expect(usablePoints(300, 250, 6300)).toBe(200);
    expect(usablePoints(100, 250, 800)).toBe(0);
    expect(totals(lines, { code: "TEN", percentage: 10, amountCents: 0 }, 100)).toEqual({
      subtotalCents: 6300,
      discountAmountCents: 630,
      pointsDiscountCents: 1000,
      taxCents: 0,
      totalCents: 4670,
    });
  });

  it("sends the points used, and none when none", () => {
    const selection: BookingSelection = { ...emptySelection("p1"), serviceSkuId: "core", bagNumber: "123", where: { kind: "onsite", eventId: "ev-1" } };
    expect(bookingRequest({ ...selection, redeemPoints: 100 }).redeemPoints).toBe(100);
    expect("redeemPoints" in bookingRequest(selection)).toBe(false);
  });
});

describe("againSelection (Book again)", () => {
  const order = {
    paddleId: "p1",
    lineItems: [
      { skuId: "pr-black-tacky", name: "Premium Regrip", description: "Black · Tacky" },
      { skuId: "overgrip", name: "Extra Overgrip", description: null },
      { skuId: "weight", name: "Performance Weight Tape", description: "Top Corners, Sides" },
      { skuId: "guard-teal", name: "Premium Edge Guard", description: "Teal" },
      { skuId: "tape2", name: "Edge Tape Wide", description: null },
      { skuId: "build-up", name: "Handle Build-Up", description: null },
    ],
  };

  it("chooses the order's paddle, core service and every add-on again, and nothing else", () => {
    const before = { ...emptySelection(), notes: "keep", bagNumber: "123", grips: ["stale"] };
    const { selection, dropped, paddleInShop } = againSelection(before, order, catalogue, ["p1", "p2"]);
    expect(selection).toEqual({
      ...before,
      paddleId: "p1",
      serviceSkuId: "pr-black-tacky",
      grips: ["overgrip"],
      weight: { skuId: "weight", areas: ["sides", "top_corners"] },
      edgeGuard: "guard-teal",
      edgeTape: "tape2",
      others: ["build-up"],
    });
    expect(dropped).toEqual([]);
    expect(paddleInShop).toBe(false);
  });

  it("skips what the catalogue no longer offers or has run out of, by name, and a paddle that is in the shop", () => {
    const gone = {
      paddleId: "p1",
      lineItems: [
        { skuId: "pr-orange-cushioned", name: "Premium Regrip", description: "Orange · Cushioned" },
        { skuId: "retired", name: "Lead Tape", description: null },
        { skuId: null, name: "Custom work", description: null },
        { skuId: "tape", name: "Edge Tape", description: null },
      ],
    };
    const { selection, dropped, paddleInShop } = againSelection(emptySelection(), gone, catalogue, ["p2"]);
    expect(selection.paddleId).toBeUndefined();
    expect(selection.serviceSkuId).toBeUndefined();
    expect(selection.edgeTape).toBe("tape");
    expect(dropped).toEqual(["Premium Regrip (Orange · Cushioned)", "Lead Tape", "Custom work"]);
    expect(paddleInShop).toBe(true);
  });
});

describe("a pack's credit in the summary", () => {
  const pack = (id: string, fields: Record<string, unknown> = {}) => ({
    id,
    packId: "p",
    name: id,
    regrips: 3,
    used: 1,
    left: 2,
    services: ["Premium Regrip"],
    priceCents: 15000,
    paidAt: "2026-11-01T00:00:00.000Z",
    expiresAt: null,
    refundedCents: 0,
    refunded: false,
    ...fields,
  });

  it("finds the pack covering the chosen core service with a credit left, the one expiring first, as the server does", () => {
    const later = pack("later", { expiresAt: "2099-02-01T00:00:00.000Z" });
    const sooner = pack("sooner", { expiresAt: "2099-01-01T00:00:00.000Z" });
    expect(coveringPack([pack("never"), later, sooner], "Premium Regrip")?.id).toBe("sooner");
    expect(coveringPack([pack("empty", { left: 0, used: 3 })], "Premium Regrip")).toBeUndefined();
    expect(coveringPack([pack("other")], "Basic Overgrip")).toBeUndefined();
    expect(coveringPack(undefined, "Premium Regrip")).toBeUndefined();
  });

  it("names the pack and what is left after the booking on the covered line", () => {
    const lines = [{ id: "core", label: "Premium Regrip", cents: 5500 }];
    const note = packCoverNote(pack("mine"));
    expect(note).toBe("Covered by your pack · 1 of 3 regrips left after this booking");
    expect(coverCore(lines, "core", true, note)[0]).toMatchObject({ cents: 0, covered: true, fullCents: 5500, coverNote: note });
  });
});
