// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../data/orders";
import { orderView } from "../../test/views";
import { fakeApi, renderPage } from "../../test/render";
import { holdDeadline } from "@regrip/core/shared/unpaid-hold";
import { markBagHandover, orderPlaceLabel } from "../../data/orders";
import { isThankYouShown, markThankYou } from "../my-grips/thank-you";
import OrderPage, { payByText, pickupFact, pickupText } from "./OrderPage";

vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order: Order = orderView({
  id: "01JABCDEFGHXYZ123456",
  userId: "u1",
  paddleId: "p1",
  bagNumber: null,
  status: "IN_SERVICE",
  paymentStatus: "paid",
  dropoffLocation: "LITTLETON",
  dropoffDateTime: "2025-03-07T17:00:00.000Z",
  pickupLocation: "LITTLETON",
  pickupDateTime: "2025-03-08T17:00:00.000Z",
  lineItems: [
    { skuId: "pr", name: "Premium Regrip", description: "Black · Tacky", price: 5500, quantity: 1 },
    { skuId: "w", name: "Performance Weight Tape", description: "Sides, Top Shelf", price: 600, quantity: 2 },
  ],
  customerNotes: "Thin please",
  subtotalCents: 6700,
  discountAmountCents: 670,
  promoCode: "WELCOME10",
  totalCents: 6030,
  createdAt: "2025-03-07T17:00:00.000Z",
  paddle: { nickname: "Big Red", brand: "Joola", model: "Perseus" },
});

