// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Catalogue } from "../../data/catalogue";
import type { Paddle } from "../../data/paddles";
import { catalogueItem as item, locationsView, paddleView, premiumRegrip, scheduleEvent } from "../../test/views";
import { customer, fakeApi, renderPage } from "../../test/render";
import { holdDeadline } from "@regrip/core/shared/unpaid-hold";
import BookingPage from "./BookingPage";

vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));
vi.mock("../../lib/navigation", () => ({ goToServerLogin: vi.fn(), goToServerLogout: vi.fn(), currentPath: () => "/booking" }));

import { goToServerLogin } from "../../lib/navigation";

const catalogue: Catalogue = {
  coreServices: [
    premiumRegrip(),
    { name: "Strip and Grip", description: "Sold out.", basePrice: 4500, colors: ["Red"], feels: ["Dry"], totalStock: 0, isInStock: false, skus: [] },
  ],
  addOnServices: {
    GRIP: [item({ id: "overgrip", name: "Extra Overgrip", price: 800, stockQuantity: 3, category: "OVERGRIP" })],
    WEIGHT: [item({ id: "weight", name: "Performance Weight Tape", price: 600, category: "WEIGHT" })],
    EDGE: [
      item({ id: "guard-black", name: "Premium Edge Guard", price: 1500, category: "EDGE", color: "Black" }),
      item({ id: "guard-pink", name: "Premium Edge Guard", price: 1500, category: "EDGE", color: "Pink", stockQuantity: 0, isInStock: false }),
      item({ id: "tape", name: "Edge Tape", price: 500, category: "EDGE" }),
    ],
    OTHER: [item({ id: "cap", name: "Butt Cap Replacement", price: 600, stockQuantity: 0, isInStock: false })],
  },
};

function paddle(id: string, nickname: string): Paddle {
  return paddleView({ id, nickname });
}

// Wednesday, November 25, 2026, 10 am in Denver: the shops open; Thursday is Thanksgiving (closed).
const NOW = new Date("2026-11-25T17:00:00.000Z");

beforeEach(() => {
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.mocked(goToServerLogin).mockClear();
});

/** The public reads of the where-and-when step. */
const whereRoutes = (events = [scheduleEvent()]) => ({
  "GET /api/locations": () => Response.json(locationsView()),
  "GET /api/schedule": () => Response.json({ items: events }),
});

/** The summary's Book Service (a phone's bar has its own, shown only below 900 px). */
const bookButton = () => within(screen.getByRole("complementary", { name: "Booking Summary" })).getByRole("button", { name: "Book Service" }) as HTMLButtonElement;

