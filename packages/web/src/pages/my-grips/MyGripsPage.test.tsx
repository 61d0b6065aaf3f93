// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../data/orders";
import { orderView, paddleView } from "../../test/views";
import type { Paddle } from "../../data/paddles";
import { customer, fakeApi, renderPage } from "../../test/render";
import MyGripsPage from "./MyGripsPage";
import { thankYouKey } from "./thank-you";

vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

/** Order n: test/views' order, paid, left at Littleton in bag 100 + n, created on March n, 2025, for $55.00 + n cents. */
function order(n: number, partial: Partial<Order> = {}): Order {
  return orderView({
    id: `order-${n}`,
    bagNumber: String(100 + n),
    paymentStatus: "paid",
    dropoffLocation: "LITTLETON",
    totalCents: 5500 + n,
    createdAt: new Date(Date.UTC(2025, 2, n)).toISOString(),
    paddle: { nickname: `Paddle ${n}`, brand: "Joola", model: null },
    ...partial,
  });
}

const paddle: Paddle = paddleView({ prefs: { tackiness: 4, color: null }, bagId: "bag-101", bag: { code3: "101" } });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MyGripsPage", () => {
  it("follows the cursor, sorts newest first, pages by 5 and highlights active orders", async () => {
    const firstPage = Array.from({ length: 4 }, (_, i) => order(i + 1));
    const secondPage = [order(5, { status: "READY" }), order(6, { status: "PICKED_UP" }), order(7, { status: "MYSTERY" as Order["status"] /* a status this page does not know yet */ })];
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/paddles": () => Response.json([paddle]),
      "GET /api/orders": (call) =>
        Response.json(calls.filter((c) => c.path === call.path).length === 1 ? { orders: firstPage, cursor: "next" } : { orders: secondPage, cursor: null }),
    });
    renderPage(<MyGripsPage />, { path: "/my-grips" });
    await screen.findByText("Showing 1 to 5 of 7 orders");
    const rows = () => screen.getAllByRole("row").slice(1);
    expect(rows().map((row) => within(row).getAllByRole("cell")[3].textContent)).toEqual(["Paddle 7", "Paddle 6", "Paddle 5", "Paddle 4", "Paddle 3"]);
    // Unknown statuses show raw; READY reads 'Ready!', gets a Pick Up button and is highlighted.
    expect(within(rows()[0]).getAllByRole("cell")[1].textContent).toBe("MYSTERY");
    // Each row names its order: its number, its bag beside it.
    expect(within(rows()[0]).getAllByRole("cell")[0].textContent).toBe("R-1001 · Bag 107");
    expect(within(rows()[2]).getAllByRole("cell")[1].textContent).toBe("Ready!");
    expect(within(rows()[2]).getByRole("button", { name: "Pick Up" })).toBeTruthy();
    expect(rows()[2].className).toBe("row-active");
    expect(rows()[1].className).toBe("");
    expect(within(rows()[0]).getByRole("link").getAttribute("href")).toBe("/orders/order-7");

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Showing 6 to 7 of 7 orders");
    fireEvent.click(screen.getByRole("button", { name: "Page 1" }));
    fireEvent.click(screen.getByRole("button", { name: /^Total/ }));
    expect(within(rows()[0]).getAllByRole("cell")[5].textContent).toBe("$55.07");
    fireEvent.click(screen.getByRole("button", { name: /^Total/ }));
    expect(within(rows()[0]).getAllByRole("cell")[5].textContent).toBe("$55.01");

    expect(calls.filter((c) => c.path === "/api/orders")).toHaveLength(2);
    // The paddles grid (loaded once the user is known, which may come after the orders) and the favorites teaser.
    expect((await screen.findByRole("article", { name: "Big Red" })).textContent).toContain("Active");
    expect(screen.getByText("Coming Soon")).toBeTruthy();
  });

  it("shows the empty states and opens 'Create a Paddle Profile'", async () => {
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/paddles": () => Response.json([]),
      "GET /api/orders": () => Response.json({ orders: [], cursor: null }),
    });
    renderPage(<MyGripsPage />, { path: "/my-grips" });
    expect((await screen.findByRole("link", { name: "Book Your First Service" })).getAttribute("href")).toBe("/booking");
    fireEvent.click(await screen.findByRole("button", { name: "Add Your First Paddle" }));
    const dialog = await screen.findByRole("dialog", { name: "Create a Paddle Profile" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Paddle" }));
    expect(within(dialog).getByText("Brand is required")).toBeTruthy();
    expect(within(dialog).getByText("Nickname is required")).toBeTruthy();
    expect((within(dialog).getByLabelText(/Core thickness/) as HTMLInputElement).value).toBe("16");
  });

  it("offers Retry when the orders cannot be loaded", async () => {
    let fail = true;
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/paddles": () => Response.json([]),
      "GET /api/orders": () => (fail ? new Response("", { status: 500 }) : Response.json({ orders: [order(1)], cursor: null })),
    });
    renderPage(<MyGripsPage />, { path: "/my-grips" });
    await screen.findByText("Error Loading Orders");
    expect(screen.getByText("Unable to load your orders. Please try again.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByText("Paddle 1");
    // One page only: no 'Showing' line.
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it("thanks the customer after paying for 24 hours, then drops ?paid=1 from the address", async () => {
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/paddles": () => Response.json([]),
      "GET /api/orders": () => Response.json({ orders: [], cursor: null }),
    });
    const before = Date.now();
    renderPage(<MyGripsPage />, { path: "/my-grips?paid=1" });
    await screen.findByText("Thank you for your payment!");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/my-grips"));
    const expiry = Number(localStorage.getItem(thankYouKey));
    expect(expiry).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss thank-you message" }));
    expect(screen.queryByText("Thank you for your payment!")).toBeNull();
    expect(localStorage.getItem(thankYouKey)).toBeNull();
  });
});
