// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CustomerView } from "@regrip/core/shared/customers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer, fakeApi, renderPage } from "../../../test/render";
import { DEFAULT_MONEY_SETTINGS, discountOverLimit } from "@regrip/core/shared/money-settings";
import QuickSalePage from "./QuickSalePage";

vi.mock("../../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

const newCustomer: CustomerView = { id: "c9", firstName: "Robin", lastName: "Park", email: null, phone: null, phoneVerified: false, hasAccount: false };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The signed-in employee: the customer search is asked only for staff. */
const employee = () => Response.json(customer({ id: "e1", firstName: "Sam", lastName: "Tech", email: "employee@regrip.test", roles: ["EMPLOYEE"] }));

/** GET /api/settings/money: the shop's rates (none) and the employee's discount limit (20 %). */
const moneySettings = () => Response.json(DEFAULT_MONEY_SETTINGS);

const button = (name: string | RegExp) => screen.getByRole("button", { name });

/** GET /api/storefront/products: the quick sale reads its services' prices from the catalogue's `QS-*` items. */
const catalogue = (quickSale: Record<string, number> = { regrip: 4500, edge_guard: 1500, overgrip: 800 }) => () => Response.json({ groups: [], quickSale });

describe("QuickSalePage", { timeout: 30_000 }, () => {
  it("creates a customer, needs a nickname and a service, totals never below 0, verifies the phone on the server's demand and retries the booking, then starts over", async () => {
    let verified = false;
    const calls = fakeApi({
      "GET /api/auth/user": employee,
      "GET /api/settings/money": moneySettings,
      "GET /api/storefront/products": catalogue(),
      "GET /api/customers/search": () => Response.json({ items: [] }),
      "POST /api/admin/customers": () => Response.json(newCustomer, { status: 201 }),
      "POST /api/customers/c9/phone": () => Response.json({ phoneNumber: "+13035550199" }),
      "POST /api/customers/c9/phone/verify": () => {
        verified = true;
        return Response.json({ ...newCustomer, phone: "+13035550199", phoneVerified: true });
      },
      "POST /api/book-service": () =>
        verified
          ? Response.json(
              { id: "o1", orderId: "o1", reference: "101", bagNumber: "101", bagAssigned: true, checkoutUrl: "http://localhost/pay/o1", smsStatus: { success: true, message: "Payment link sent by text" }, requiresPayment: true },
              { status: 201 },
            )
          : Response.json({ message: "Phone number verification required" }, { status: 428 }),
    });
    const { toasts } = renderPage(<QuickSalePage />, { path: "/quick-sale" });

    fireEvent.change(screen.getByLabelText("Find a customer"), { target: { value: "Robin Park" } });
    fireEvent.click(button("Create New Customer"));
    let dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("First name") as HTMLInputElement).value).toBe("Robin");
    fireEvent.change(within(dialog).getByLabelText("Last name"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));
    await within(dialog).findByText("Last name is required");
    fireEvent.change(within(dialog).getByLabelText("Last name"), { target: { value: "Park" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Customer" }));

    await screen.findByLabelText("Nickname");
    fireEvent.click(button("Next"));
    await screen.findByText("Nickname is required");
    fireEvent.change(screen.getByLabelText("Nickname"), { target: { value: "Big Red" } });
    fireEvent.click(button("Next"));

    await screen.findByText(/Standard Regrip \$45\.00/);
    fireEvent.click(button("Next"));
    await screen.findByText("Please select at least one service");
    fireEvent.click(screen.getByRole("checkbox", { name: /Overgrip \$8\.00/ }));
    fireEvent.change(screen.getByLabelText("Discount amount ($)"), { target: { value: "-1" } });
    await screen.findByText("Discount must be at least 0");
    fireEvent.change(screen.getByLabelText("Discount amount ($)"), { target: { value: "20" } });
    expect(screen.getByText("Total: $0.00")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Discount amount ($)"), { target: { value: "1.50" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Standard Regrip \$45\.00/ }));
    expect(screen.getByText("Total: $51.50")).toBeTruthy();
    expect(screen.getByText("Up to $10.60 (20%) without an admin")).toBeTruthy();
    fireEvent.click(button("Next"));

    fireEvent.click(await screen.findByRole("button", { name: "Create Order & Take Payment" }));
    dialog = await screen.findByRole("dialog", { name: "Phone Required for Booking" });
    fireEvent.change(within(dialog).getByLabelText("Phone number"), { target: { value: "303555" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Code" }));
    await within(dialog).findByText("Please enter a valid 10-digit phone number");
    fireEvent.change(within(dialog).getByLabelText("Phone number"), { target: { value: "3035550199" } });
    expect((within(dialog).getByLabelText("Phone number") as HTMLInputElement).value).toBe("+1 (303) 555-0199");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Code" }));
    fireEvent.change(await within(dialog).findByLabelText("Verification code"), { target: { value: "123456" } });
    expect(within(dialog).getByRole("button", { name: "Back" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete Booking" }));

    await waitFor(() => expect(toasts.current()).toMatchObject({ title: "Service Booked", description: "Order 101 in bag 101 (assigned). Take the payment now" }));
    // The sale ends with the money: on the order, its payment dialog opened there.
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/queue/orders/o1?pay=now"));
    const bookings = calls.filter((c) => c.path === "/api/book-service");
    expect(bookings).toHaveLength(2);
    expect(bookings[1].body).toEqual({
      customerId: "c9",
      paddle: { nickname: "Big Red" },
      services: ["overgrip", "regrip"],
      discount: { amount: 1.5 },
      shop: "HIGHLANDS_RANCH",
      total: 51.5,
      payment: "counter",
    });
    expect(calls.find((c) => c.path === "/api/customers/c9/phone")?.body).toEqual({ phone: "+13035550199" });
  });

  it("says 'Booking Failed' with the server's message", async () => {
    fakeApi({
      "GET /api/auth/user": employee,
      "GET /api/settings/money": moneySettings,
      "GET /api/storefront/products": catalogue(),
      "GET /api/customers/search": () => Response.json({ items: [{ ...newCustomer, phone: "+13035550199", phoneVerified: true }] }),
      "POST /api/book-service": () => Response.json({ message: "Bag 107 is in use by another open order" }, { status: 409 }),
    });
    const { toasts } = renderPage(<QuickSalePage />, { path: "/quick-sale" });
    fireEvent.change(screen.getByLabelText("Find a customer"), { target: { value: "rob" } });
    fireEvent.click(await screen.findByRole("button", { name: "Select Robin Park" }));
    fireEvent.change(await screen.findByLabelText("Nickname"), { target: { value: "Red" } });
    fireEvent.click(button("Next"));
    fireEvent.click(await screen.findByRole("checkbox", { name: /Edge Guard/ }));
    fireEvent.click(button("Next"));
    fireEvent.click(await screen.findByRole("button", { name: "Create Order & Take Payment" }));
    await waitFor(() => expect(toasts.current()).toMatchObject({ title: "Booking Failed", description: "Bag 107 is in use by another open order" }));
  });

  it("shows the catalogue's prices, not the starter catalogue's: an admin's new price is what the wizard adds up", async () => {
    fakeApi({
      "GET /api/auth/user": employee,
      "GET /api/settings/money": moneySettings,
      "GET /api/storefront/products": catalogue({ regrip: 5250, edge_guard: 1500 }),
      "GET /api/customers/search": () => Response.json({ items: [{ ...newCustomer, phone: "+13035550199", phoneVerified: true }] }),
    });
    renderPage(<QuickSalePage />, { path: "/quick-sale" });
    fireEvent.change(screen.getByLabelText("Find a customer"), { target: { value: "rob" } });
    fireEvent.click(await screen.findByRole("button", { name: "Select Robin Park" }));
    fireEvent.change(await screen.findByLabelText("Nickname"), { target: { value: "Red" } });
    fireEvent.click(button("Next"));
    fireEvent.click(await screen.findByRole("checkbox", { name: /Standard Regrip \$52\.50/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Edge Guard \$15\.00/ }));
    expect(screen.getByText("Total: $67.50")).toBeTruthy();
    // An item missing from the catalogue shows no price (the server refuses it, naming the code to add).
    expect(screen.getByRole("checkbox", { name: /^Overgrip(?! \$)/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Discount amount ($)"), { target: { value: "2.50" } });
    expect(screen.getByText("Total: $65.00")).toBeTruthy();
  });
});

describe("QuickSalePage: the bag, the notes and a reload", { timeout: 30_000 }, () => {
  const verifiedCustomer = { ...newCustomer, phone: "+13035550199", phoneVerified: true };

  it("checks the bag with the server's rule, sends it with notes typed without an amount, and keeps the sale through a reload", async () => {
    const calls = fakeApi({
      "GET /api/auth/user": employee,
      "GET /api/settings/money": moneySettings,
      "GET /api/storefront/products": catalogue(),
      "GET /api/customers/search": () => Response.json({ items: [verifiedCustomer] }),
      "POST /api/book-service": () =>
        Response.json(
          { id: "o7", orderId: "o7", reference: "107", bagNumber: "107", bagAssigned: false, checkoutUrl: "http://localhost/pay/o7", smsStatus: { success: true, message: "sent" }, requiresPayment: true },
          { status: 201 },
        ),
    });
    renderPage(<QuickSalePage />, { path: "/quick-sale" });
    fireEvent.change(screen.getByLabelText("Find a customer"), { target: { value: "rob" } });
    fireEvent.click(await screen.findByRole("button", { name: "Select Robin Park" }));
    fireEvent.change(await screen.findByLabelText("Nickname"), { target: { value: "Red" } });
    fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "1!" } });
    fireEvent.click(button("Next"));
    await screen.findByText("Please enter a 3-digit bag number");
    fireEvent.change(screen.getByLabelText(/Bag number/), { target: { value: "107" } });
    fireEvent.click(button("Next"));
    fireEvent.click(await screen.findByRole("checkbox", { name: /Edge Guard/ }));
    fireEvent.change(screen.getByLabelText("Discount notes (optional)"), { target: { value: "Price matched" } });

    // A reload: the page comes back on the Services step with everything chosen.
    cleanup();
    renderPage(<QuickSalePage />, { path: "/quick-sale" });
    const edge = (await screen.findByRole("checkbox", { name: /Edge Guard/ })) as HTMLInputElement;
    expect(edge.checked).toBe(true);
    expect((screen.getByLabelText("Discount notes (optional)") as HTMLTextAreaElement).value).toBe("Price matched");
    fireEvent.click(button("Next"));
    await screen.findByText("Robin Park · +1 (303) 555-0199");
    expect(screen.getByText("107")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Create Order & Take Payment" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/queue/orders/o7?pay=now"));
    const booking = calls.find((c) => c.path === "/api/book-service")!;
    expect(booking.body).toEqual({
      customerId: "c9",
      paddle: { nickname: "Red" },
      bagNumber: "107",
      services: ["edge_guard"],
      discount: { amount: 0, notes: "Price matched" },
      shop: "HIGHLANDS_RANCH",
      total: 15,
      payment: "counter",
    });
    // Done: nothing kept, a reload starts a new sale.
    expect(sessionStorage.getItem("regrip.quickSale.draft")).toBeNull();
  });

  it("Start Over forgets the kept sale", async () => {
    fakeApi({
      "GET /api/auth/user": employee,
      "GET /api/settings/money": moneySettings,
      "GET /api/storefront/products": catalogue(),
      "GET /api/customers/search": () => Response.json({ items: [verifiedCustomer] }),
    });
    renderPage(<QuickSalePage />, { path: "/quick-sale" });
    fireEvent.change(screen.getByLabelText("Find a customer"), { target: { value: "rob" } });
    fireEvent.click(await screen.findByRole("button", { name: "Select Robin Park" }));
    await screen.findByLabelText("Nickname");
    expect(sessionStorage.getItem("regrip.quickSale.draft")).toContain("c9");
    fireEvent.click(button("Start Over"));
    await screen.findByLabelText("Find a customer");
    expect(sessionStorage.getItem("regrip.quickSale.draft")).toBeNull();
  });
});

describe("QuickSalePage: a member's assigned paddle", { timeout: 30_000 }, () => {
  const member = {
    ...newCustomer,
    phone: "+13035550199",
    phoneVerified: true,
    membership: {
      plan: "SINGLE_MONTHLY",
      status: "active",
      regripsLeft: 1,
      assignedPaddleIds: ["p1"],
      assignedPaddles: [{ id: "p1", nickname: "Big Blue", brand: "Joola", model: "Perseus" }],
    },
    points: 0,
  };

  it("offers the assigned paddle, covers its core regrip at $0 with the discount on the rest, sends its paddleId, and keeps the choice through a reload", async () => {
    const calls = fakeApi({
      "GET /api/auth/user": employee,
      "GET /api/settings/money": moneySettings,
      "GET /api/storefront/products": catalogue(),
      "GET /api/customers/search": () => Response.json({ items: [member] }),
      "POST /api/book-service": () =>
        Response.json(
          { id: "o8", orderId: "o8", reference: "108", bagNumber: "108", bagAssigned: true, checkoutUrl: "http://localhost/pay/o8", smsStatus: { success: true, message: "sent" }, requiresPayment: true },
          { status: 201 },
        ),
    });
    renderPage(<QuickSalePage />, { path: "/quick-sale" });
    fireEvent.change(screen.getByLabelText("Find a customer"), { target: { value: "rob" } });
    fireEvent.click(await screen.findByRole("button", { name: "Select Robin Park" }));
    // The covered paddle is chosen first; a new paddle shows its fields, and the covered one hides them again.
    const assigned = await screen.findByRole("radio", { name: "Big Blue (Joola Perseus), covered by membership" });
    expect((assigned as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText("Nickname")).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "A new paddle" }));
    expect(screen.getByLabelText("Nickname")).toBeTruthy();
    fireEvent.click(assigned);
    expect(screen.queryByLabelText("Nickname")).toBeNull();
    fireEvent.click(button("Next"));

    fireEvent.click(await screen.findByRole("checkbox", { name: /Standard Regrip \$0\.00 \(Covered by your membership\)/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Edge Guard \$15\.00/ }));
    expect(screen.getByText("Total: $15.00")).toBeTruthy();
    // The staff discount applies to what the membership leaves: never below $0.
    // The employee's limit is 20 % of what the membership leaves ($15.00): $3.00, said before it is exceeded.
    expect(screen.getByText("Up to $3.00 (20%) without an admin")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Discount amount ($)"), { target: { value: "20" } });
    expect(screen.getByText("Total: $0.00")).toBeTruthy();
    fireEvent.click(button("Next"));
    await screen.findByText(discountOverLimit(20, 1500));
    expect(screen.queryByRole("button", { name: "Create Order & Take Payment" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Discount amount ($)"), { target: { value: "3" } });
    expect(screen.getByText("Total: $12.00")).toBeTruthy();

    // A reload keeps the member and the paddle chosen.
    cleanup();
    renderPage(<QuickSalePage />, { path: "/quick-sale" });
    await screen.findByText("Total: $12.00");
    fireEvent.click(button("Next"));
    await screen.findByText("Big Blue (Joola Perseus), covered by membership");
    fireEvent.click(await screen.findByRole("button", { name: "Create Order & Take Payment" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/queue/orders/o8?pay=now"));
    expect(calls.find((c) => c.path === "/api/book-service")!.body).toEqual({
      customerId: "c9",
      paddleId: "p1",
      paddle: { nickname: "Big Blue" },
      services: ["regrip", "edge_guard"],
      discount: { amount: 3 },
      shop: "HIGHLANDS_RANCH",
      total: 12,
      payment: "counter",
    });
  });

  it("offers no choice when no regrip is left this period", async () => {
    fakeApi({
      "GET /api/auth/user": employee,
      "GET /api/settings/money": moneySettings,
      "GET /api/storefront/products": catalogue(),
      "GET /api/customers/search": () => Response.json({ items: [{ ...member, membership: { ...member.membership, regripsLeft: 0 } }] }),
    });
    renderPage(<QuickSalePage />, { path: "/quick-sale" });
    fireEvent.change(screen.getByLabelText("Find a customer"), { target: { value: "rob" } });
    fireEvent.click(await screen.findByRole("button", { name: "Select Robin Park" }));
    await screen.findByLabelText("Nickname");
    expect(screen.queryByRole("radio")).toBeNull();
  });
});
