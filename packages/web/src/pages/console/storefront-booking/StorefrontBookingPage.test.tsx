// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CustomerView } from "@regrip/core/shared/customers";
import type { StorefrontProduct } from "@regrip/core/shared/storefront";
import { STOREFRONT_CART_KEY } from "@regrip/core/shared/storefront";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../../../test/render";
import { orderView } from "../../../test/views";
import StorefrontBookingPage from "./StorefrontBookingPage";

vi.mock("../../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

const pat: CustomerView = { id: "c1", firstName: "Pat", lastName: "Lee", email: "pat@example.com", phone: "+13035550142", phoneVerified: false, hasAccount: false };

function product(partial: Partial<StorefrontProduct> & Pick<StorefrontProduct, "id" | "name" | "price" | "category">): StorefrontProduct {
  return { code: partial.id, type: "ADD_ON", stockQuantity: null, isInStock: true, isLowStock: false, description: null, color: null, brand: null, feel: null, area: null, quality: null, taxable: false, displayOrder: 0, ...partial };
}

const groups = [
  { category: "BASE_GRIP", heading: "Core Services", items: [product({ id: "grip", name: "Premium Regrip", price: 5500, category: "BASE_GRIP", color: "Black" })] },
  { category: "EDGE", heading: "Edge Protection", items: [product({ id: "tape", name: "Edge Tape", price: 1000, category: "EDGE" }), product({ id: "guard", name: "Premium Edge Guard", price: 1500, category: "EDGE", isInStock: false, stockQuantity: 0 })] },
];

function routes(overrides: Record<string, (call: { body: unknown; headers: Record<string, string> }) => Response> = {}) {
  return fakeApi({
    "GET /api/customers/c1": () => Response.json(pat),
    "GET /api/storefront/products": () => Response.json({ groups, quickSale: {} }),
    "GET /api/customers/c1/paddles": () => Response.json([]),
    ...overrides,
  });
}

const open = (path = "/storefrontbooking/c1") => renderPage(<StorefrontBookingPage />, { path, route: "/storefrontbooking/:customerId" });
const button = (name: string | RegExp) => screen.getByRole("button", { name });

/** Opens a Cloudscape Select in `within` (it opens on mouse down) and picks an option. */
async function pick(scope: HTMLElement, select: RegExp, option: RegExp) {
  fireEvent.mouseDown(within(scope).getByRole("button", { name: select }));
  const choice = await screen.findByRole("option", { name: option });
  fireEvent.mouseUp(choice);
  fireEvent.click(choice);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("StorefrontBookingPage", { timeout: 30_000 }, () => {
  it("shows the catalogue in the server's groups, adds 1 for an item already in the cart, keeps the cart for this customer, and previews the promo", async () => {
    const calls = routes({ "GET /api/promotions/WELCOME10": () => Response.json({ code: "WELCOME10", percentage: 10, amountCents: 0 }) });
    const { toasts } = open();
    await screen.findByRole("heading", { name: "Pat Lee" });
    await screen.findByRole("button", { name: /Add Premium Regrip/ });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent ?? "");
    expect(headings.findIndex((h) => h.startsWith("Core Services"))).toBeLessThan(headings.findIndex((h) => h.startsWith("Edge Protection")));
    expect(button("Review Order")).toHaveProperty("disabled", true);
    expect(button(/Add Premium Edge Guard/)).toHaveProperty("disabled", true);

    fireEvent.click(button(/Add Premium Regrip/));
    fireEvent.click(button(/Add Premium Regrip/));
    fireEvent.click(button(/Add Edge Tape/));
    expect((screen.getByLabelText("Quantity of Premium Regrip (Black)") as HTMLInputElement).value).toBe("2");
    expect(JSON.parse(localStorage.getItem(STOREFRONT_CART_KEY)!)).toEqual({
      customerId: "c1",
      items: [
        { id: "grip", name: "Premium Regrip", description: "Black", price: 5500, quantity: 2 },
        { id: "tape", name: "Edge Tape", description: null, price: 1000, quantity: 1 },
      ],
    });

    fireEvent.change(screen.getByLabelText("Quantity of Edge Tape"), { target: { value: "0" } });
    expect(screen.queryByLabelText("Quantity of Edge Tape")).toBeNull();

    fireEvent.click(button("Apply"));
    await screen.findByText("Please enter a promo code");
    fireEvent.change(screen.getByLabelText("Promo code"), { target: { value: "welcome10" } });
    fireEvent.click(button("Apply"));
    await waitFor(() => expect(toasts.current()?.title).toBe("Promo Applied"));
    expect(calls.some((c) => c.path === "/api/promotions/WELCOME10")).toBe(true);
    expect(screen.getByLabelText("Promo code")).toHaveProperty("readOnly", true);
    const summary = within(screen.getByRole("region", { name: "Order summary" }));
    expect(summary.getByText("-$11.00")).toBeTruthy();
    expect(summary.getByText("$99.00")).toBeTruthy();
    fireEvent.click(button("Remove"));
    expect(screen.getByLabelText("Promo code")).toHaveProperty("readOnly", false);
  });

  it("shows one card per product with a color and feel picker, and never lets the cart hold more than the variant's stock", async () => {
    const strip = (id: string, color: string, feel: string, stockQuantity: number) =>
      product({ id, name: "Strip and Grip", price: 4500, category: "BASE_GRIP", type: "ONE_TIME", color, feel, stockQuantity, isInStock: stockQuantity > 0, isLowStock: stockQuantity > 0 && stockQuantity <= 5 });
    const variants = [strip("sg-bt", "Black", "Tacky", 4), strip("sg-bd", "Black", "Dry", 20), strip("sg-rt", "Red", "Tacky", 0), strip("sg-rd", "Red", "Dry", 7)];
    routes({ "GET /api/storefront/products": () => Response.json({ groups: [{ category: "BASE_GRIP", heading: "Core Services", items: variants }, groups[1]], quickSale: {} }) });
    open();
    const card = await screen.findByRole("group", { name: "Strip and Grip" });
    expect(screen.getAllByRole("group", { name: "Strip and Grip" })).toHaveLength(1);
    // It starts on its first variant in stock, colors and feels A to Z: Black Dry.
    expect(within(card).getByRole("button", { name: "Add Strip and Grip (Black, Dry)" })).toBeTruthy();
    expect(within(card).getByText("20 in stock")).toBeTruthy();
    await pick(card, /Feel/, /Tacky/);
    expect(await within(card).findByText("Only 4 left")).toBeTruthy();
    // Red keeps the feel chosen: Red Tacky is out of stock and cannot be added; Red Dry can.
    await pick(card, /Color/, /Red/);
    expect(await within(card).findByRole("button", { name: "Add Strip and Grip (Red, Tacky)" })).toHaveProperty("disabled", true);
    expect(within(card).getByText("Out of stock")).toBeTruthy();
    await pick(card, /Feel/, /Dry/);
    expect(await within(card).findByRole("button", { name: "Add Strip and Grip (Red, Dry)" })).toHaveProperty("disabled", false);
    await pick(card, /Color/, /Black/);
    const add = await within(card).findByRole("button", { name: "Add Strip and Grip (Black, Dry)" });
    await pick(card, /Feel/, /Tacky/);
    expect(add.getAttribute("aria-label")).toBe("Add Strip and Grip (Black, Tacky)");

    // Four is all there is: a fifth Add and a typed 99 are refused, naming the variant; the line holds 4.
    for (let i = 0; i < 5; i++) fireEvent.click(add);
    expect(within(card).getByRole("alert").textContent).toContain("Only 4 left of Strip and Grip (Black, Tacky)");
    const quantity = screen.getByLabelText("Quantity of Strip and Grip (Black, Tacky)") as HTMLInputElement;
    expect(quantity.value).toBe("4");
    expect(quantity.max).toBe("4");
    fireEvent.change(quantity, { target: { value: "2" } });
    expect(within(card).queryByRole("alert")).toBeNull();
    fireEvent.change(quantity, { target: { value: "99" } });
    expect(quantity.value).toBe("4");
    expect(screen.getByRole("list", { name: "Cart" }).textContent).toContain("Only 4 left of Strip and Grip (Black, Tacky)");
    expect(JSON.parse(localStorage.getItem(STOREFRONT_CART_KEY)!).items).toEqual([{ id: "sg-bt", name: "Strip and Grip", description: "Black, Tacky", price: 4500, quantity: 4 }]);

    // The sticky cart: count, total and Review.
    const bar = screen.getByRole("region", { name: "Cart summary" });
    expect(bar.textContent).toContain("4 items");
    expect(bar.textContent).toContain("$180.00");
    expect(within(bar).getByRole("button", { name: "Review" })).toHaveProperty("disabled", false);
  });

  it("refuses review of a kept cart that holds more than is in stock now", async () => {
    localStorage.setItem(STOREFRONT_CART_KEY, JSON.stringify({ customerId: "c1", items: [{ id: "grip", name: "Premium Regrip", description: "Black", price: 5500, quantity: 3 }] }));
    const low = [{ ...groups[0], items: [{ ...groups[0].items[0], stockQuantity: 2, isLowStock: true }] }];
    routes({ "GET /api/storefront/products": () => Response.json({ groups: low, quickSale: {} }) });
    const { toasts } = open();
    await screen.findByRole("button", { name: /Add Premium Regrip/ });
    expect(screen.getByRole("list", { name: "Cart" }).textContent).toContain("Only 2 left of Premium Regrip (Black)");
    fireEvent.click(button("Review Order"));
    expect(toasts.current()).toMatchObject({ title: "Not enough stock", description: "Only 2 left of Premium Regrip (Black)" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says the server's promo message, or 'Invalid promo code'", async () => {
    routes({ "GET /api/promotions/NOPE": () => Response.json({ message: "Promo code has expired" }, { status: 404 }), "GET /api/promotions/BAD": () => new Response("", { status: 404 }) });
    open();
    await screen.findByRole("heading", { name: "Pat Lee" });
    fireEvent.change(screen.getByLabelText("Promo code"), { target: { value: "nope" } });
    fireEvent.click(button("Apply"));
    // The page's first reads (customer, catalogue, paddles) settle first on a busy machine.
    await screen.findByText("Promo code has expired", undefined, { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText("Promo code"), { target: { value: "bad" } });
    fireEvent.click(button("Apply"));
    await screen.findByText("Invalid promo code");
  });

  it("wants a paddle and a bag checked as typed, then reviews, takes the payment at the counter and lands on the order's payment dialog", async () => {
    const order = orderView({ id: "01ORDERXYZ123456", bagNumber: "107", status: "WAITING_ON_PAYMENT", subtotalCents: 5500, discountAmountCents: 0, totalCents: 5500, lineItems: [{ skuId: "grip", name: "Premium Regrip", description: "Black", price: 5500, quantity: 1 }] });
    const calls = routes({
      "GET /api/bags/106/availability": () => Response.json({ code: "106", available: false, message: "Bag 106 is in use by another open order" }),
      "GET /api/bags/107/availability": () => Response.json({ code: "107", available: true, message: null }),
      "POST /api/storefront/invoice": () =>
        Response.json({ orderId: order.id, reference: "R-1042", bagAssigned: false, checkoutUrl: null, smsStatus: { success: false, message: "Payment taken at the counter: no payment link was sent" }, order }, { status: 201 }),
    });
    const { toasts } = open();
    fireEvent.click(await screen.findByRole("button", { name: /Add Premium Regrip/ }));
    fireEvent.click(button("Review Order"));
    expect(toasts.current()).toMatchObject({ title: "Which paddle?", description: "Nickname is required" });
    fireEvent.change(screen.getByPlaceholderText("Big Red"), { target: { value: "Big Red" } });
    fireEvent.change(screen.getByLabelText("Bag number"), { target: { value: "1O" } });
    fireEvent.click(button("Review Order"));
    expect(toasts.current()).toMatchObject({ title: "Check the bag number", description: "Please enter a 3-digit bag number" });
    // A fourth character is kept and refused at once: never cut to a bag that exists.
    fireEvent.change(screen.getByLabelText("Bag number"), { target: { value: "1234" } });
    expect((screen.getByLabelText("Bag number") as HTMLInputElement).value).toBe("1234");
    expect(screen.getByLabelText("Bag number").getAttribute("aria-invalid")).toBe("true");
    // Under the field (beside the toast of the Review before).
    expect(await screen.findAllByText("Please enter a 3-digit bag number")).toHaveLength(2);
    // A bag in use is refused under the field as it is typed, before Review.
    fireEvent.change(screen.getByLabelText("Bag number"), { target: { value: "106" } });
    await screen.findByText("Bag 106 is in use by another open order");
    fireEvent.click(button("Review Order"));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.change(screen.getByLabelText("Bag number"), { target: { value: "107" } });
    await screen.findByText("Bag 107 is free");
    fireEvent.change(screen.getByLabelText("Technician notes"), { target: { value: "Thin wrap" } });
    fireEvent.click(button("Review Order"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Big Red · Bag 107/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Order & Take Payment" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/queue/orders/01ORDERXYZ123456?pay=now"));
    const post = calls.find((c) => c.path === "/api/storefront/invoice")!;
    expect(post.body).toEqual({ customerId: "c1", bagNumber: "107", paddle: { nickname: "Big Red" }, payment: "counter", myGripNotes: "Thin wrap", items: [{ id: "grip", quantity: 1 }], shop: "HIGHLANDS_RANCH" });
    expect(post.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(toasts.current()).toMatchObject({ title: "Order Created", description: "Order R-1042 in bag 107. Take the payment now." });
    expect(JSON.parse(localStorage.getItem(STOREFRONT_CART_KEY)!).items).toEqual([]);
  });

  it("texts the link only once the employee confirms the number, and says a STOP in one sentence", async () => {
    const order = orderView({ id: "01ORDERSTOP00001", bagNumber: "108", status: "WAITING_ON_PAYMENT", subtotalCents: 5500, discountAmountCents: 0, totalCents: 5500, lineItems: [{ skuId: "grip", name: "Premium Regrip", description: "Black", price: 5500, quantity: 1 }] });
    const stopped = "The recipient replied STOP; no texts are sent until they reply START.";
    const calls = routes({
      "GET /api/customers/c1/paddles": () => Response.json([{ id: "p7", userId: "c1", nickname: "Old Faithful", brand: "Selkirk", model: null, openOrderId: null }]),
      "POST /api/storefront/invoice": () => Response.json({ orderId: order.id, reference: "R-1043", bagAssigned: true, checkoutUrl: "http://localhost/pay/s", smsStatus: { success: false, message: stopped }, order }, { status: 201 }),
    });
    const { toasts } = open();
    fireEvent.click(await screen.findByRole("button", { name: /Add Premium Regrip/ }));
    // The customer's paddle on file is offered before a new one.
    fireEvent.click(await screen.findByRole("radio", { name: "Old Faithful (Selkirk)" }));
    fireEvent.click(button("Review Order"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("radio", { name: /Text the payment link/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Order & Text Payment Link" }));
    await within(dialog).findByText(/confirm the number with the customer/);
    expect(calls.some((c) => c.path === "/api/storefront/invoice")).toBe(false);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "I confirmed this number with the customer" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Order & Text Payment Link" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/queue/orders/01ORDERSTOP00001"));
    expect(calls.find((c) => c.path === "/api/storefront/invoice")?.body).toMatchObject({ paddleId: "p7", payment: "link", phoneConfirmed: true });
    expect(toasts.current()?.description).toBe(`Order R-1043 in bag 108 (assigned). ${stopped} Take the payment, or send the link again from Take Payment.`);
    expect(toasts.current()?.description).not.toContain("START..");
  });

  it("offers no payment link to a customer without a phone: the payment is taken at the counter", async () => {
    routes({ "GET /api/customers/c1": () => Response.json({ ...pat, phone: null }) });
    open();
    fireEvent.click(await screen.findByRole("button", { name: /Add Premium Regrip/ }));
    fireEvent.change(screen.getByPlaceholderText("Big Red"), { target: { value: "Big Red" } });
    fireEvent.click(button("Review Order"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("radio", { name: /Text the payment link/ })).toHaveProperty("disabled", true);
    expect(within(dialog).getByRole("button", { name: "Create Order & Take Payment" })).toBeTruthy();
  });

  it("has the four error views", async () => {
    routes({ "GET /api/customers/c1": () => Response.json({ message: "Customer not found" }, { status: 404 }) });
    open();
    await screen.findByRole("heading", { name: "Customer not found" });
    cleanup();
    vi.unstubAllGlobals();

    routes({ "GET /api/storefront/products": () => Response.json({ message: "boom" }, { status: 500 }) });
    open();
    await screen.findByRole("heading", { name: "Error loading products" });
    expect(button("Return to Storefront")).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    let answer = { groups: [] as typeof groups };
    routes({ "GET /api/storefront/products": () => Response.json(answer) });
    open();
    await screen.findByRole("heading", { name: "No products available" });
    answer = { groups };
    fireEvent.click(button("Retry"));
    await screen.findByRole("heading", { name: /Core Services/ });
    cleanup();

    renderPage(<StorefrontBookingPage />, { path: "/storefrontbooking" });
    await screen.findByRole("heading", { name: "No customer selected" });
  });

  it("a member: the badge, one core regrip covered at $0, the points used and sent as redeemPoints", async () => {
    const order = orderView({ id: "o9", userId: "c1", subtotalCents: 0, discountAmountCents: 0, totalCents: 0, lineItems: [] });
    const member = { ...pat, membership: { plan: "SINGLE_MONTHLY", status: "active", regripsLeft: 1, assignedPaddleIds: ["p1"], assignedPaddles: [{ id: "p1", nickname: "Big Blue", brand: "Joola", model: null }] }, points: 250 };
    const calls = routes({
      "GET /api/customers/c1": () => Response.json(member),
      "POST /api/storefront/invoice": () => Response.json({ orderId: order.id, checkoutUrl: "http://localhost/pay/m", smsStatus: { success: true, message: "sent" }, order }, { status: 201 }),
    });
    open();
    expect(await screen.findByText("Member: Single plan · 1 regrip left")).toBeTruthy();
    // The covered paddle is the one chosen.
    expect(screen.getByRole("radio", { name: "Big Blue (Joola), covered by membership" })).toHaveProperty("checked", true);
    expect(screen.getByText("250 points")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: /Add Premium Regrip/ }));
    fireEvent.click(button(/Add Edge Tape/));
    const summary = within(screen.getByRole("region", { name: "Order summary" }));
    expect(summary.getByText("1 × Covered by your membership: $0.00")).toBeTruthy();
    // The regrip is covered: the subtotal is the tape's $10.00, and one step of points can come off it.
    expect(summary.getAllByText("$10.00").length).toBeGreaterThan(0);
    await pick(screen.getByRole("region", { name: "Order summary" }), /Use points/, /100 points/);
    expect(summary.getByText("-$10.00")).toBeTruthy();
    expect(summary.getAllByText("$0.00").length).toBeGreaterThan(1);
    fireEvent.click(button("Review Order"));
    // Nothing left to pay: no way to pay is asked.
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Create Order" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/queue/orders/o9"));
    expect(calls.find((c) => c.path === "/api/storefront/invoice")?.body).toMatchObject({ customerId: "c1", paddleId: "p1", payment: "counter", redeemPoints: 100, items: [{ id: "grip", quantity: 1 }, { id: "tape", quantity: 1 }] });
  });
});
