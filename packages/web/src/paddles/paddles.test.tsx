// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Paddle } from "../data/paddles";
import { paddleView } from "../test/views";
import { fakeApi, renderPage } from "../test/render";
import { PaddleCard } from "./PaddleCard";
import { PaddleFormDialog } from "./PaddleFormDialog";
import { QuickAddPaddleForm } from "./QuickAddPaddleForm";

vi.mock("../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

const paddle: Paddle = paddleView({ coreThickness: 14, shape: "elongated", prefs: { tackiness: 3, color: null } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PaddleCard", () => {
  it("shows No Bag, tackiness out of 5, 'Grip Me!' to booking, and a more-menu", async () => {
    fakeApi({ "PATCH /api/paddles/p1": () => Response.json({ message: "nope" }, { status: 500 }) });
    renderPage(<PaddleCard paddle={paddle} onEdit={() => {}} />, { path: "/my-grips" });
    const card = screen.getByRole("article", { name: "Big Red" });
    expect(card.textContent).toContain("No Bag");
    expect(within(card).getByLabelText("Tackiness 3 out of 5")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Grip Me!" }).getAttribute("href")).toBe("/booking?paddle=p1");

    fireEvent.click(within(card).getByRole("button", { name: "More actions for Big Red" }));
    const menu = within(card).getByRole("menu");
    // No bag, nothing to free: Free from Bag is not offered.
    expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Paddle Story", "Clone This Beauty", "I No Longer Own This"]);
    cleanup();

    renderPage(<PaddleCard paddle={{ ...paddle, bagId: "b1", bag: { code3: "101" } }} onEdit={() => {}} />, { path: "/my-grips" });
    const inBag = screen.getByRole("article", { name: "Big Red" });
    expect(inBag.textContent).toContain("Bag #101");
    fireEvent.click(within(inBag).getByRole("button", { name: "More actions for Big Red" }));
    expect(within(within(inBag).getByRole("menu")).getAllByRole("menuitem").map((i) => i.textContent)).toEqual([
      "Paddle Story",
      "Clone This Beauty",
      "Free from Bag",
      "I No Longer Own This",
    ]);
  });

  it("offers a paddle in the shop on an open order its order, not 'Grip Me!' (it cannot be booked again yet)", () => {
    renderPage(<PaddleCard paddle={{ ...paddle, bagId: "b1", bag: { code3: "101" }, openOrderId: "order-7" }} onEdit={() => {}} />, { path: "/my-grips" });
    const card = screen.getByRole("article", { name: "Big Red" });
    expect(within(card).queryByRole("link", { name: "Grip Me!" })).toBeNull();
    expect(within(card).getByRole("link", { name: "In the shop: see the order of Big Red" }).getAttribute("href")).toBe("/orders/order-7");
  });

  it("asks before 'I No Longer Own This', and says so with a toast", async () => {
    const calls = fakeApi({
      "PATCH /api/paddles/p1": (call) => Response.json({ ...paddle, ...(call.body as object) }),
      "GET /api/paddles": () => Response.json([]),
    });
    renderPage(<PaddleCard paddle={paddle} onEdit={() => {}} />, { path: "/my-grips" });
    const card = screen.getByRole("article", { name: "Big Red" });
    fireEvent.click(within(card).getByRole("button", { name: "More actions for Big Red" }));
    fireEvent.click(within(card).getByRole("menuitem", { name: "I No Longer Own This" }));
    const dialog = await screen.findByRole("dialog", { name: "No Longer Own This Paddle?" });
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep Paddle" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(within(card).getByRole("button", { name: "More actions for Big Red" }));
    fireEvent.click(within(card).getByRole("menuitem", { name: "I No Longer Own This" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "I No Longer Own This" }));
    await screen.findByText("Paddle Removed");
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ ownershipStatus: "no_longer_own" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says the server's refusal when Free from Bag is refused", async () => {
    fakeApi({
      "POST /api/paddles/p1/free-from-bag": () =>
        Response.json({ message: "Bag 101 still holds this paddle's open order #101. It is freed when the order is picked up or canceled." }, { status: 409 }),
      "GET /api/paddles": () => Response.json([]),
    });
    renderPage(<PaddleCard paddle={{ ...paddle, bagId: "b1", bag: { code3: "101" } }} onEdit={() => {}} />, { path: "/my-grips" });
    const card = screen.getByRole("article", { name: "Big Red" });
    fireEvent.click(within(card).getByRole("button", { name: "More actions for Big Red" }));
    fireEvent.click(within(card).getByRole("menuitem", { name: "Free from Bag" }));
    await screen.findByText("Could Not Free Bag");
    expect(screen.getByText(/still holds this paddle's open order #101/)).toBeTruthy();
  });

  it("clones into the add form: same details, a new paddle, the nickname marked as a copy", async () => {
    const calls = fakeApi({
      "POST /api/paddles": (call) => Response.json({ ...paddle, ...(call.body as object), id: "p2" }, { status: 201 }),
      "GET /api/paddles": () => Response.json([]),
    });
    renderPage(<PaddleCard paddle={paddle} onEdit={() => {}} />, { path: "/my-grips" });
    const card = screen.getByRole("article", { name: "Big Red" });
    fireEvent.click(within(card).getByRole("button", { name: "More actions for Big Red" }));
    fireEvent.click(within(card).getByRole("menuitem", { name: "Clone This Beauty" }));
    const dialog = await screen.findByRole("dialog", { name: "Create a Paddle Profile" });
    expect((within(dialog).getByLabelText("Nickname *") as HTMLInputElement).value).toBe("Big Red (Copy)");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Paddle" }));
    await screen.findByText("Paddle Added");
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ brand: paddle.brand, nickname: "Big Red (Copy)", coreThickness: 14, shape: "elongated", prefs: { tackiness: 3 } });
    expect(body.id).toBeUndefined();
  });
});

describe("PaddleFormDialog", () => {
  it("creates a paddle with every field and the 16 mm default", async () => {
    const calls = fakeApi({ "POST /api/paddles": (call) => Response.json({ ...paddle, ...(call.body as object), id: "p9" }, { status: 201 }) });
    const onSaved = vi.fn();
    renderPage(<PaddleFormDialog onClose={() => {}} onSaved={onSaved} />, { path: "/my-grips" });
    const dialog = screen.getByRole("dialog", { name: "Create a Paddle Profile" });
    fireEvent.change(within(dialog).getByLabelText("Brand *"), { target: { value: " Selkirk " } });
    fireEvent.change(within(dialog).getByLabelText("Nickname *"), { target: { value: "Lefty" } });
    fireEvent.change(within(dialog).getByLabelText("Shape"), { target: { value: "hybrid" } });
    fireEvent.change(within(dialog).getByLabelText(/Preferred tackiness/), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Paddle" }));
    await screen.findByText("Paddle Added");
    expect(calls[0].body).toEqual({ brand: "Selkirk", nickname: "Lefty", coreThickness: 16, shape: "hybrid", prefs: { tackiness: 5 } });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("takes a refused add to its first message, drops a message once its field is corrected, and stops at the server's lengths", async () => {
    const calls = fakeApi({});
    renderPage(<PaddleFormDialog onClose={() => {}} />, { path: "/my-grips" });
    const dialog = within(screen.getByRole("dialog", { name: "Create a Paddle Profile" }));
    fireEvent.change(dialog.getByLabelText("Brand *"), { target: { value: "Joola" } });
    fireEvent.click(dialog.getByRole("button", { name: "Add Paddle" }));
    // On a phone the button sits far below the fields: the message must come into sight with its field.
    await dialog.findByText("Nickname is required");
    expect(document.activeElement).toBe(dialog.getByLabelText("Nickname *"));
    fireEvent.change(dialog.getByLabelText("Nickname *"), { target: { value: "Lefty" } });
    expect(dialog.queryByText("Nickname is required")).toBeNull();
    expect(calls).toHaveLength(0);
    // The limits of the server's schema (shared/paddles), so nothing typed is refused later.
    for (const [label, max] of [["Brand *", 60], ["Model", 60], ["Nickname *", 60], ["Personality", 500], ["Colorway", 60], ["Serial number or notes", 100], ["Preferred grip color", 60]] as const) {
      expect((dialog.getByLabelText(label) as HTMLInputElement).maxLength, label).toBe(max);
    }
  });

  it("sends only an edit's changes and checks only those", async () => {
    const calls = fakeApi({ "PATCH /api/paddles/p1": () => Response.json({ message: "Nickname is taken" }, { status: 400 }) });
    renderPage(<PaddleFormDialog paddle={paddle} onClose={() => {}} />, { path: "/my-grips" });
    const dialog = screen.getByRole("dialog", { name: "Edit Paddle" });
    fireEvent.change(within(dialog).getByLabelText("Nickname *"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(within(dialog).getByText("Nickname is required")).toBeTruthy();
    expect(within(dialog).queryByText("Brand is required")).toBeNull();
    fireEvent.change(within(dialog).getByLabelText("Nickname *"), { target: { value: "Big Blue" } });
    fireEvent.change(within(dialog).getByLabelText(/Core thickness/), { target: { value: "18" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Nickname is taken");
    expect(calls[0].body).toEqual({ nickname: "Big Blue", coreThickness: 18 });
  });

  it("refuses a file that is not an image, or over 5MB", async () => {
    const calls = fakeApi({});
    renderPage(<PaddleFormDialog paddle={paddle} onClose={() => {}} />, { path: "/my-grips" });
    const input = screen.getByLabelText("Photo");
    fireEvent.change(input, { target: { files: [new File(["x"], "notes.pdf", { type: "application/pdf" })] } });
    await screen.findByText("Invalid file type");
    expect(screen.getByText("Please select an image file")).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [big] } });
    await screen.findByText("File too large");
    expect(screen.getByText("Please select an image smaller than 5MB")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("uploads a photo: ask for the upload, PUT the file, then PATCH photoUrl", async () => {
    const calls = fakeApi({
      "POST /api/paddles/p1/photo": () => Response.json({ uploadUrl: "/uploads/p1.png", method: "PUT", headers: { "Content-Type": "image/png" }, photoUrl: "/photos/p1.png" }),
      "PUT /uploads/p1.png": () => new Response(null, { status: 200 }),
      "PATCH /api/paddles/p1": () => Response.json({ ...paddle, photoUrl: "/photos/p1.png" }),
    });
    renderPage(<PaddleFormDialog paddle={paddle} onClose={() => {}} />, { path: "/my-grips" });
    fireEvent.change(screen.getByLabelText("Photo"), { target: { files: [new File(["png"], "p.png", { type: "image/png" })] } });
    await screen.findByText("Image uploaded");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/paddles/p1/photo", "PUT /uploads/p1.png", "PATCH /api/paddles/p1"]);
    expect(calls[0].body).toEqual({ contentType: "image/png", size: 3 });
    expect(calls[2].body).toEqual({ photoUrl: "/photos/p1.png" });
  });
});

describe("QuickAddPaddleForm", () => {
  it("needs a nickname and sends the brand 'Unspecified'", async () => {
    const calls = fakeApi({ "POST /api/paddles": () => Response.json({ message: "Server says no" }, { status: 400 }) });
    renderPage(<QuickAddPaddleForm onAdded={() => {}} />, { path: "/booking" });
    expect(screen.queryByLabelText(/Brand/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add Paddle" }));
    await screen.findByText("Nickname is required");
    fireEvent.change(screen.getByLabelText("Nickname *"), { target: { value: "Kitchen Queen" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Paddle" }));
    await screen.findByText("Server says no");
    expect(calls[0].body).toEqual({ brand: "Unspecified", nickname: "Kitchen Queen" });
  });

  it("sends a double click's two requests with one Idempotency-Key, and a new key for the next paddle", async () => {
    const calls = fakeApi({ "POST /api/paddles": () => Response.json(paddleView({ id: "p9", nickname: "Kitchen Queen" }), { status: 201 }) });
    const added: string[] = [];
    renderPage(<QuickAddPaddleForm onAdded={(p) => added.push(p.id)} />, { path: "/booking" });
    fireEvent.change(screen.getByLabelText("Nickname *"), { target: { value: "Kitchen Queen" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Paddle" }));
    fireEvent.click(screen.getByRole("button", { name: "Add Paddle" }));
    await waitFor(() => expect(added.length).toBeGreaterThan(0));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === "POST");
    expect(first.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers["Idempotency-Key"]).toBe(first.headers["Idempotency-Key"]);
    // One paddle added, once.
    await waitFor(() => expect(added).toEqual(["p9"]));
    fireEvent.change(screen.getByLabelText("Nickname *"), { target: { value: "Second" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Paddle" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(3));
    expect(calls.filter((c) => c.method === "POST")[2].headers["Idempotency-Key"]).not.toBe(first.headers["Idempotency-Key"]);
  });

  it("falls back to 'Failed to add paddle. Please try again.'", async () => {
    fakeApi({ "POST /api/paddles": () => new Response("", { status: 502 }) });
    renderPage(<QuickAddPaddleForm onAdded={() => {}} />, { path: "/booking" });
    fireEvent.change(screen.getByLabelText("Nickname *"), { target: { value: "Kitchen Queen" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Paddle" }));
    await screen.findByText("Failed to add paddle. Please try again.");
  });
});
