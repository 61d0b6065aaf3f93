import { describe, expect, it } from "vitest";
import { orderPoints } from "./order-points";

const now = new Date("2026-03-02T18:00:00.000Z");
const unpaid = {
  id: "order-1",
  userId: "user-1",
  status: "INVOICED" as const,
  paymentStatus: "unpaid" as const,
  paymentMethod: "STRIPE",
  totalCents: 5300,
  refundedAmountCents: 0,
};
const paid = { ...unpaid, status: "SCHEDULED" as const, paymentStatus: "paid" as const, pointsEarned: 53 };

/** The entries the writes would make, without a table: the facts each carries. */
function entriesOf(points: ReturnType<typeof orderPoints>) {
  const made: { type: string; points: number; orderId?: string }[] = [];
  let added = 0;
  const entities = {
    loyaltyAccount: { update: () => ({ add: ({ balance }: { balance: number }) => ((added += balance), { commit: () => ({}) }) }) },
    loyaltyLedger: { create: (item: { type: string; points: number; orderId?: string }) => (made.push(item), { commit: () => ({}) }) },
  };
  const writes = points.writes(entities as never);
  return { entries: made.map(({ type, points, orderId }) => ({ type, points, orderId })), added, labels: writes.map((w) => w.label) };
}

describe("earning", () => {
  it("earns a point per whole dollar of a card payment, recorded on the order, conditioned on the payment as read", () => {
    const points = orderPoints(unpaid, { paymentStatus: "paid" }, "scheduled", now);
    expect(points.set).toEqual({ pointsEarned: 53 });
    expect(points.reads).toEqual(["paymentStatus", "refundedAmountCents"]);
    expect(entriesOf(points)).toEqual({ entries: [{ type: "earn", points: 53, orderId: "order-1" }], added: 53, labels: ["points", "points-entry:0"] });
  });

  it("earns for cash and a card at the counter", () => {
    for (const paymentMethod of ["POS_CASH", "POS_CARD"]) {
      expect(orderPoints(unpaid, { paymentStatus: "paid", paymentMethod }, undefined, now).set).toEqual({ pointsEarned: 53 });
    }
  });

  it("earns nothing for a comp, a membership, an order already paid, or money landing on a canceled order", () => {
    expect(orderPoints(unpaid, { paymentStatus: "comp", paymentMethod: "COMP" }, undefined, now).set).toEqual({});
    expect(orderPoints({ ...unpaid, paymentMethod: "SUBSCRIPTION" }, { paymentStatus: "paid" }, undefined, now).set).toEqual({});
    expect(orderPoints(paid, { paymentStatus: "paid" }, undefined, now).set).toEqual({});
    expect(orderPoints({ ...unpaid, status: "CANCELED" }, { paymentStatus: "paid" }, undefined, now).set).toEqual({});
    expect(entriesOf(orderPoints(unpaid, { paymentStatus: "comp", paymentMethod: "COMP" }, undefined, now)).labels).toEqual([]);
  });

  it("nets a refund Stripe reported before the payment: earned and taken back in one write, the balance unmoved for a full one", () => {
    const full = orderPoints(unpaid, { paymentStatus: "refunded", refundedAmountCents: 5300 }, "scheduled", now);
    expect(full.set).toEqual({ pointsEarned: 53, pointsTakenBack: 53 });
    expect(entriesOf(full)).toMatchObject({ entries: [{ type: "earn", points: 53 }, { type: "takeback", points: -53 }], added: 0 });
    expect(entriesOf(full).labels).toEqual(["points-entry:0", "points-entry:1"]);
    const part = orderPoints(unpaid, { paymentStatus: "paid", refundedAmountCents: 1000 }, "scheduled", now);
    expect(part.set).toEqual({ pointsEarned: 53, pointsTakenBack: 10 });
    expect(entriesOf(part).added).toBe(43);
  });
});

describe("taking back", () => {
  it("takes back the difference a growing refund makes, cumulative on the order", () => {
    const first = orderPoints(paid, { refundedAmountCents: 1000, paymentStatus: "paid" }, undefined, now);
    expect(first.set).toEqual({ pointsTakenBack: 10 });
    expect(entriesOf(first)).toMatchObject({ entries: [{ type: "takeback", points: -10 }], added: -10 });
    const rest = orderPoints({ ...paid, refundedAmountCents: 1000, pointsTakenBack: 10 }, { refundedAmountCents: 5300, paymentStatus: "refunded" }, undefined, now);
    expect(rest.set).toEqual({ pointsTakenBack: 53 });
    expect(entriesOf(rest).added).toBe(-43);
    expect(rest.reads).toEqual(["paymentStatus", "refundedAmountCents"]);
  });

  it("takes back nothing from an order that earned nothing (paid before points, or comped)", () => {
    const { pointsEarned: _, ...before } = paid;
    expect(orderPoints(before, { refundedAmountCents: 5300, paymentStatus: "refunded" }, undefined, now)).toMatchObject({ set: {}, reads: [] });
  });
});

describe("returning redeemed points", () => {
  it("gives the redeemed points back once, on the cancel", () => {
    const redeemed = { ...unpaid, pointsRedeemed: 200, pointsDiscountCents: 2000 };
    const canceled = orderPoints(redeemed, undefined, "canceled", now);
    expect(canceled.set).toEqual({ pointsReturnedAt: now.toISOString() });
    expect(canceled.reads).toEqual([]);
    expect(entriesOf(canceled)).toMatchObject({ entries: [{ type: "return", points: 200 }], added: 200 });
    expect(orderPoints({ ...redeemed, pointsReturnedAt: now.toISOString() }, undefined, "canceled", now).set).toEqual({});
    expect(orderPoints({ ...redeemed, status: "CANCELED" }, undefined, "canceled", now).set).toEqual({});
    expect(orderPoints(redeemed, undefined, "in_queue", now).set).toEqual({});
  });
});
