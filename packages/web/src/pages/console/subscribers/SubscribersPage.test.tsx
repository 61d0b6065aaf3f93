// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../../../test/render";
import SubscribersPage from "./SubscribersPage";
import { ADJUST_REASON_REQUIRED, ADJUST_REASON_TOO_LONG } from "@regrip/core/shared/loyalty-adjust";
import { adjustFormErrors } from "../customers/adjust-form";

vi.mock("../../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = {
  id: "sub_1",
  userId: "u1",
  customer: { firstName: "Pat", lastName: "Lee", email: "pat@example.com", phone: null },
  plan: "FAMILY3_MONTHLY",
  status: "past_due",
  currentPeriodEnd: "2026-12-20T00:00:00.000Z",
  cancelAtPeriodEnd: false,
  regripsLeft: 2,
  assignedPaddleIds: ["p1"],
  points: 140,
};

describe("SubscribersPage", () => {
  it("lists the members with plan, status, regrips left and points; Adjust points shows the server's refusal in the form, then a toast", async () => {
    let refuse = true;
    const calls = fakeApi({
      "GET /api/admin/subscriptions": () => Response.json({ items: [row], cursor: null }),
      "POST /api/admin/loyalty/u1/adjust": () =>
        refuse ? Response.json({ message: "That would take the balance below 0" }, { status: 400 }) : Response.json({ balance: 240 }),
    });
    const { toasts } = renderPage(<SubscribersPage />, { path: "/admin/subscribers" });
    expect(await screen.findByText("Pat Lee")).toBeTruthy();
    expect(screen.getByText("Family plan")).toBeTruthy();
    expect(screen.getByText("Past due")).toBeTruthy();
    expect(screen.getByText("2 of 3")).toBeTruthy();
    expect(screen.getByText("140")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Adjust points of Pat Lee" }));
    const dialog = within(await screen.findByRole("form", { name: "Adjust points: Pat Lee" }));
    fireEvent.click(screen.getByRole("button", { name: "Adjust Points" }));
    expect(await dialog.findByText(ADJUST_REASON_REQUIRED)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(dialog.getByRole("spinbutton"), { target: { value: "-500" } });
    fireEvent.change(dialog.getByRole("textbox"), { target: { value: "Correction" } });
    fireEvent.click(screen.getByRole("button", { name: "Adjust Points" }));
    expect(await dialog.findByText("That would take the balance below 0")).toBeTruthy();

    refuse = false;
    fireEvent.change(dialog.getByRole("spinbutton"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Adjust Points" }));
    await waitFor(() => expect(toasts.current()?.title).toBe("Points Adjusted"));
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({ points: 100, reason: "Correction" });
  });

  it("checks the form: a whole number other than 0, a reason of at most 500 characters", () => {
    expect(adjustFormErrors({ points: "0", reason: "x" }).points).toBeDefined();
    expect(adjustFormErrors({ points: "1.5", reason: "x" }).points).toBeDefined();
    expect(adjustFormErrors({ points: "-20", reason: "x" })).toEqual({});
    expect(adjustFormErrors({ points: "20", reason: "x".repeat(501) }).reason).toBe(ADJUST_REASON_TOO_LONG);
  });
});
