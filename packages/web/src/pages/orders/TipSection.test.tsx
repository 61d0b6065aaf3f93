// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TIP_AMOUNT_MESSAGE } from "@regrip/core/shared/tips";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../data/orders";
import { orderView } from "../../test/views";
import { customer, fakeApi, renderPage } from "../../test/render";
import OrderPage from "./OrderPage";

vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const orderIn = (status: Order["status"]): Order =>
  orderView({
    id: "01JABCDEFGHXYZ123456",
    userId: "u1",
    paddleId: "p1",
    status,
    paymentStatus: "paid",
    dropoffLocation: "LITTLETON",
    lineItems: [{ skuId: "pr", name: "Premium Regrip", description: "Black · Tacky", price: 6030, quantity: 1 }],
    subtotalCents: 6030,
    discountAmountCents: 0,
    totalCents: 6030,
    createdAt: "2025-03-07T17:00:00.000Z",
  });

function open(order: Order, search = "", tip?: (body: unknown) => Response, viewer = customer({ id: "u1" })) {
  const calls = fakeApi({
    "GET /api/auth/user": () => Response.json(viewer),
    "GET /api/orders/01JABCDEFGHXYZ123456": () => Response.json(order),
    "GET /api/services": () => Response.json({ coreServices: [], addOnServices: {} }),
    ...(tip ? { "POST /api/orders/01JABCDEFGHXYZ123456/tip": (call: { body: unknown }) => tip(call.body) } : {}),
  });
  renderPage(<OrderPage />, { path: `/orders/01JABCDEFGHXYZ123456${search}`, route: "/orders/:id" });
  return calls;
}

