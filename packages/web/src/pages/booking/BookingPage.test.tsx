// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Catalogue } from "../../data/catalogue";
import type { Paddle } from "../../data/paddles";
import { catalogueItem as item, paddleView, premiumRegrip } from "../../test/views";
import { customer, fakeApi, renderPage } from "../../test/render";
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(goToServerLogin).mockClear();
});

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
  fireEvent.click(screen.getByRole("button", { name: "Book Service" }));
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
  it("books with a verified phone retry, the same Idempotency-Key, and tells the customer when payment cannot start", async () => {
    let bookings = 0;
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/services": () => Response.json(catalogue),
      "GET /api/paddles": () => Response.json([paddle("p1", "Big Red"), paddle("p2", "Lefty")]),
      "GET /api/promotions/WELCOME10": () => Response.json({ code: "WELCOME10", percentage: 10, amountCents: 0 }),
      "POST /api/book-service": () =>
        ++bookings === 1
          ? Response.json({ message: "Phone number verification required" }, { status: 428 })
          : Response.json({ id: "order-1", requiresPayment: true }, { status: 201 }),
      "POST /api/user/phone": () => Response.json({ phoneNumber: "+13035550142" }),
      "POST /api/user/phone/verify": () => Response.json(customer({ phone: "+13035550142", phoneVerified: true })),
      "POST /api/orders/order-1/checkout": () => Response.json({ message: "Stripe is down" }, { status: 502 }),
      "GET /api/orders/order-1": () => Response.json({ id: "order-1", bagNumber: "123", totalCents: 6030, lineItems: [] }),
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
    const book = screen.getByRole("button", { name: "Book Service" }) as HTMLButtonElement;
    expect(book.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText("Promo code"), { target: { value: " welcome10 " } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("Promo Applied!");
    expect((screen.getByLabelText("Promo code") as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByTestId("summary-total").textContent).toBe("$60.30");

    fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "12a3" } });
    expect((screen.getByLabelText(/Bag number/) as HTMLInputElement).value).toBe("123");
    expect(book.disabled).toBe(false);
    fireEvent.click(book);

    const confirm = await screen.findByRole("dialog", { name: "Confirm Your Booking" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm and Pay" }));

    const phone = await screen.findByRole("dialog", { name: "Verify Your Phone" });
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

    const success = await screen.findByRole("dialog", { name: "Service Booked!" });
    await within(success).findByText(/payment can be processed later/);
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
    await screen.findByText("Sorry, Premium Regrip is out of stock");

    answer = new Response("", { status: 503, statusText: "Service Unavailable" });
    await bookAndConfirm();
    await screen.findByText("Request failed with status 503");
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
    fireEvent.click(screen.getByRole("button", { name: "Book Service" }));
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