async function chooseServiceAndWeight() {
  fireEvent.click(await screen.findByRole("button", { name: /Premium Regrip/ }));
  let dialog = await screen.findByRole("dialog", { name: "Premium Regrip" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  expect(within(dialog).getByRole("alert").textContent).toBe("Please choose a grip color");
  fireEvent.click(within(dialog).getByLabelText("Black"));
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  expect(within(dialog).getByRole("alert").textContent).toBe("Please choose a grip tack");
  fireEvent.click(within(dialog).getByLabelText("Tacky"));
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

  fireEvent.click(screen.getByRole("button", { name: /Performance Weight Tape/ }));
  dialog = await screen.findByRole("dialog", { name: "Performance Weight Tape" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Add to Booking" }));
  expect(within(dialog).getByRole("alert").textContent).toBe("Please choose at least one area");
  fireEvent.click(within(dialog).getByLabelText("Sides"));
  fireEvent.click(within(dialog).getByLabelText("Top Shelf"));
  fireEvent.click(within(dialog).getByRole("button", { name: "Add to Booking" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

/** Clicks Book Service, then Confirm and Pay in the summary dialog. */
async function bookAndConfirm() {
  fireEvent.click(bookButton());
  fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm and Pay" }));
}

/**
 * A verified customer whose only paddle, Big Red, the page preselects, books the service and weight tape in bag
 * 101 and confirms; `routes` answer the booking and what follows it.
 */
async function bookBigRedInBag101(routes: Parameters<typeof fakeApi>[0]) {
  fakeApi({
    "GET /api/auth/user": () => Response.json(customer({ phoneVerified: true })),
    "GET /api/services": () => Response.json(catalogue),
    "GET /api/paddles": () => Response.json([paddle("p1", "Big Red")]),
    ...whereRoutes(),
    ...routes,
  });
  renderPage(<BookingPage />, { path: "/booking" });
  // An only paddle is preselected.
  await waitFor(() => expect((screen.getByLabelText(/Big Red/) as HTMLInputElement).checked).toBe(true));
  await chooseServiceAndWeight();
  fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "101" } });
  await bookAndConfirm();
}

describe("BookingPage", () => {
  it("asks for the phone's code before Confirm, books with a verified phone retry, the same Idempotency-Key, and tells the customer when payment cannot start", async () => {
    let bookings = 0;
    const bookedAt = new Date().toISOString();
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/services": () => Response.json(catalogue),
      "GET /api/paddles": () => Response.json([paddle("p1", "Big Red"), paddle("p2", "Lefty")]),
      "GET /api/promotions/WELCOME10": () => Response.json({ code: "WELCOME10", percentage: 10, amountCents: 0 }),
      "GET /api/promotions/NOPE": () => Response.json({ message: "Invalid or expired promo code" }, { status: 404 }),
      "POST /api/book-service": () =>
        ++bookings === 1
          ? Response.json({ message: "Phone number verification required" }, { status: 428 })
          : Response.json({ id: "order-1", requiresPayment: true }, { status: 201 }),
      "POST /api/user/phone": () => Response.json({ phoneNumber: "+13035550142" }),
      "POST /api/user/phone/verify": () => Response.json(customer({ phone: "+13035550142", phoneVerified: true })),
      "POST /api/orders/order-1/checkout": () => Response.json({ message: "Stripe is down" }, { status: 502 }),
      // Booked just now and unpaid: on its hold.
      "GET /api/orders/order-1": () =>
        Response.json({ id: "order-1", bagNumber: "123", totalCents: 6030, lineItems: [], status: "INVOICED", paymentStatus: "unpaid", createdAt: bookedAt, statusHistory: [{ to: "INVOICED" }] }),
      "GET /api/bags/123/availability": () => Response.json({ code: "123", available: true, message: null }),
      ...whereRoutes(),
    });
    renderPage(<BookingPage />, { path: "/booking?paddle=p2" });

    // ?paddle= preselects, then leaves the address.
    await waitFor(() => expect((screen.getByLabelText(/Lefty/) as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/booking"));

    // Out of stock: the core service and the add-on cannot be chosen; low stock says so.
    expect((await screen.findByRole("button", { name: /Strip and Grip/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: /Butt Cap Replacement/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("button", { name: /Extra Overgrip/ }).textContent).toContain("Only 3 left");

    await chooseServiceAndWeight();
    const book = bookButton();
    expect(book.disabled).toBe(true);

    // A refused code is said under the field, and stays until the code is changed.
    fireEvent.change(screen.getByLabelText("Promo code"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid or expired promo code");
    expect(screen.getByLabelText("Promo code").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(screen.getByLabelText("Promo code"), { target: { value: " welcome10 " } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("Promo Applied!");
    expect((screen.getByLabelText("Promo code") as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByTestId("summary-total").textContent).toBe("$60.30");

    // Nothing typed is cut short: a 4th digit stays in the field, refused under it, and Book waits.
    fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "1234" } });
    expect((screen.getByLabelText(/Bag number/) as HTMLInputElement).value).toBe("1234");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a 3-digit bag number");
    expect(book.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "123" } });
    expect(book.disabled).toBe(false);
    fireEvent.click(book);

    // No verified phone: its code is asked before the confirmation, not after Confirm and Pay.
    const phone = await screen.findByRole("dialog", { name: "Verify Your Phone" });
    expect(screen.queryByRole("dialog", { name: "Confirm Your Booking" })).toBeNull();
    fireEvent.change(within(phone).getByLabelText("Mobile phone"), { target: { value: "303555" } });
    fireEvent.click(within(phone).getByRole("button", { name: "Send Code" }));
    await screen.findByText("Please enter a valid 10-digit phone number");
    fireEvent.change(within(phone).getByLabelText("Mobile phone"), { target: { value: "3035550142" } });
    expect((within(phone).getByLabelText("Mobile phone") as HTMLInputElement).value).toBe("+1 (303) 555-0142");
    fireEvent.click(within(phone).getByRole("button", { name: "Send Code" }));
    await screen.findByText("Verification Code Sent");
    fireEvent.change(await within(phone).findByLabelText("Verification code"), { target: { value: "12345" } });
    fireEvent.click(within(phone).getByRole("button", { name: "Verify" }));
    await screen.findByText("Please enter the 6-digit verification code");
    fireEvent.change(within(phone).getByLabelText("Verification code"), { target: { value: "123456" } });
    fireEvent.click(within(phone).getByRole("button", { name: "Verify" }));

    const confirm = await screen.findByRole("dialog", { name: "Confirm Your Booking" });
    expect(calls.some((c) => c.path === "/api/book-service")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm and Pay" }));

    // The server still asks (the number changed on another device): verified again, the saved booking is retried.
    const again = await screen.findByRole("dialog", { name: "Verify Your Phone" });
    fireEvent.change(within(again).getByLabelText("Mobile phone"), { target: { value: "3035550142" } });
    fireEvent.click(within(again).getByRole("button", { name: "Send Code" }));
    fireEvent.change(await within(again).findByLabelText("Verification code"), { target: { value: "123456" } });
    fireEvent.click(within(again).getByRole("button", { name: "Verify" }));

    const success = await screen.findByRole("dialog", { name: "Service Booked!" });
    // Not "later": the booking is released at the end of its hold, and the dialog says when.
    const payBy = holdDeadline({ status: "INVOICED", paymentStatus: "unpaid", createdAt: bookedAt, statusHistory: [{ to: "INVOICED" }], totalCents: 6030 }, new Date());
    expect(payBy).toMatch(/^Pay by .+ (today|tomorrow), or the booking is released$/);
    await within(success).findByText(`Your booking is made, but we couldn't open the payment page just now. ${payBy}: pay from your order page.`);
    await within(success).findByText("$60.30");

    const posted = calls.filter((c) => c.method === "POST" && c.path === "/api/book-service");
    expect(posted).toHaveLength(2);
    expect(posted[0].headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted[1].headers["Idempotency-Key"]).toBe(posted[0].headers["Idempotency-Key"]);
    expect(posted[1].body).toEqual(posted[0].body);
    expect(posted[0].body).toEqual({
      paddleId: "p2",
      bagNumber: "123",
      dropoffLocation: "HIGHLANDS_RANCH",
      // The earliest drop-off is chosen for the customer: today at opening.
      dropoffDateTime: "2026-11-25T17:00:00.000Z",
      isOnsite: false,
      service: "pr-black-tacky",
      addOns: ["weight"],
      weightAreas: ["sides", "top_shelf"],
      promoCode: "WELCOME10",
    });
    expect(calls.find((c) => c.path === "/api/user/phone")?.body).toEqual({ phone: "+13035550142" });

    // Selections reset, and with two paddles the paddle is cleared.
    fireEvent.click(within(success).getByRole("button", { name: "Done" }));
    expect(screen.getByTestId("summary-total").textContent).toBe("$0.00");
    expect((screen.getByLabelText(/Lefty/) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText("Promo code") as HTMLInputElement).readOnly).toBe(false);
  }, 20_000); // The longest walk through the page: 5 s is too short on a busy 2-core machine.

  it("says why a booking failed, with the server's message or the status", async () => {
    let answer = Response.json({ message: "Sorry, Premium Regrip is out of stock" }, { status: 409 });
    await bookBigRedInBag101({ "POST /api/book-service": () => answer });
    await screen.findByText("Booking Failed");
    // In the toast and above the Book button.
    await waitFor(() => expect(screen.getAllByText("Sorry, Premium Regrip is out of stock")).toHaveLength(2));

    answer = new Response("", { status: 503, statusText: "Service Unavailable" });
    await bookAndConfirm();
    await waitFor(() => expect(screen.getAllByText("Request failed with status 503").length).toBeGreaterThan(0));
  });

  it("goes to the checkout page when the booking needs payment", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    await bookBigRedInBag101({
      "POST /api/book-service": () => Response.json({ id: "order-9", requiresPayment: true }, { status: 201 }),
      "POST /api/orders/order-9/checkout": () => Response.json({ url: "http://localhost/pay/cs_1" }),
      "GET /api/orders/order-9": () => Response.json({ id: "order-9", bagNumber: "101", totalCents: 6700, lineItems: [] }),
    });
    await screen.findByText("Service Booked");
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://localhost/pay/cs_1"));
    // With one paddle, the paddle stays chosen for the next booking.
    expect((screen.getByLabelText(/Big Red/) as HTMLInputElement).checked).toBe(true);
    assign.mockRestore();
  });

  it("asks a signed-out visitor to log in before booking", async () => {
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json({ message: "Unauthorized" }, { status: 401 }),
      "GET /api/services": () => Response.json(catalogue),
      ...whereRoutes(),
    });
    renderPage(<BookingPage />, { path: "/booking" });
    await screen.findByText("Log in to choose one of your paddles or add a new one.");
    fireEvent.click(await screen.findByRole("button", { name: /Premium Regrip/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByLabelText("Orange"));
    expect((within(dialog).getByLabelText("Cushioned") as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText("Tacky"));
    await within(dialog).findByText("Only 2 left");
    fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
    fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "101" } });
    fireEvent.click(bookButton());
    await screen.findByText("Please log in to book a service");
    await waitFor(() => expect(goToServerLogin).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => c.path === "/api/paddles")).toBe(false);
  });

  it("says when the services cannot be loaded", async () => {
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/services": () => new Response("", { status: 500 }),
      "GET /api/paddles": () => Response.json([]),
    });
    renderPage(<BookingPage />, { path: "/booking" });
    await screen.findByText("Unable to load services. Please refresh the page.");
  });
});

describe("BookingPage: where and when", () => {
  /** A verified customer with `paddles`, on the page with Premium Regrip (Black, Tacky) chosen. */
  async function openWith(paddles: Paddle[], routes: Parameters<typeof fakeApi>[0] = {}, events = [scheduleEvent()]) {
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer({ phoneVerified: true })),
      "GET /api/services": () => Response.json(catalogue),
      "GET /api/paddles": () => Response.json(paddles),
      ...whereRoutes(events),
      ...routes,
    });
    renderPage(<BookingPage />, { path: "/booking" });
    fireEvent.click(await screen.findByRole("button", { name: /Premium Regrip/ }));
    const dialog = await screen.findByRole("dialog", { name: "Premium Regrip" });
    fireEvent.click(within(dialog).getByLabelText("Black"));
    fireEvent.click(within(dialog).getByLabelText("Tacky"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await screen.findByLabelText("Drop-off day *");
    return calls;
  }
  const posted = (calls: ReturnType<typeof fakeApi>) => calls.find((c) => c.method === "POST" && c.path === "/api/book-service")?.body;

  it("shows the shop's address and hours, and promises Monday for a Friday-evening drop-off", async () => {
    const calls = await openWith([paddle("p1", "Big Red")], {
      "POST /api/book-service": () => Response.json({ id: "o1", requiresPayment: false, pickupDate: "2026-11-30", bagNumber: "101" }, { status: 201 }),
      "GET /api/orders/o1": () => Response.json({ id: "o1", bagNumber: "101", totalCents: 0, lineItems: [] }),
      "GET /api/bags/101/availability": () => Response.json({ code: "101", available: true, message: null }),
    });
    expect(screen.getByText("9300 S Colorado Blvd, Highlands Ranch, CO 80126")).toBeTruthy();
    expect(screen.getAllByText("Monday to Friday: 10 am to 7 pm").length).toBeGreaterThan(0);
    // Today at opening, chosen for the customer: Thursday is Thanksgiving, so it is ready Friday.
    expect(screen.getByTestId("promise").textContent).toBe("Ready Friday, November 27 at Regrip Highlands Ranch");
    const day = screen.getByLabelText("Drop-off day *") as HTMLSelectElement;
    expect([...day.options].map((o) => o.value)).not.toContain("2026-11-26");
    fireEvent.change(day, { target: { value: "2026-11-27" } });
    fireEvent.change(screen.getByLabelText("Drop-off time *"), { target: { value: "18:00" } });
    expect(screen.getByTestId("promise").textContent).toBe("Ready Monday, November 30 at Regrip Highlands Ranch");
    fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "101" } });
    await screen.findByText("Bag 101 is yours to use.");
    fireEvent.click(bookButton());
    const confirm = await screen.findByRole("dialog", { name: "Confirm Your Booking" });
    expect(confirm.textContent).toContain("Regrip Highlands Ranch, Friday, November 27 at 6 pm");
    expect(confirm.textContent).toContain("Ready Monday, November 30 at Regrip Highlands Ranch");
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm and Pay" }));
    const success = await screen.findByRole("dialog", { name: "Service Booked!" });
    expect(success.textContent).toContain("Monday, November 30");
    expect(posted(calls)).toMatchObject({ dropoffLocation: "HIGHLANDS_RANCH", dropoffDateTime: "2026-11-28T01:00:00.000Z", isOnsite: false });
  });

  it("books a seat on an onsite day; a full day is shown and cannot be chosen", async () => {
    const full = scheduleEvent({ id: "ev-full", date: "2026-12-05", seatsLeft: 0, partner: { locationKey: "OAK", name: "Oak Courts", address: "2 Oak Ave", mapsUrl: null } });
    const calls = await openWith([paddle("p1", "Big Red")], {
      "POST /api/book-service": () => Response.json({ message: "This club day is full. Please choose another day or drop off at a shop." }, { status: 409 }),
    }, [scheduleEvent(), full]);
    fireEvent.click(screen.getByLabelText(/On-site gripping day/));
    const open = screen.getByLabelText("Wednesday, December 2 at Pine Club") as HTMLInputElement;
    const closed = screen.getByLabelText("Saturday, December 5 at Oak Courts") as HTMLInputElement;
    expect(closed.disabled).toBe(true);
    expect(screen.getByText(/2 Oak Ave · Full/)).toBeTruthy();
    expect(screen.getByText(/9 am to 12 pm · 1 Pine St, Denver, CO · 5 seats left/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Map of Pine Club/ }).getAttribute("href")).toBe("https://maps.example/pine");
    fireEvent.click(open);
    fireEvent.click(screen.getByLabelText(/I don't have a bag yet/));
    fireEvent.click(bookButton());
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm and Pay" }));
    // The refusal sits under the step it is about.
    const step = screen.getByRole("heading", { name: /Where and when/ }).closest("section")!;
    await within(step).findByText("This club day is full. Please choose another day or drop off at a shop.");
    expect(posted(calls)).toEqual(expect.objectContaining({ isOnsite: true, scheduleEventId: "ev-1", needsBag: true, bagNumber: "" }));
    expect(posted(calls)).not.toHaveProperty("dropoffLocation");
  });

  it("says a bag the customer has none of yet is assigned, with its number, and handed over at drop-off", async () => {
    const calls = await openWith([paddle("p1", "Big Red")], {
      "POST /api/book-service": () => Response.json({ id: "o2", requiresPayment: false, pickupDate: "2026-11-27", bagNumber: "104" }, { status: 201 }),
      "GET /api/orders/o2": () => Response.json({ id: "o2", bagNumber: "104", totalCents: 0, lineItems: [] }),
    });
    fireEvent.click(screen.getByLabelText(/I don't have a bag yet/));
    expect((screen.getByLabelText(/Bag number/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(bookButton());
    const confirm = await screen.findByRole("dialog", { name: "Confirm Your Booking" });
    expect(confirm.textContent).toContain("The shop gives you a bag at drop-off");
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm and Pay" }));
    const success = await screen.findByRole("dialog", { name: "Service Booked!" });
    await within(success).findByText("Your bag is number 104. The shop hands it to you when you drop off your paddle.");
    expect(posted(calls)).toMatchObject({ needsBag: true, bagNumber: "" });
    expect(JSON.parse(localStorage.getItem("bagHandover") ?? "[]")).toEqual(["o2"]);
  });

  it("checks a typed bag as it is typed, and will not book a bag in use", async () => {
    await openWith([paddle("p1", "Big Red")], {
      "GET /api/bags/121/availability": () => Response.json({ code: "121", available: false, message: "Bag 121 is in use by another open order" }),
    });
    fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "121" } });
    await screen.findByText("Bag 121 is in use by another open order");
    expect(bookButton().disabled).toBe(true);
  });

  it("shows a paddle in an open order as in the shop, with its order, and never chooses it", async () => {
    const inShop: Paddle = { ...paddle("p1", "Big Red"), openOrderId: "order-7" };
    await openWith([inShop]);
    const radio = screen.getByLabelText("Big Red") as HTMLInputElement;
    expect(radio.disabled).toBe(true);
    expect(radio.checked).toBe(false);
    expect(screen.getByText("In the shop")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See its order" }).getAttribute("href")).toBe("/orders/order-7");
  });

  it("says the delivery run's date for a club pickup, and sends the club", async () => {
    const run = scheduleEvent({ id: "run-1", type: "DELIVERY", date: "2026-12-01", startTime: "16:00", endTime: null, partner: { locationKey: "PINE_CLUB", name: "Pine Club", address: "1 Pine St", mapsUrl: null } });
    const calls = await openWith([paddle("p1", "Big Red")], {
      "POST /api/book-service": () => Response.json({ message: "Phone number verification required" }, { status: 428 }),
    }, [run]);
    fireEvent.click(screen.getByLabelText(/Pick up at a club/));
    fireEvent.change(screen.getByLabelText("Pick up at *"), { target: { value: "PINE_CLUB" } });
    expect(screen.getByTestId("promise").textContent).toBe("Delivered to Pine Club on Tuesday, December 1");
    fireEvent.click(screen.getByLabelText(/I don't have a bag yet/));
    fireEvent.click(bookButton());
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm and Pay" }));
    await screen.findByRole("dialog", { name: "Verify Your Phone" });
    expect(posted(calls)).toMatchObject({ dropoffLocation: "HIGHLANDS_RANCH", pickupLocation: "PINE_CLUB", isOnsite: false });
  });
});
