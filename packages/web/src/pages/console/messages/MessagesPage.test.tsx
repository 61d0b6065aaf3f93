// @vitest-environment happy-dom
import type { ConversationPage, ConversationView, InboxMessageView, ThreadPage } from "@regrip/core/shared/inbox";
import { REPLY_MAX_LENGTH, REPLY_REQUIRED, REPLY_TOO_LONG } from "@regrip/core/shared/inbox";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../../../test/render";
import MessagesPage, { OPTED_OUT_NOTICE } from "./MessagesPage";

vi.mock("../../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ada: ConversationView = {
  id: "17205550142",
  phoneNumber: "+17205550142",
  customer: { userId: "u1", firstName: "Ada", lastName: "Lovelace", email: "ada@regrip.test", phone: "+17205550142" },
  lastMessageAt: "2026-11-26T15:04:00.000Z",
  lastMessagePreview: "Can I pick it up Saturday?",
  unread: 2,
  needsReply: true,
  optedOut: false,
};
const stranger: ConversationView = {
  id: "13035550199",
  phoneNumber: "+13035550199",
  customer: null,
  lastMessageAt: "2026-11-25T10:00:00.000Z",
  lastMessagePreview: "hours?",
  unread: 0,
  needsReply: false,
  optedOut: false,
};

const messages: InboxMessageView[] = [
  { id: "m1", direction: "inbound", body: "status?", createdAt: "2026-11-26T15:00:00.000Z", status: "received" },
  {
    id: "m2",
    direction: "outbound",
    body: "Regrip: order R-1001, bag 042, In Service, pickup Mon, Nov 30.",
    createdAt: "2026-11-26T15:00:01.000Z",
    status: "delivered",
    automaticResponse: "status",
  },
  { id: "m3", direction: "outbound", body: "We open at 10.", createdAt: "2026-11-26T15:02:00.000Z", status: "failed", sentBy: "Sam", error: "Unreachable number" },
  { id: "m4", direction: "inbound", body: "Can I pick it up Saturday?", createdAt: "2026-11-26T15:04:00.000Z", status: "received" },
];

const thread = (conversation: ConversationView, overrides: Partial<ThreadPage> = {}): ThreadPage => ({
  conversation,
  items: messages,
  cursor: null,
  openOrders: [{ id: "o1", reference: "R-1001", bagNumber: "042", stageLabel: "In Service", pickupDate: "2026-11-30", paddle: "Joola Hyperion" }],
  ...overrides,
});

const page = (items: ConversationView[], cursor: string | null = null): ConversationPage => ({ items, cursor, unreadConversations: items.filter((c) => c.unread > 0).length });

