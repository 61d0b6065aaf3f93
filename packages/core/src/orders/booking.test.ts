import { describe, expect, it } from "vitest";
import { BookService } from "./booking";
import { IdempotencyKey } from "./create";
import { OrderListQuery } from "./queries";
import { view, type OrderItem } from "./view";

const base = { paddleId: "p1", bagNumber: "101", service: "sku-1" };

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("BookService", () => {
  it("fills the defaults and drops every field it does not know", () => {
    const parsed = BookService.parse({ ...base, discountAmountCents: 4500, totalCents: 0, status: "PICKED_UP", lineItems: [] });
    expect(parsed).toEqual({
      paddleId: "p1",
      bagNumber: "101",
      dropoffLocation: "HIGHLANDS_RANCH",
      dropoffDateTime: undefined,
      // isOnsite is no longer taken from the client (an order is onsite when it names an onsite day): absent stays absent.
      scheduleEventId: undefined,
      pickupLocation: undefined,
      service: "sku-1",
      addOns: [],
      weightAreas: [],
      customerNotes: undefined,
      promoCode: undefined,
    });
  });

  it("takes the where-and-when fields: an onsite day, a club, no bag yet", () => {
    expect(BookService.parse({ ...base, bagNumber: "", needsBag: true, scheduleEventId: "ev-1", pickupLocation: "" })).toMatchObject({
      bagNumber: undefined,
      needsBag: true,
      scheduleEventId: "ev-1",
      pickupLocation: undefined,
    });
    expect(messageOf(BookService.safeParse({ ...base, bagNumber: "" }))).toBe("Please complete all required fields");
    expect(messageOf(BookService.safeParse({ ...base, needsBag: "yes" }))).toBe("needsBag must be true or false");
    expect(messageOf(BookService.safeParse({ ...base, scheduleEventId: "x".repeat(200) }))).toBe("Invalid id");
  });

  it("takes nulls and empty strings as absent", () => {
    const parsed = BookService.parse({ ...base, dropoffLocation: null, addOns: null, weightAreas: null, customerNotes: "  ", promoCode: "" });
    expect(parsed).toMatchObject({ dropoffLocation: "HIGHLANDS_RANCH", addOns: [], weightAreas: [], customerNotes: undefined, promoCode: undefined });
  });

  it("normalises the drop-off time to UTC", () => {
    expect(BookService.parse({ ...base, dropoffDateTime: "2030-05-06T15:30:00-06:00" }).dropoffDateTime).toBe("2030-05-06T21:30:00.000Z");
  });

  it.each([
    [{ bagNumber: undefined }, "Please complete all required fields"],
    [{ paddleId: "" }, "Please complete all required fields"],
    [{ service: null }, "Please complete all required fields"],
    [{ bagNumber: "1a3" }, "Please enter a 3-digit bag number"],
    [{ bagNumber: " 12" }, "Please enter a 3-digit bag number"],
    [{ bagNumber: 101 }, "Please enter a 3-digit bag number"],
    [{ dropoffLocation: "ONSITE" }, "Please choose a drop-off location"],
    [{ dropoffDateTime: "2030-13-45T99:00:00Z" }, "Please choose a valid drop-off time"],
    [{ customerNotes: "n".repeat(501) }, "Notes must be 500 characters or less"],
    [{ addOns: "sku-2" }, "That add-on is not available"],
    [{ weightAreas: ["sides", "sides", "sides", "sides", "sides", "sides"] }, "Choose at most 5 areas for the weight"],
  ])("refuses %o with its message", (overrides, message) => {
    expect(messageOf(BookService.safeParse({ ...base, ...overrides }))).toBe(message);
  });

  it("keeps a 3-digit bag number with a leading zero", () => {
    expect(BookService.parse({ ...base, bagNumber: "007" }).bagNumber).toBe("007");
  });
});

describe("IdempotencyKey", () => {
  it.each([
    ["", "Idempotency-Key must not be empty"],
    ["a b", "Idempotency-Key must be printable ASCII without spaces"],
    ["k".repeat(201), "Idempotency-Key must be at most 200 characters"],
  ])("refuses %j", (key, message) => {
    expect(messageOf(IdempotencyKey.safeParse(key))).toBe(message);
  });

  it("takes a UUID", () => {
    expect(IdempotencyKey.parse("0b7e1f5e-4a49-4d3b-9a55-5f0c2f1f8f21")).toBe("0b7e1f5e-4a49-4d3b-9a55-5f0c2f1f8f21");
  });
});

describe("OrderListQuery", () => {
  it("defaults to 50 and no cursor", () => {
    expect(OrderListQuery.parse({})).toEqual({ limit: 50, cursor: undefined });
  });

  it.each(["1", "100", "050"])("takes limit=%s", (limit) => {
    expect(OrderListQuery.parse({ limit }).limit).toBe(Number(limit));
  });

  it.each(["0", "101", "x", "2.0", "-1", " 5"])("refuses limit=%j", (limit) => {
    expect(messageOf(OrderListQuery.safeParse({ limit }))).toBe("limit must be a whole number from 1 to 100");
  });
});

describe("view", () => {
  const order = {
    id: "o1",
    userId: "u1",
    status: "SERVICE_QUEUE",
    statusHistory: [{ to: "INVOICED", at: "2026-01-01T00:00:00.000Z", note: "Booked online" }],
    isOnsite: false,
    lineItems: [{ skuId: "s1", name: "Strip and Grip", priceCents: 4500, quantity: 1 }],
    subtotalCents: 4500,
    discountAmountCents: 0,
    taxCents: 0,
    totalCents: 4500,
    currency: "usd",
    paymentMethod: "STRIPE",
    paymentStatus: "paid",
    paymentAttempts: 0,
    refundedAmountCents: 0,
    myGripNotes: "cracked handle",
    bagCode: "101",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-02T00:00:00.000Z",
  } as OrderItem;

  it("maps the stored order to the API's shape, with the lifecycle stage", () => {
    const shown = view(order, { staff: false });
    expect(shown).toMatchObject({
      stage: "in_queue",
      bag: { code3: "101" },
      paddleId: null,
      lineItems: [{ skuId: "s1", name: "Strip and Grip", description: null, price: 4500, quantity: 1 }],
      statusHistory: [{ from: null, to: "INVOICED", actorId: null, actorName: null, note: "Booked online", at: "2026-01-01T00:00:00.000Z" }],
      user: { firstName: null, lastName: null, email: null, phone: null },
      paddle: { nickname: null, brand: null, model: null },
    });
  });

  it("shows the staff notes to staff only", () => {
    expect(view(order, { staff: false })).not.toHaveProperty("myGripNotes");
    expect(view(order, { staff: true }).myGripNotes).toBe("cracked handle");
    expect(view({ ...order, myGripNotes: undefined }, { staff: true }).myGripNotes).toBeNull();
  });
});