describe("OrderPage", () => {
  it("shows the number, the timeline up to the current step, the add-ons and the totals", async () => {
    fakeApi({
      "GET /api/orders/01JABCDEFGHXYZ123456": () => Response.json(order),
      "GET /api/services": () => Response.json({ coreServices: [{ name: "Premium Regrip", skus: [{ id: "pr" }] }], addOnServices: {} }),
    });
    renderPage(<OrderPage />, { path: "/orders/01JABCDEFGHXYZ123456", route: "/orders/:id" });
    await screen.findByRole("heading", { level: 1, name: "Order R-1001" });
    const steps = screen.getAllByRole("listitem").filter((li) => li.className.startsWith("timeline-step"));
    expect(steps.map((li) => li.className.includes("done"))).toEqual([true, true, true, true, false, false]);
    expect(steps[5].textContent).toContain("Picked Up");
    expect(screen.queryByRole("button", { name: "Ready for Pickup!" })).toBeNull();
    const addOns = screen.getByRole("region", { name: "Service and Add-Ons" });
    expect(within(addOns).getByText(/Performance Weight Tape × 2/)).toBeTruthy();
    const summary = screen.getByRole("region", { name: "Order Summary" });
    // The bill (shared/bill.ts): the promotion by its label, taken off; the payment; nothing left to pay.
    expect(within(summary).getByText("Promotion WELCOME10").closest("div")?.textContent).toBe("Promotion WELCOME10−$6.70");
    expect(within(summary).getByText("Performance Weight Tape × 2").closest("li")?.textContent).toBe("Performance Weight Tape × 2Sides, Top Shelf$12.00");
    expect(within(summary).getByTestId("bill-balance").textContent).toBe("$0.00");
    expect(within(summary).getByTestId("order-total").textContent).toBe("$60.30");
    expect(within(summary).getByText("Paid")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Current Status" })).getByText("In Service")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Back to Dashboard/ }).getAttribute("href")).toBe("/my-grips");
  });

  it("marks every step done when picked up, the last as Completed; READY offers 'Ready for Pickup!'; unknown statuses show raw", async () => {
    let status = "PICKED_UP";
    fakeApi({
      "GET /api/orders/o1": () => Response.json({ ...order, id: "o1", bagNumber: "104", status }),
      "GET /api/services": () => new Response("", { status: 500 }),
    });
    const view = renderPage(<OrderPage />, { path: "/orders/o1", route: "/orders/:id" });
    await screen.findByRole("heading", { level: 1, name: "Order R-1001 · Bag 104" });
    expect(screen.getAllByText("Completed").length).toBeGreaterThan(0);
    expect(screen.queryByText("Picked Up")).toBeNull();
    cleanup();

    status = "READY";
    view.queryClient.clear();
    renderPage(<OrderPage />, { path: "/orders/o1", route: "/orders/:id" });
    await screen.findByRole("button", { name: "Ready for Pickup!" });
    cleanup();

    status = "ON_A_BOAT";
    renderPage(<OrderPage />, { path: "/orders/o1", route: "/orders/:id" });
    expect((await screen.findAllByText("ON_A_BOAT")).length).toBeGreaterThan(0);
  });

  it("says 'Order Not Found' for a 404", async () => {
    fakeApi({ "GET /api/orders/missing": () => Response.json({ message: "Order not found" }, { status: 404 }) });
    renderPage(<OrderPage />, { path: "/orders/missing", route: "/orders/:id" });
    await screen.findByRole("heading", { name: "Order Not Found" });
    expect(screen.getByText("The order you're looking for doesn't exist or you don't have permission to view it.")).toBeTruthy();
  });

  it("reads a weekend pickup as the next business day", () => {
    // Saturday 8 March 2025, noon local: Monday 10 March.
    expect(pickupText(new Date(2025, 2, 8, 12).toISOString())).toBe("Next business day (Monday, March 10)");
    expect(pickupText(new Date(2025, 2, 6, 12).toISOString())).toBe("Next business day (Thursday, March 6)");
  });

  it("says when a paddle was picked up, that a ready one waits now, and that a canceled order has no pickup", () => {
    const planned = new Date(2025, 2, 6, 12).toISOString();
    // Times on the shop's clock (Denver, MST before March 9), wherever the test runs.
    const pickedAt = "2025-03-07T22:30:00.000Z";
    const order = { pickupDateTime: planned, updatedAt: "2025-03-09T07:00:00.000Z", statusHistory: [], pickupDate: null, pickupLocation: "LITTLETON", isOnsite: false };
    expect(pickupFact({ ...order, status: "SCHEDULED" })).toBe("Next business day (Thursday, March 6)");
    expect(pickupFact({ ...order, status: "COMPLETE" })).toBe("Ready now");
    expect(pickupFact({ ...order, status: "CANCELED" })).toBe("None: this order was canceled");
    const history = [
      { from: "READY", to: "PICKED_UP", actorId: null, actorName: null, note: null, at: pickedAt },
      { from: "PICKED_UP", to: "READY", actorId: null, actorName: null, note: null, at: new Date(2025, 2, 8).toISOString() },
      { from: "READY", to: "PICKED_UP", actorId: null, actorName: null, note: null, at: pickedAt },
    ] as const;
    expect(pickupFact({ ...order, status: "PICKED_UP", statusHistory: [...history] })).toBe("Picked up Fri, Mar 7, 3:30 PM");
    expect(pickupFact({ ...order, status: "PICKED_UP" })).toBe("Picked up Sun, Mar 9, 12:00 AM");
  });

  it("says the promised pickup day: at the shop, the same day on site, or the delivery run's day", () => {
    const order = { pickupDateTime: null, updatedAt: "2026-11-27T10:00:00.000Z", statusHistory: [], status: "SCHEDULED" as const };
    expect(pickupFact({ ...order, pickupDate: "2026-11-30", pickupLocation: "LITTLETON", isOnsite: false })).toBe("Ready Monday, November 30");
    expect(pickupFact({ ...order, pickupDate: "2026-12-02", pickupLocation: "ONSITE", isOnsite: true })).toBe("Wednesday, December 2, the same day");
    expect(pickupFact({ ...order, pickupDate: "2026-12-03", pickupLocation: "ONSITE", isOnsite: false })).toBe("Delivered Thursday, December 3");
  });
});

describe("OrderPage: location and timing", () => {
  const services = () => Response.json({ coreServices: [], addOnServices: {} });

  it("shows an onsite day's club with its address and map, the same-day pickup, and a notice when the place changed", async () => {
    const onsite = {
      ...order,
      id: "o-onsite",
      status: "SCHEDULED",
      stage: "scheduled",
      dropoffLocation: "ONSITE",
      pickupLocation: "ONSITE",
      isOnsite: true,
      dropoffDateTime: "2026-12-02T16:00:00.000Z",
      pickupDate: "2026-12-02",
      scheduleEventId: "ev1",
      partner: { locationKey: "PINE_CLUB", name: "Pine Club", address: "1 Pine St, Denver", mapsUrl: "https://maps.example/pine" },
      locationNotice: "The on-site day was canceled: drop off at Regrip Highlands Ranch instead.",
    } as Order;
    fakeApi({ "GET /api/orders/o-onsite": () => Response.json(onsite), "GET /api/services": services });
    renderPage(<OrderPage />, { path: "/orders/o-onsite", route: "/orders/:id" });
    const card = (await screen.findByRole("heading", { name: "Location and Timing" })).closest("section")!;
    expect(within(card).getAllByText("Pine Club")).toHaveLength(2);
    expect(within(card).getAllByText("1 Pine St, Denver")).toHaveLength(2);
    expect(within(card).getAllByRole("link", { name: /Open in maps/ })[0]!.getAttribute("href")).toBe("https://maps.example/pine");
    expect(within(card).getByText("Wednesday, December 2 at 9 am")).toBeTruthy();
    expect(within(card).getByTestId("pickup-day").textContent).toBe("Wednesday, December 2, the same day");
    const notice = screen.getByRole("heading", { name: "Where and when changed" }).closest("section")!;
    expect(notice.textContent).toContain("The on-site day was canceled");
  });

  it("shows a shop drop-off's address, its time on the shop's clock and the promised day", async () => {
    const shop = { ...order, id: "o-shop", status: "SCHEDULED", stage: "scheduled", dropoffDateTime: "2026-11-28T00:30:00.000Z", pickupDate: "2026-11-30" } as Order;
    fakeApi({ "GET /api/orders/o-shop": () => Response.json(shop), "GET /api/services": services });
    renderPage(<OrderPage />, { path: "/orders/o-shop", route: "/orders/:id" });
    const card = (await screen.findByRole("heading", { name: "Location and Timing" })).closest("section")!;
    expect(within(card).getAllByText("2500 W Main St, Littleton, CO 80120")).toHaveLength(2);
    expect(within(card).getByText("Friday, November 27 at 5:30 pm")).toBeTruthy();
    expect(within(card).getByTestId("pickup-day").textContent).toBe("Ready Monday, November 30");
    expect(screen.queryByRole("heading", { name: "Where and when changed" })).toBeNull();
  });

  it("names an order's place in My Grips: the club of a club day, the counter of a counter sale, or the shop", () => {
    const partner = { locationKey: "PINE_CLUB", name: "Pine Club", address: null, mapsUrl: null };
    expect(orderPlaceLabel({ dropoffLocation: "ONSITE", partner })).toBe("On-site at Pine Club");
    expect(orderPlaceLabel({ dropoffLocation: "COUNTER", partner: null })).toBe("At the shop's counter");
    expect(orderPlaceLabel({ dropoffLocation: "LITTLETON", partner: null })).toBe("Regrip Littleton");
  });

  it("shows a counter sale as made at the counter, not as a club day, and its paddle as brought in", async () => {
    const counter = { ...order, id: "o-counter", paddleId: null, paddle: { nickname: null, brand: null, model: null }, dropoffLocation: "COUNTER", pickupLocation: "COUNTER", isOnsite: false } as Order;
    fakeApi({ "GET /api/orders/o-counter": () => Response.json(counter), "GET /api/services": services });
    renderPage(<OrderPage />, { path: "/orders/o-counter", route: "/orders/:id" });
    const card = (await screen.findByRole("heading", { name: "Location and Timing" })).closest("section")!;
    expect(within(card).getAllByText("At the shop's counter")).toHaveLength(2);
    expect(within(card).queryByText(/On-site/)).toBeNull();
    expect(screen.getByText("Brought to the counter (not one of your saved paddles)")).toBeTruthy();
  });

  it("says when an unpaid order's hold ends, and that the shop hands over a bag it assigned", async () => {
    const createdAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const unpaid = {
      ...order,
      id: "o-hold",
      bagNumber: "131",
      status: "INVOICED",
      stage: "awaiting_payment",
      paymentStatus: "unpaid",
      createdAt,
      statusHistory: [{ from: null, to: "INVOICED", actorId: null, actorName: null, note: null, at: createdAt }],
    } as unknown as Order;
    expect(payByText(unpaid)).toBe(holdDeadline({ ...unpaid, processedByStaffId: undefined }, new Date()));
    expect(payByText(unpaid)).toMatch(/^Pay by \d{1,2}(:\d\d)? [ap]m (today|tomorrow), or the booking is released$/);
    expect(payByText({ ...unpaid, paymentStatus: "paid" })).toBeNull();
    markBagHandover(localStorage, "o-hold");
    fakeApi({ "GET /api/orders/o-hold": () => Response.json(unpaid), "GET /api/services": services });
    renderPage(<OrderPage />, { path: "/orders/o-hold", route: "/orders/:id" });
    await screen.findByText(new RegExp(`^${payByText(unpaid)}\\. Your order starts moving once it's paid\\.$`));
    expect(screen.getByText("The shop hands you this bag when you drop off your paddle.")).toBeTruthy();
  });
});

describe("OrderPage: cancel", () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

  it("offers Cancel Order only when the server would take it, and says why not otherwise", async () => {
    const paidLongAgo = { ...order, id: "o-old", status: "SCHEDULED" as const, stage: "scheduled" as const, createdAt: hoursAgo(30), dropoffDateTime: hoursAgo(-20) };
    fakeApi({ "GET /api/orders/o-old": () => Response.json(paidLongAgo), "GET /api/services": () => Response.json({ coreServices: [], addOnServices: {} }) });
    renderPage(<OrderPage />, { path: "/orders/o-old", route: "/orders/:id" });
    await screen.findByRole("heading", { name: "Need to cancel?" });
    expect(screen.queryByRole("button", { name: "Cancel Order" })).toBeNull();
    expect(screen.getByText(/Paid orders can be canceled online for a full refund until 24 hours before drop-off, or within 24 hours of booking/)).toBeTruthy();
    // After the window: the shop to contact, by name and address.
    expect(screen.getByTestId("shop-contact").textContent).toMatch(/^Contact the shop: Regrip (Littleton|Highlands Ranch), /);
  });

  it("offers a booking made days ahead its full refund until 24 hours before its drop-off", async () => {
    const ahead = { ...order, id: "o-ahead", status: "SCHEDULED" as const, stage: "scheduled" as const, createdAt: hoursAgo(72), dropoffDateTime: hoursAgo(-72) };
    fakeApi({ "GET /api/orders/o-ahead": () => Response.json(ahead), "GET /api/services": () => Response.json({ coreServices: [], addOnServices: {} }) });
    renderPage(<OrderPage />, { path: "/orders/o-ahead", route: "/orders/:id" });
    await screen.findByRole("heading", { name: "Need to cancel?" });
    expect(screen.getByRole("button", { name: "Cancel Order" })).toBeTruthy();
    expect(screen.getByText(/^Cancel before check-in and by .* for a full refund of/)).toBeTruthy();
  });

  it("asks first, then cancels an unpaid order with nothing to refund", async () => {
    const unpaid = { ...order, id: "o-new", status: "INVOICED" as const, stage: "awaiting_payment" as const, paymentStatus: "unpaid" as const, createdAt: hoursAgo(1) };
    let stored: Order = unpaid;
    const calls = fakeApi({
      "GET /api/orders/o-new": () => Response.json(stored),
      "GET /api/services": () => Response.json({ coreServices: [], addOnServices: {} }),
      "POST /api/orders/o-new/status": () => Response.json((stored = { ...unpaid, status: "CANCELED", stage: "canceled" })),
    });
    // Paid for something else a moment ago: the dashboard's thank-you goes with the cancel.
    markThankYou(localStorage);
    renderPage(<OrderPage />, { path: "/orders/o-new", route: "/orders/:id" });
    (await screen.findByRole("button", { name: "Cancel Order" })).click();
    const dialog = await screen.findByRole("dialog", { name: "Cancel this order?" });
    expect(dialog.textContent).toContain("Nothing has been charged for this order.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    within(dialog).getByRole("button", { name: "Cancel Order" }).click();
    await screen.findByText("Order Canceled");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ status: "CANCELED" });
    expect(screen.queryByRole("heading", { name: "Need to cancel?" })).toBeNull();
    expect(isThankYouShown(localStorage)).toBe(false);
  });
});

