import { describe, expect, it } from "vitest";
import { monthAfter, subscriptionCheckoutEvents, subscriptionInvoiceEvent } from "../payments/local";
import { COVERED_LINE_NOTE } from "../shared/membership";
import { coverageOf, coveredOrder, coverLine, currentOf, type SubscriptionItem } from "./allowance";
import { subscriptionOfInvoice } from "./webhook";

const now = new Date("2026-11-25T12:00:00.000Z");
const periodEnd = "2026-12-25T12:00:00.000Z";

const subscription = (fields: Partial<SubscriptionItem> = {}): SubscriptionItem =>
  ({
    userId: "u1",
    id: "sub_1",
    plan: "SINGLE_MONTHLY",
    status: "active",
    assignedPaddleIds: ["p1"],
    currentPeriodEnd: periodEnd,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    ...fields,
  }) as SubscriptionItem;

describe("coverageOf", () => {
  it("covers an assigned paddle with a regrip left in the current period", () => {
    expect(coverageOf(subscription(), "p1", now)).toMatchObject({ periodEnd });
    expect(coverageOf(subscription(), "p2", now)).toBeNull();
    // A storefront sale names no paddle: any core regrip.
    expect(coverageOf(subscription(), undefined, now)).toMatchObject({ periodEnd });
  });

  it("covers nothing once the period's regrips are used, past due, or past the period's end", () => {
    expect(coverageOf(subscription({ regripsUsed: 1, usagePeriodEnd: periodEnd }), "p1", now)).toBeNull();
    expect(coverageOf(subscription({ status: "past_due" }), "p1", now)).toBeNull();
    expect(coverageOf(subscription(), "p1", new Date("2026-12-26T00:00:00.000Z"))).toBeNull();
    expect(coverageOf(undefined, "p1", now)).toBeNull();
  });

  it("starts again in a new period: regrips used in the last one do not count", () => {
    expect(coverageOf(subscription({ regripsUsed: 1, usagePeriodEnd: "2026-11-25T00:00:00.000Z" }), "p1", now)).not.toBeNull();
  });

  it("a family plan covers up to three regrips a period", () => {
    const family = (used: number) => subscription({ plan: "FAMILY3_MONTHLY", assignedPaddleIds: ["p1", "p2"], regripsUsed: used, usagePeriodEnd: periodEnd });
    expect(coverageOf(family(2), "p2", now)).not.toBeNull();
    expect(coverageOf(family(3), "p2", now)).toBeNull();
  });
});

describe("coverLine", () => {
  const priced = {
    lineItems: [
      { skuId: "core", name: "Strip and Grip", description: "Black · Tacky", priceCents: 4500, quantity: 1 },
      { skuId: "add", name: "Handle Build-Up", priceCents: 800, quantity: 1 },
    ],
    subtotalCents: 5300,
    discountAmountCents: 0,
    promoCode: undefined,
    taxCents: 0,
    totalCents: 5300,
    stockTakes: [],
  };

  it("prices the core line at 0 with the covered note; the add-ons are charged", () => {
    const covered = coverLine(priced, 0, {});
    expect(covered.lineItems[0]).toMatchObject({ priceCents: 0, quantity: 1, description: COVERED_LINE_NOTE });
    expect(covered).toMatchObject({ subtotalCents: 800, totalCents: 800, coveredCents: 4500 });
  });

  it("takes a promotion off what is still charged only", () => {
    const covered = coverLine(priced, 0, { promotion: { code: "TEN", percentage: 10, amountCents: 0 } });
    expect(covered).toMatchObject({ subtotalCents: 800, discountAmountCents: 80, totalCents: 720 });
  });

  it("covers one unit of a line of several, the rest charged beside it", () => {
    const covered = coverLine({ ...priced, lineItems: [{ ...priced.lineItems[0]!, quantity: 3 }] }, 0, {});
    expect(covered.lineItems).toMatchObject([
      { priceCents: 0, quantity: 1 },
      { priceCents: 4500, quantity: 2 },
    ]);
    expect(covered.totalCents).toBe(9000);
  });

  it("a covered order with nothing left to pay is paid by the subscription", () => {
    const coverage = { subscription: subscription(), periodEnd };
    expect(coveredOrder(coverage, 4500, 0)).toEqual({ subscriptionId: "sub_1", coveredPeriodEnd: periodEnd, coveredCents: 4500, paymentMethod: "SUBSCRIPTION", paymentStatus: "comp" });
    expect(coveredOrder(coverage, 4500, 800)).toEqual({ subscriptionId: "sub_1", coveredPeriodEnd: periodEnd, coveredCents: 4500 });
  });
});

describe("currentOf", () => {
  it("answers a live subscription before an ended one, the newest first", () => {
    const ended = subscription({ id: "old", status: "canceled", createdAt: "2026-11-20T00:00:00.000Z" });
    const live = subscription({ id: "live", status: "past_due", createdAt: "2026-10-01T00:00:00.000Z" });
    expect(currentOf([ended, live])?.id).toBe("live");
    expect(currentOf([])).toBeUndefined();
  });
});

describe("the local subscription events", () => {
  it("a month's period, and the same ids for the same session", () => {
    expect(monthAfter(new Date("2026-01-31T10:00:00.000Z")).toISOString()).toBe("2026-03-03T10:00:00.000Z");
    const checkout = { sessionId: "cs_local_sub_abcdef0123456789abcd", userId: "u1", plan: "SINGLE_MONTHLY" as const, paddleIds: ["p1"], priceCents: 2500 };
    const a = subscriptionCheckoutEvents(checkout, now);
    const b = subscriptionCheckoutEvents(checkout, now);
    expect(a.events.map((event) => event.type)).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    expect(a.events.map((event) => event.id)).toEqual(b.events.map((event) => event.id));
    expect(a.subscription.id).toBe(b.subscription.id);
  });

  it("finds an invoice's subscription where this API version names it, and where older ones did", () => {
    const event = subscriptionInvoiceEvent("invoice.paid", {
      id: "sub_x",
      userId: "u1",
      plan: "SINGLE_MONTHLY",
      paddleIds: ["p1"],
      status: "active",
      periodStart: now,
      periodEnd: monthAfter(now),
      priceCents: 2500,
    });
    const invoice = event.data.object as Parameters<typeof subscriptionOfInvoice>[0];
    expect(subscriptionOfInvoice(invoice)).toBe("sub_x");
    expect(subscriptionOfInvoice({ ...invoice, parent: null, subscription: "sub_old" } as never)).toBe("sub_old");
    expect(subscriptionOfInvoice({ ...invoice, parent: null } as never)).toBeUndefined();
  });
});