/** A phone's width for useNarrow (Cloudscape's 688 px breakpoint). */
function phoneScreen() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("max-width"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

describe("MessagesPage", () => {
  it("lists conversations newest first with unread counts and needs-reply; Unread and the search ask the server; pages go on by cursor", async () => {
    const calls = fakeApi({
      "GET /api/admin/conversations": ({ query }) => {
        const params = new URLSearchParams(query);
        if (params.get("cursor") === "next") return Response.json(page([stranger]));
        if (params.get("unread") === "1" || params.get("q")) return Response.json(page([ada]));
        return Response.json(page([ada, stranger], "next"));
      },
    });
    renderPage(<MessagesPage />, { path: "/messages", route: "/messages/:id?" });
    const list = within(await screen.findByRole("list", { name: "Conversations" }));
    const rows = list.getAllByRole("link");
    expect(rows.map((row) => row.getAttribute("href"))).toEqual(["/messages/17205550142", "/messages/13035550199"]);
    expect(within(rows[0]).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(rows[0]).getByText("2 unread")).toBeTruthy();
    expect(within(rows[0]).getByText("Needs reply")).toBeTruthy();
    expect(within(rows[0]).getByText("Can I pick it up Saturday?")).toBeTruthy();
    // A number nobody verified is shown as the number.
    expect(within(rows[1]).getByText("+1 (303) 555-0199")).toBeTruthy();
    expect(within(rows[1]).queryByText(/unread/)).toBeNull();
    expect(screen.getByText("Choose a conversation to read it and reply.")).toBeTruthy();

    // The first page's cursor makes a second page known.
    await waitFor(() => expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(calls.some((call) => new URLSearchParams(call.query).get("cursor") === "next")).toBe(true));

    fireEvent.click(screen.getByRole("button", { name: "Unread", pressed: false }));
    await waitFor(() => expect(calls.at(-1)?.query).toBe("unread=1"));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Conversations" })).getAllByRole("link")).toHaveLength(1));

    // Under 3 characters the list stays whole and the hint says why.
    const searches = calls.length;
    fireEvent.change(screen.getByRole("searchbox", { name: "Search conversations" }), { target: { value: "ad" } });
    expect((await screen.findAllByText("Type at least 3 characters to search...")).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.slice(searches).some((call) => call.query.includes("q="))).toBe(false);
    fireEvent.change(screen.getByRole("searchbox", { name: "Search conversations" }), { target: { value: "ada" } });
    await waitFor(() => expect(calls.at(-1)?.query).toBe("unread=1&q=ada"));
  });

  it("opens a thread: each side labelled, the automatic answer with its rule, the staff reply with its sender and delivery; the customer's open orders beside; marked read", async () => {
    const calls = fakeApi({
      "GET /api/admin/conversations": () => Response.json(page([ada, stranger])),
      "GET /api/admin/conversations/17205550142/messages": () => Response.json(thread(ada)),
      "POST /api/admin/conversations/17205550142/read": () => new Response(null, { status: 204 }),
    });
    renderPage(<MessagesPage />, { path: "/messages/17205550142", route: "/messages/:id?" });
    const region = within(await screen.findByRole("region", { name: "Messages with Ada Lovelace" }));
    const bubbles = region.getAllByRole("listitem");
    expect(bubbles.map((bubble) => bubble.className)).toEqual(["message message-inbound", "message message-automatic", "message message-outbound", "message message-inbound"]);
    expect(within(bubbles[0]).getByText("Ada")).toBeTruthy();
    expect(within(bubbles[1]).getByText("Automatic answer (STATUS)")).toBeTruthy();
    expect(within(bubbles[1]).getByText("Delivered")).toBeTruthy();
    expect(within(bubbles[2]).getByText("Reply by Sam")).toBeTruthy();
    expect(within(bubbles[2]).getByText(/Failed: Unreachable number/)).toBeTruthy();
    expect(within(bubbles[3]).queryByText(/Delivered|Sent|Failed/)).toBeNull();

    const order = screen.getByRole("link", { name: "Order R-1001" });
    expect(order.getAttribute("href")).toBe("/queue/orders/o1");
    expect(screen.getByText("Bag 042 · In Service")).toBeTruthy();
    expect(screen.getByText("Pickup Monday, November 30")).toBeTruthy();
    expect(screen.getByText("ada@regrip.test")).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === "POST" && call.path.endsWith("/read"))).toBe(true));
    // The selected row says so.
    const list = within(screen.getByRole("list", { name: "Conversations" }));
    expect(list.getAllByRole("link")[0].getAttribute("aria-current")).toBe("page");
  });

  it("the reply box: ReplyInput's words inline, the count against 1,600, one send however often Send is clicked, the reply in the thread with its status", async () => {
    let answer: (response: Response) => void = () => {};
    const read = { ...ada, unread: 0 };
    const stored: InboxMessageView[] = [];
    const calls = fakeApi({
      "GET /api/admin/conversations": () => Response.json(page([read])),
      "GET /api/admin/conversations/17205550142/messages": () => Response.json(thread(read, { items: [...messages, ...stored] })),
      "POST /api/admin/conversations/17205550142/reply": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderPage(<MessagesPage />, { path: "/messages/17205550142", route: "/messages/:id?" });
    const form = within(await screen.findByRole("form", { name: "Reply" }));
    const send = () => fireEvent.click(form.getByRole("button", { name: "Send" }));
    send();
    expect(await form.findByText(REPLY_REQUIRED)).toBeTruthy();

    const box = form.getByRole("textbox");
    fireEvent.change(box, { target: { value: "x".repeat(REPLY_MAX_LENGTH + 1) } });
    expect(form.getByText(`${REPLY_MAX_LENGTH + 1}/${REPLY_MAX_LENGTH} characters`)).toBeTruthy();
    send();
    expect(await form.findByText(REPLY_TOO_LONG)).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.change(box, { target: { value: "  Yes, Saturday from 10.  " } });
    expect(form.queryByText(REPLY_TOO_LONG)).toBeNull();
    send();
    send();
    fireEvent.submit(screen.getByRole("form", { name: "Reply" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST" && call.path.endsWith("/reply"))).toHaveLength(1));
    expect(calls.find((call) => call.path.endsWith("/reply"))?.body).toEqual({ message: "Yes, Saturday from 10." });
    const reply: InboxMessageView = { id: "m5", direction: "outbound", body: "Yes, Saturday from 10.", createdAt: "2026-11-26T15:06:00.000Z", status: "sent", sentBy: "Casey" };
    stored.push(reply);
    answer(Response.json({ message: reply }));

    const region = within(screen.getByRole("region", { name: "Messages with Ada Lovelace" }));
    const mine = await region.findByText("Yes, Saturday from 10.");
    const bubble = within(mine.closest("li")!);
    expect(bubble.getByText("Reply by Casey")).toBeTruthy();
    expect(bubble.getByText("Sent")).toBeTruthy();
    await waitFor(() => expect((form.getByRole("textbox") as HTMLTextAreaElement).value).toBe(""));
    expect(form.getByText(`0/${REPLY_MAX_LENGTH} characters`)).toBeTruthy();
  });

  it("shows the server's refusal under the reply box", async () => {
    const read = { ...ada, unread: 0 };
    fakeApi({
      "GET /api/admin/conversations": () => Response.json(page([read])),
      "GET /api/admin/conversations/17205550142/messages": () => Response.json(thread(read)),
      "POST /api/admin/conversations/17205550142/reply": () => Response.json({ message: "Conversation not found" }, { status: 404 }),
    });
    renderPage(<MessagesPage />, { path: "/messages/17205550142", route: "/messages/:id?" });
    const form = within(await screen.findByRole("form", { name: "Reply" }));
    fireEvent.change(form.getByRole("textbox"), { target: { value: "Hello" } });
    fireEvent.click(form.getByRole("button", { name: "Send" }));
    expect(await form.findByText("Conversation not found")).toBeTruthy();
  });

  it("a number that replied STOP: the thread says replies will not be sent, and there is no reply box", async () => {
    const stopped = { ...stranger, optedOut: true };
    fakeApi({
      "GET /api/admin/conversations": () => Response.json(page([stopped])),
      "GET /api/admin/conversations/13035550199/messages": () => Response.json(thread(stopped, { openOrders: [] })),
    });
    renderPage(<MessagesPage />, { path: "/messages/13035550199", route: "/messages/:id?" });
    expect(await screen.findByText(OPTED_OUT_NOTICE)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Reply" })).toBeNull();
    expect(screen.getByText("No customer has verified this number.")).toBeTruthy();
    expect(screen.getByText("No open orders.")).toBeTruthy();
  });

  it("on a phone, the list and the thread are two views, the thread with its way back", async () => {
    phoneScreen();
    fakeApi({
      "GET /api/admin/conversations": () => Response.json(page([ada])),
      "GET /api/admin/conversations/17205550142/messages": () => Response.json(thread({ ...ada, unread: 0 })),
    });
    const { getByTestId } = renderPage(<MessagesPage />, { path: "/messages", route: "/messages/:id?" });
    const row = await screen.findByRole("link", { name: /Ada Lovelace/ });
    fireEvent.click(row);
    await screen.findByRole("region", { name: "Messages with Ada Lovelace" });
    expect(screen.queryByRole("list", { name: "Conversations" })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "All conversations" }));
    await waitFor(() => expect(getByTestId("location").textContent).toBe("/messages"));
    expect(await screen.findByRole("list", { name: "Conversations" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: /Messages with/ })).toBeNull();
  });
});