describe("OrderPage: back from a checkout", () => {
  // Its bill as the server makes it for an unpaid order: the whole total still due.
  const unpaid = orderView({ ...order, bill: undefined, id: "o9", bagNumber: "129", status: "INVOICED", stage: "awaiting_payment", paymentStatus: "unpaid", paidAt: null } as Partial<Order>);
  const services = () => Response.json({ coreServices: [], addOnServices: {} });

  it("tells a declined payment with the server's reason, beside one working Pay Now", async () => {
    fakeApi({ "GET /api/orders/o9": () => Response.json({ ...unpaid, paymentFailureReason: "Your card was declined." }), "GET /api/services": services });
    renderPage(<OrderPage />, { path: "/orders/o9?payment=canceled", route: "/orders/:id" });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Payment declined" })).toBeTruthy();
    expect(within(alert).getByText("Your card was declined.")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Pay Now" })).toHaveLength(1);
  });

  it("says 'Payment was not completed' after leaving the checkout without paying", async () => {
    fakeApi({ "GET /api/orders/o9": () => Response.json(unpaid), "GET /api/services": services });
    renderPage(<OrderPage />, { path: "/orders/o9?payment=canceled", route: "/orders/:id" });
    const heading = await screen.findByRole("heading", { name: "Payment was not completed" });
    const outcome = heading.closest("section")!;
    expect(outcome.getAttribute("role")).toBe("status");
    expect(within(outcome).getByRole("button", { name: "Pay Now" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Pay Now" })).toHaveLength(1);
  });

  it("says nothing of a payment when the customer just opens an unpaid order", async () => {
    fakeApi({ "GET /api/orders/o9": () => Response.json(unpaid), "GET /api/services": services });
    renderPage(<OrderPage />, { path: "/orders/o9", route: "/orders/:id" });
    await screen.findByRole("heading", { level: 1, name: "Order R-1001 · Bag 129" });
    // Only the bill's own Payments heading: no notice of a payment made, declined or given up.
    expect(screen.queryAllByRole("heading", { name: /Payment|payment/ }).map((heading) => heading.textContent)).toEqual(["Payments"]);
    expect(screen.getAllByRole("button", { name: "Pay Now" })).toHaveLength(1);
  });

  it("after paying, says it is confirming until the webhook lands, then that the order is paid", async () => {
    let reads = 0;
    fakeApi({
      "GET /api/orders/o9": () => {
        reads++;
        return Response.json(reads < 2 ? unpaid : { ...unpaid, status: "SCHEDULED", stage: "scheduled", paymentStatus: "paid", paidAt: "2025-03-07T17:05:00.000Z", cardLast4: "4242" });
      },
      "GET /api/services": services,
    });
    renderPage(<OrderPage />, { path: "/orders/o9?paid=1", route: "/orders/:id" });
    await screen.findByRole("heading", { name: "Confirming your payment…" });
    await screen.findByRole("heading", { name: "Payment received" }, { timeout: 3000 });
    expect(screen.getByText("Thank you! This order is paid with the card ending 4242.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();
    expect(localStorage.getItem("thankYouExpiry")).not.toBeNull();
  });
});
