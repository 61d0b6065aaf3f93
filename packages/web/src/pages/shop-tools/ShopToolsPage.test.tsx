// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer, fakeApi, renderPage } from "../../test/render";
import { orderView } from "../../test/views";
import ShopToolsPage from "./ShopToolsPage";

vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ShopToolsPage", () => {
  it("has the five tabs with the customer's own data: orders, plan, notification settings", async () => {
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer({ phone: "+13035550142", phoneVerified: false, smsNotifications: true, emailPromotions: false })),
      "GET /api/subscriptions": () => Response.json({ plan: "FAMILY3_MONTHLY", status: "active" }),
      "GET /api/orders": () => Response.json({ orders: [orderView({ id: "o1", bagNumber: "121", status: "READY", stage: "ready" })], cursor: null }),
      "GET /api/services": () => Response.json({ coreServices: [], addOnServices: { GRIP: [], WEIGHT: [], EDGE: [], OTHER: [] } }),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools" });
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Profile", "Grip Prefs", "Orders", "Subscription", "Notifications"]);
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
    await within(panel).findByText("active");
    expect(within(panel).getAllByText("Family Plan").length).toBeGreaterThan(0);
    expect(within(panel).getByText("$25 per month")).toBeTruthy();
    expect(within(panel).getByText("$45 per month")).toBeTruthy();

    fireEvent.keyDown(screen.getByRole("tab", { name: "Subscription" }), { key: "ArrowRight" });
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
});
