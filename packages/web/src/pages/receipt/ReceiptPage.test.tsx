// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Receipt } from "../../data/receipts";
import { fakeApi, renderPage } from "../../test/render";
import { billOf } from "@regrip/core/shared/bill";
import ReceiptPage from "./ReceiptPage";

// A walk-in is signed out: no token is sent.
vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => null) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A receipt; its bill made from its fields by the one rule (shared/bill.ts), as the server makes it. */
function receipt(fields: Omit<Receipt, "bill"> & { paymentMethod?: string }): Receipt {
  const { paymentMethod = "STRIPE", ...view } = fields;
  return {
    ...view,
    bill: billOf({
      ...view,
      lineItems: view.lines.map((line) => ({ name: line.name, description: line.detail, priceCents: line.priceCents, quantity: line.quantity, taxable: true })),
      promoCode: "SAVE10",
      taxRateBps: view.taxCents ? 800 : 0,
      paymentStatus: view.payment.status,
      paymentMethod,
      paidAt: view.payment.paidAt,
    }),
  };
}

const unpaid: Receipt = receipt({
  shopName: "Regrip",
  reference: "R-1042",
  bagNumber: "107",
  date: "2025-03-07T17:00:00.000Z",
  lines: [
    { name: "Edge Tape", detail: null, quantity: 2, priceCents: 500 },
    { name: "Premium Edge Guard", detail: "Black", quantity: 1, priceCents: 1500 },
  ],
  subtotalCents: 2500,
  discountAmountCents: 250,
  taxCents: 0,
  totalCents: 2250,
  currency: "usd",
  payment: { status: "unpaid", method: "Card online", cardBrand: null, cardLast4: null, paidAt: null },
  refundedAmountCents: 0,
});
const { bill: _bill, ...unpaidFields } = unpaid;
const paid: Receipt = receipt({ ...unpaidFields, payment: { status: "paid", method: "Card online", cardBrand: "visa", cardLast4: "4242", paidAt: "2025-03-07T17:05:00.000Z" } });

describe("ReceiptPage", () => {
  it("asks with the link's token, and shows the lines, totals and payment", async () => {
    const calls = fakeApi({ "GET /api/receipts/o1": () => Response.json(paid) });
    renderPage(<ReceiptPage />, { path: "/receipt/o1?t=tok_123", route: "/receipt/:id" });
    await screen.findByRole("heading", { level: 1, name: "Receipt" });
    expect(calls[0]!.headers).not.toHaveProperty("Authorization");
    const bill = screen.getByTestId("bill");
    expect(within(bill).getAllByRole("listitem").map((row) => row.textContent)).toEqual(["Edge Tape × 2$10.00", "Premium Edge GuardBlack$15.00"]);
    // The order by its number, its bag beside it.
    expect(screen.getByText("R-1042 · Bag 107")).toBeTruthy();
    expect(within(bill).getByText("Promotion SAVE10").closest("div")?.textContent).toBe("Promotion SAVE10−$2.50");
    expect(within(bill).getByText("Card online").closest("div")?.textContent).toMatch(/^Card online.*2025.*\$22\.50$|^Card online.*\$22\.50$/);
    expect(within(bill).getByTestId("bill-balance").textContent).toBe("$0.00");
    expect(screen.getByTestId("receipt-total").textContent).toBe("$22.50");
    expect(screen.getByTestId("receipt-payment-status").textContent).toBe("Paid");
    expect(screen.getByText("Visa ending 4242")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Payment received" })).toBeNull();
  });

  it("back from paying: says the payment is being confirmed and asks again until the webhook lands", async () => {
    let reads = 0;
    const calls = fakeApi({
      "GET /api/receipts/o2": () => {
        reads++;
        return Response.json(reads < 3 ? unpaid : paid);
      },
    });
    renderPage(<ReceiptPage />, { path: "/receipt/o2?t=tok&paid=1", route: "/receipt/:id" });
    await screen.findByRole("heading", { name: "Confirming your payment…" });
    expect(screen.getByTestId("receipt-payment-status").textContent).toBe("Unpaid");
    await screen.findByRole("heading", { name: "Payment received" }, { timeout: 4000 });
    expect(screen.getByText("Thank you! This order is paid with the card ending 4242.")).toBeTruthy();
    expect(screen.getByTestId("receipt-payment-status").textContent).toBe("Paid");
    expect(calls.length).toBe(3);
    // The return's flag is taken off the address; the token stays.
    expect(screen.getByTestId("location").textContent).toBe("/receipt/o2?t=tok");
  });

  it("back without paying: nothing was charged, pay by the texted link", async () => {
    fakeApi({ "GET /api/receipts/o3": () => Response.json(unpaid) });
    renderPage(<ReceiptPage />, { path: "/receipt/o3?t=tok&payment=canceled", route: "/receipt/:id" });
    const notice = await screen.findByRole("status", { name: "Payment was not completed" });
    expect(within(notice).getByText(/open the payment link we texted you/)).toBeTruthy();
  });

  it("a wrong or missing token: Receipt Not Found, and nothing is asked without one", async () => {
    const calls = fakeApi({ "GET /api/receipts/o4": () => Response.json({ message: "Receipt not found" }, { status: 404 }) });
    renderPage(<ReceiptPage />, { path: "/receipt/o4?t=wrong", route: "/receipt/:id" });
    await screen.findByRole("heading", { name: "Receipt Not Found" });
    cleanup();
    calls.length = 0;
    renderPage(<ReceiptPage />, { path: "/receipt/o4", route: "/receipt/:id" });
    await screen.findByRole("heading", { name: "Receipt Not Found" });
    expect(calls).toEqual([]);
  });
});
