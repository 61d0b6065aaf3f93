// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer, fakeApi, renderPage } from "../../test/render";
import { orderView, paddleView } from "../../test/views";
import ShopToolsPage from "./ShopToolsPage";

vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ShopToolsPage", () => {
  it("has the seven tabs with the customer's own data: orders, plan, notification settings", async () => {
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer({ phone: "+13035550142", phoneVerified: false, smsNotifications: true, emailPromotions: false })),
      "GET /api/subscriptions": () =>
        Response.json({ plan: "FAMILY3_MONTHLY", status: "active", assignedPaddleIds: ["pd1"], currentPeriodEnd: "2026-12-20T00:00:00.000Z", regripsLeft: 2, cancelAtPeriodEnd: false }),
      "GET /api/paddles": () => Response.json([paddleView({ id: "pd1", nickname: "Blue Bomber" })]),
      "GET /api/orders": () => Response.json({ orders: [orderView({ id: "o1", bagNumber: "121", status: "READY", stage: "ready" })], cursor: null }),
      "GET /api/services": () => Response.json({ coreServices: [], addOnServices: { GRIP: [], WEIGHT: [], EDGE: [], OTHER: [] } }),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools" });
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Profile", "Grip Prefs", "Orders", "Subscription", "Packs", "Points", "Notifications"]);
    expect(screen.getByText("Unverified")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit Profile" }).getAttribute("href")).toBe("/profile");
    // The email wraps between its parts (after '@', before each '.'), never mid-word as it did at 1280 px.
    const email = document.querySelector(".facts dd .email");
    expect(email?.textContent).toBe("casey@regrip.test");
    expect(email?.querySelectorAll("wbr")).toHaveLength(2);

    fireEvent.click(screen.getByRole("tab", { name: "Grip Prefs" }));
    expect(screen.getByRole("button", { name: "Update Preferences" })).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Orders" }));
    const orders = within(screen.getByRole("tabpanel"));
    expect(await orders.findByRole("button", { name: "Pick Up" })).toBeTruthy();
    expect(orders.queryByText("No orders yet")).toBeNull();

    fireEvent.click(screen.getByRole("tab", { name: "Subscription" }));
    const panel = screen.getByRole("tabpanel");
    await within(panel).findByText("Active");
    expect(within(panel).getByText("Family plan")).toBeTruthy();
    expect(within(panel).getByText("($45/month)")).toBeTruthy();
    expect(within(panel).getByText("2 of 3 left")).toBeTruthy();
    expect(within(panel).getByText("Dec 20, 2026")).toBeTruthy();
    expect(within(panel).getByText("Blue Bomber")).toBeTruthy();

    fireEvent.keyDown(screen.getByRole("tab", { name: "Subscription" }), { key: "End" });
    expect(screen.getByRole("tab", { name: "Notifications" }).getAttribute("aria-selected")).toBe("true");
    const settings = screen.getAllByText(/Enabled|Disabled/).map((badge) => `${badge.previousElementSibling?.textContent}: ${badge.textContent}`);
    expect(settings).toEqual([
      "Order texts (SMS): Enabled",
      "Promotions by text (SMS): Enabled",
      "Order emails: Enabled",
      "Promotions by email: Disabled",
    ]);
  });

  it("saves the grip preferences to defaultPrefs", async () => {
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "PUT /api/auth/user": (call) => Response.json(customer({ defaultPrefs: (call.body as { defaultPrefs: object }).defaultPrefs })),
      "GET /api/services": () =>
        Response.json({
          coreServices: [{ name: "Premium Regrip", description: "", basePrice: 5500, colors: ["Teal"], feels: ["Tacky", "Dry"], totalStock: null, isInStock: true, skus: [] }],
          addOnServices: { GRIP: [], WEIGHT: [], EDGE: [], OTHER: [] },
        }),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools" });
    fireEvent.click(await screen.findByRole("tab", { name: "Grip Prefs" }));
    await screen.findByRole("option", { name: "Premium Regrip" });
    fireEvent.change(screen.getByLabelText("Preferred service"), { target: { value: "Premium Regrip" } });
    fireEvent.change(screen.getByLabelText("Grip color"), { target: { value: "Teal" } });
    fireEvent.change(screen.getByLabelText("Grip tack"), { target: { value: "Dry" } });
    fireEvent.change(screen.getByLabelText("Drop-off location"), { target: { value: "LITTLETON" } });
    fireEvent.click(screen.getByRole("button", { name: "Update Preferences" }));
    await screen.findByText("Preferences Saved");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      defaultPrefs: { service: "Premium Regrip", color: "Teal", feel: "Dry", location: "LITTLETON" },
    });
  });

  it("edits the phone with the settings rule: a plus and 10 to 15 digits", async () => {
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "POST /api/user/phone": () => Response.json({ message: "Please enter a valid 10-digit phone number" }, { status: 400 }),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools" });
    fireEvent.click(await screen.findByRole("button", { name: "Edit phone" }));
    const dialog = await screen.findByRole("dialog", { name: "Update Phone Number" });
    fireEvent.change(within(dialog).getByLabelText("Mobile phone"), { target: { value: "303-555-0142" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Code" }));
    await screen.findByText("Please use E.164 format (e.g., +12345678901)");
    expect(calls.some((c) => c.path === "/api/user/phone")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("Mobile phone"), { target: { value: "+442071234567" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Code" }));
    await screen.findByText("Failed to Update Phone");
    expect(calls.find((c) => c.path === "/api/user/phone")?.body).toEqual({ phone: "+442071234567" });

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("subscribes: a plan, its paddles (the plan's refusal in its words), then on to the checkout's url", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/subscriptions": () => Response.json({ plan: null, status: "none", assignedPaddleIds: [], currentPeriodEnd: null, regripsLeft: 0, cancelAtPeriodEnd: false }),
      "GET /api/paddles": () => Response.json([paddleView({ id: "pd1", nickname: "Blue Bomber" }), paddleView({ id: "pd2", nickname: "Old Faithful" })]),
      "POST /api/subscriptions/checkout": () => Response.json({ url: "/local-pay/sub_1" }, { status: 201 }),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools?tab=subscription" });
    const panel = within(await screen.findByRole("tabpanel"));
    expect(await panel.findByText("$25/month")).toBeTruthy();
    expect(panel.getByText("$45/month")).toBeTruthy();
    fireEvent.click(panel.getByRole("radio", { name: /Single plan/ }));
    fireEvent.click(panel.getByRole("button", { name: "Subscribe for $25/month" }));
    expect(await panel.findByText("Choose the paddle for your plan")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(panel.getByRole("radio", { name: /Family plan/ }));
    fireEvent.click(panel.getByRole("checkbox", { name: /Blue Bomber/ }));
    fireEvent.click(panel.getByRole("checkbox", { name: /Old Faithful/ }));
    fireEvent.click(panel.getByRole("button", { name: "Subscribe for $45/month" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/local-pay/sub_1"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ plan: "FAMILY3_MONTHLY", paddleIds: ["pd1", "pd2"] });
  });

  it("with a plan past due: says why regrips are on hold; changes paddles; cancels after asking", async () => {
    let view = { plan: "SINGLE_MONTHLY", status: "past_due", assignedPaddleIds: ["pd1"], currentPeriodEnd: "2026-12-20T00:00:00.000Z", regripsLeft: 0, cancelAtPeriodEnd: false };
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/subscriptions": () => Response.json(view),
      "GET /api/paddles": () => Response.json([paddleView({ id: "pd1", nickname: "Blue Bomber" }), paddleView({ id: "pd2", nickname: "Old Faithful" })]),
      "PUT /api/subscriptions/paddles": (call) => Response.json((view = { ...view, assignedPaddleIds: (call.body as { paddleIds: string[] }).paddleIds })),
      "POST /api/subscriptions/cancel": () => ((view = { ...view, cancelAtPeriodEnd: true }), Response.json({ status: "past_due", cancelAtPeriodEnd: true })),
      "GET /api/subscriptions/charges": () =>
        Response.json({
          items: [
            {
              invoiceId: "in_2",
              plan: "SINGLE_MONTHLY",
              amountCents: 2500,
              paidAt: "2026-10-20T18:00:00.000Z",
              periodStart: "2026-10-20T18:00:00.000Z",
              periodEnd: "2026-11-20T18:00:00.000Z",
              card: "Visa ending in 4242",
            },
          ],
          cursor: null,
        }),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools?tab=subscription" });
    const panel = within(await screen.findByRole("tabpanel"));
    expect(await panel.findByText("Past due")).toBeTruthy();
    // The membership's payments: each charge with its date, plan, period and amount.
    const payments = within(await panel.findByRole("table", { name: "Membership payments, newest first" }));
    expect(payments.getByText("Oct 20, 2026")).toBeTruthy();
    expect(payments.getByText(/Single plan, Oct 20, 2026 to Nov 20, 2026/)).toBeTruthy();
    expect(payments.getByText("$25.00")).toBeTruthy();
    expect(panel.getByText("Your last payment failed; your regrips are on hold until it is paid")).toBeTruthy();

    fireEvent.click(panel.getByRole("button", { name: "Change Paddles" }));
    fireEvent.click(panel.getByRole("radio", { name: /Old Faithful/ }));
    fireEvent.click(panel.getByRole("button", { name: "Save Paddles" }));
    await screen.findByText("Paddles Changed");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ paddleIds: ["pd2"] });
    expect(panel.getByText("Old Faithful")).toBeTruthy();

    fireEvent.click(panel.getByRole("button", { name: "Cancel Plan" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Cancel your plan?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Cancel Plan" }));
    await screen.findByText("Plan Canceled");
    expect(await panel.findByText("Ends on")).toBeTruthy();
    expect(panel.queryByRole("button", { name: "Cancel Plan" })).toBeNull();
  });

  it("back from a canceled checkout: says nothing was charged, and the address loses the return", async () => {
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/subscriptions": () => Response.json({ plan: null, status: "none", assignedPaddleIds: [], currentPeriodEnd: null, regripsLeft: 0, cancelAtPeriodEnd: false }),
      "GET /api/paddles": () => Response.json([]),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools?tab=subscription&subscription=canceled" });
    expect(await screen.findByText(/Checkout was canceled/)).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/shop-tools?tab=subscription"));
  });

  it("shows the points: balance, what 100 are worth, the history newest first, and more with the cursor", async () => {
    let asked = 0;
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer()),
      "GET /api/loyalty": () =>
        Response.json(
          asked++ === 0
            ? {
                balance: 160,
                entries: [
                  { id: "e2", orderId: null, type: "adjust", points: 100, reason: "Welcome gift", createdAt: "2026-11-20T10:00:00.000Z" },
                  { id: "e1", orderId: "01JD0000000000000000ABC123", type: "earn", points: 60, reason: null, createdAt: "2026-11-10T10:00:00.000Z" },
                ],
                cursor: "next",
              }
            : { balance: 160, entries: [{ id: "e0", orderId: "01JD0000000000000000XYZ789", type: "redeem", points: -100, reason: null, createdAt: "2026-10-01T10:00:00.000Z" }], cursor: null },
        ),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools?tab=points" });
    const panel = within(await screen.findByRole("tabpanel"));
    expect(await panel.findByText("160")).toBeTruthy();
    expect(panel.getByText(/100 points = \$10 off a booking or a shop order/)).toBeTruthy();
    const rows = () => panel.getAllByRole("row").slice(1).map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent));
    expect(rows()).toEqual([
      ["Nov 20, 2026", "Adjusted by the shop: Welcome gift", "+100"],
      ["Nov 10, 2026", "Earned on order ABC123", "+60"],
    ]);
    fireEvent.click(panel.getByRole("button", { name: "Show more" }));
    await panel.findByText("Redeemed on order XYZ789");
    expect(rows()[2]).toEqual(["Oct 1, 2026", "Redeemed on order XYZ789", "-100"]);
    expect(panel.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});
