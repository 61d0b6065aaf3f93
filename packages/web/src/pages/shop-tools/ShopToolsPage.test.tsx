// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer, fakeApi, renderPage } from "../../test/render";
import ShopToolsPage from "./ShopToolsPage";

vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ShopToolsPage", () => {
  it("has the five tabs, with the plan from the subscriptions call", async () => {
    fakeApi({
      "GET /api/auth/user": () => Response.json(customer({ phone: "+13035550142", phoneVerified: false })),
      "GET /api/subscriptions": () => Response.json({ plan: "FAMILY3_MONTHLY", status: "active" }),
    });
    renderPage(<ShopToolsPage />, { path: "/shop-tools" });
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Profile", "Grip Prefs", "Orders", "Subscription", "Notifications"]);
    expect(screen.getByText("Unverified")).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Grip Prefs" }));
    expect(screen.getByText("Standard Overgrip")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Update Preferences" })).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Orders" }));
    expect(screen.getByText("No orders yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Book Your First Service" }).getAttribute("href")).toBe("/book");

    fireEvent.click(screen.getByRole("tab", { name: "Subscription" }));
    const panel = screen.getByRole("tabpanel");
    await within(panel).findByText("active");
    expect(within(panel).getAllByText("Family Plan").length).toBeGreaterThan(0);
    expect(within(panel).getByText("$25 per month")).toBeTruthy();
    expect(within(panel).getByText("$45 per month")).toBeTruthy();

    fireEvent.keyDown(screen.getByRole("tab", { name: "Subscription" }), { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Notifications" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("Enabled")).toBeTruthy();
    expect(screen.getByText("Disabled")).toBeTruthy();
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