describe("Leave a tip", () => {
  it("is not offered before the order is ready", async () => {
    open(orderIn("IN_SERVICE"));
    await screen.findByRole("heading", { level: 1, name: "Order R-1001" });
    expect(screen.queryByRole("region", { name: "Leave a tip" })).toBeNull();
  });

  it("offers 10, 15 and 20 % with their amounts once ready, 15 % chosen, and posts the amount to tip", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const calls = open(orderIn("READY"), "", () => Response.json({ url: "http://localhost/local-pay/cs_local_tip_x_y" }, { status: 201 }));
    const section = await screen.findByRole("region", { name: "Leave a tip" });
    expect(within(section).getByRole("button", { name: "10% $6.03" }).getAttribute("aria-pressed")).toBe("false");
    // 15 % of $60.30 is $9.045: $9.05.
    expect(within(section).getByRole("button", { name: "15% $9.05" }).getAttribute("aria-pressed")).toBe("true");
    within(section).getByRole("button", { name: "20% $12.06" });
    fireEvent.click(within(section).getByRole("button", { name: "Tip $9.05" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://localhost/local-pay/cs_local_tip_x_y"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ amountCents: 905 });
  });

  it("on a pickup with a balance, pays balance and tip in one checkout, or the balance alone with No tip", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const unpaid = orderView({ ...orderIn("READY"), bill: undefined, paymentStatus: "unpaid", paidAt: null } as Partial<Order>);
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer({ id: "u1" })),
      "GET /api/orders/01JABCDEFGHXYZ123456": () => Response.json(unpaid),
      "GET /api/services": () => Response.json({ coreServices: [], addOnServices: {} }),
      "POST /api/orders/01JABCDEFGHXYZ123456/checkout": () => Response.json({ url: "http://localhost/local-pay/cs_local_o_tt" }),
    });
    renderPage(<OrderPage />, { path: "/orders/01JABCDEFGHXYZ123456", route: "/orders/:id" });
    const section = await screen.findByRole("region", { name: "Pay and tip" });
    expect(section.textContent).toContain("Your balance is $60.30.");
    // One way to pay: the summary's Pay Now gives way to this one.
    expect(screen.queryByRole("button", { name: "Pay Now" })).toBeNull();
    fireEvent.click(within(section).getByRole("button", { name: "No tip" }));
    within(section).getByRole("button", { name: "Pay $60.30" });
    fireEvent.click(within(section).getByRole("button", { name: "20% $12.06" }));
    fireEvent.click(within(section).getByRole("button", { name: "Pay $60.30 + $12.06 tip" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://localhost/local-pay/cs_local_o_tt"));
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([["/api/orders/01JABCDEFGHXYZ123456/checkout", { tipCents: 1206 }]]);
  });

  it("checks a custom amount with the shared rule, word for word, and sends nothing for a bad one", async () => {
    const calls = open(orderIn("PICKED_UP"), "", () => Response.json({ url: "http://localhost/x" }, { status: 201 }));
    const section = await screen.findByRole("region", { name: "Leave a tip" });
    fireEvent.click(within(section).getByRole("button", { name: "Custom" }));
    const field = within(section).getByLabelText("Custom tip ($)");
    fireEvent.change(field, { target: { value: "100.50" } });
    fireEvent.blur(field);
    expect(within(section).getByRole("alert").textContent).toBe(TIP_AMOUNT_MESSAGE);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(within(section).getByRole("button", { name: "Tip" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(field, { target: { value: "4.5" } });
    expect(within(section).queryByRole("alert")).toBeNull();
    within(section).getByRole("button", { name: "Tip $4.50" });
  });

  it("shows the server's refusal", async () => {
    open(orderIn("READY"), "", () => Response.json({ message: "You can tip once your paddle is ready" }, { status: 409 }));
    const section = await screen.findByRole("region", { name: "Leave a tip" });
    fireEvent.click(within(section).getByRole("button", { name: "Tip $9.05" }));
    expect((await within(section).findByRole("alert")).textContent).toBe("You can tip once your paddle is ready");
  });

  it("thanks the customer back from paying (?tipped=1) and takes the query off the address", async () => {
    open(orderIn("READY"), "?tipped=1");
    await screen.findByRole("heading", { name: "Thank you for the tip!" });
    expect(screen.queryByRole("region", { name: "Leave a tip" })).toBeNull();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/orders/01JABCDEFGHXYZ123456"));
  });

  it("is not offered to staff reading a customer's order", async () => {
    const calls = open(orderIn("READY"), "", undefined, customer({ id: "staff-1", roles: ["CUSTOMER", "EMPLOYEE"] }));
    await screen.findByRole("heading", { level: 1, name: "Order R-1001" });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/auth/user")).toBe(true));
    // Long enough for the user's answer to render (the owner's section appears within it, as above).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("region", { name: "Leave a tip" })).toBeNull();
  });

  it("says a tip left unpaid charged nothing (?tip=canceled)", async () => {
    open(orderIn("READY"), "?tip=canceled");
    const section = await screen.findByRole("region", { name: "Leave a tip" });
    within(section).getByText("Your tip was not completed. Nothing was charged.");
  });

  it("shows a paid tip (amount, when) and offers no other, to the customer and to staff; back from paying, takes the query off", async () => {
    const tipped: Order = { ...orderIn("PICKED_UP"), tip: { amountCents: 905, paidAt: "2025-03-08T18:30:00.000Z" } };
    const calls = open(tipped, "?tipped=1");
    const paid = await screen.findByRole("region", { name: "Thank you for the tip!" });
    within(paid).getByText("$9.05");
    within(paid).getByText("Paid");
    expect(screen.queryByRole("region", { name: "Leave a tip" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Tip/ })).toBeNull();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/orders/01JABCDEFGHXYZ123456"));
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    cleanup();

    open(tipped, "", undefined, customer({ id: "staff-1", roles: ["CUSTOMER", "EMPLOYEE"] }));
    await screen.findByRole("region", { name: "Thank you for the tip!" });
    expect(screen.queryByRole("region", { name: "Leave a tip" })).toBeNull();
  });
});
