/**
 * The text inbox (docs/api-staff.md, Text inbox) through the real Twilio webhook path (signed posts) and
 * the route table against DynamoDB Local: an inbound text joins its number's conversation once, linked to the
 * customer who verified the number; unread counts and the badge's counter under repeats and a double mark-read;
 * the automatic answers (STATUS with the sender's own open orders only, HOURS and WHERE, none after STOP); a staff
 * reply through Texts.send to the outbox and the log, with its delivery status; and who may call.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTable } from "../../infra/local/dynamo";
import { deliveryReportPost, inboundTextPost, type SignedPost } from "../../infra/local/sms-reply";
import { invokeWebhook } from "../../infra/local/webhooks";
import { Audit } from "../../packages/core/src/audit";
import { Customers } from "../../packages/core/src/customers";
import { db } from "../../packages/core/src/db";
import { useSmsProvider } from "../../packages/core/src/sms";
import { formatDate } from "../../packages/core/src/shared/calendar";
import { CONVERSATION_NOT_FOUND, REPLY_REQUIRED, REPLY_TOO_LONG, conversationIdOf, type ConversationPage, type ReplyResult, type ThreadPage } from "../../packages/core/src/shared/inbox";
import { SHOP_LOCATIONS } from "../../packages/core/src/shared/locations";
import { SMS_HELP_REPLY, templates } from "../../packages/core/src/texts";
import { addShopContactsIfMissing } from "../../infra/starter-catalogue";
import { Users } from "../../packages/core/src/users";
import { bookedOrder, setOrder, staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

let admin: string;
let employee: string;
const sharedTable = process.env.TABLE_NAME!;

/** Every text the provider was given in this file. */
const texts: { to: string; body: string; id: string }[] = [];

beforeAll(async () => {
  // A table of its own: the unread-conversations counter is the whole shop's.
  const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
  const table = `regrip-inbox-${randomUUID().slice(0, 8)}`;
  await ensureTable(port, table);
  process.env.TABLE_NAME = table;
  ({ admin, employee } = await staffTokens());
  useSmsProvider({
    name: "outbox",
    send: async (to, body) => {
      const id = `SM${randomUUID().replace(/-/g, "")}`;
      texts.push({ to, body, id });
      return id;
    },
  });
});

afterAll(() => {
  useSmsProvider(undefined);
  process.env.TABLE_NAME = sharedTable;
});

const url = "http://shop.test/webhooks/sms";
const token = () => process.env.TWILIO_AUTH_TOKEN!;
async function post(signed: SignedPost) {
  const result = await invokeWebhook({ method: "POST", url: "/webhooks/sms", headers: { host: "shop.test", ...signed.headers }, body: Buffer.from(signed.body) });
  expect(result!.statusCode).toBe(200);
  return result!;
}
const text = (from: string, body: string) => post(inboundTextPost(url, token(), from, body));

/** A number no other test uses. */
const freshPhone = () => `+1720${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

const conversations = (query = "", as = employee) => call<ConversationPage>("GET", `/api/admin/conversations${query}`, { token: as });
const thread = (phone: string, query = "", as = employee) =>
  call<ThreadPage>("GET", `/api/admin/conversations/${conversationIdOf(phone)}/messages${query}`, { token: as });
const reply = (phone: string, message: unknown, as = employee) =>
  call<ReplyResult>("POST", `/api/admin/conversations/${conversationIdOf(phone)}/reply`, { token: as, body: { message } });
const markRead = (phone: string, as = employee) => call("POST", `/api/admin/conversations/${conversationIdOf(phone)}/read`, { token: as });
const badge = async () => (await conversations()).body.unreadConversations;
const conversationOf = async (phone: string) => (await db().entities.smsConversation.get({ phoneNumber: phone }).go({ consistent: true })).data;

/**
 * A customer with a verified phone and one open order (bag 901, Littleton), their phone in the customer search's
 * index items as the phone verification's write leaves it (Users.writeProfile).
 */
async function customerWithOrder() {
  const { customer, orderId } = await bookedOrder();
  const { data: user } = await db().entities.user.get({ userId: customer.userId }).go({ consistent: true });
  await Users.writeProfile(user!, { set: {}, remove: [] });
  return { userId: customer.userId, phone: user!.phone!, orderId };
}

describe("inbound texts in the inbox", () => {
  it("keep a text once in its number's conversation, linked to the customer who verified it, repeats included", async () => {
    const { userId, phone, orderId } = await customerWithOrder();
    const before = await badge();
    const signed = inboundTextPost(url, token(), phone, "Is my paddle ready yet?");
    await post(signed);
    await post(signed);
    await post(signed);
    const stored = await conversationOf(phone);
    expect(stored).toMatchObject({ userId, unread: 1, needsReply: true, inbox: "unread", lastMessagePreview: "Is my paddle ready yet?" });
    expect(await badge()).toBe(before + 1);

    const page = await thread(phone);
    expect(page.status).toBe(200);
    expect(page.body.items).toEqual([expect.objectContaining({ direction: "inbound", body: "Is my paddle ready yet?", status: "received" })]);
    expect(page.body.conversation).toMatchObject({ id: conversationIdOf(phone), phoneNumber: phone, unread: 1, needsReply: true, optedOut: false });
    expect(page.body.conversation.customer).toMatchObject({ userId, firstName: "Pat", lastName: "Player", phone });
    // The open order by its number, its bag beside it.
    const { data: order } = await db().entities.serviceOrder.get({ id: orderId }).go({ consistent: true });
    expect(page.body.openOrders).toEqual([expect.objectContaining({ bagNumber: "901", reference: `R-${order!.number}`, stageLabel: "Waiting Payment" })]);

    // A second text: two unread, the badge counts the conversation once; no automatic answer went.
    const sent = texts.length;
    await text(phone, "Hello?");
    expect((await conversationOf(phone))?.unread).toBe(2);
    expect(await badge()).toBe(before + 1);
    expect(texts.length).toBe(sent);
    const listed = (await conversations()).body.items.find((item) => item.phoneNumber === phone);
    expect(listed).toMatchObject({ unread: 2, needsReply: true, lastMessagePreview: "Hello?", customer: { userId } });
  });

  it("leaves a number nobody verified unknown (an unverified customer's number too)", async () => {
    const unverified = await Customers.insert({ firstName: "Una", lastName: `Verified${randomUUID().slice(0, 4)}`, email: null, phone: freshPhone() });
    await text(unverified.phone!, "hi there");
    expect((await conversationOf(unverified.phone!))?.userId).toBeUndefined();
    expect((await thread(unverified.phone!)).body).toMatchObject({ conversation: { customer: null }, openOrders: [] });
  });

  it("counts concurrent texts of one number each once, and the badge once", async () => {
    const phone = freshPhone();
    const before = await badge();
    await Promise.all(Array.from({ length: 5 }, (_, i) => text(phone, `message ${i}`)));
    expect((await conversationOf(phone))?.unread).toBe(5);
    expect((await db().entities.smsMessage.query.byConversation({ conversationId: phone }).go({ pages: "all" })).data).toHaveLength(5);
    expect(await badge()).toBe(before + 1);
  });
});

describe("marking a conversation read", () => {
  it("takes unread to 0 and the badge down once, even twice at once, audited once", async () => {
    const phone = freshPhone();
    await text(phone, "one");
    await text(phone, "two");
    const before = await badge();
    const unreadList = await conversations("?unread=1");
    expect(unreadList.body.items.map((item) => item.phoneNumber)).toContain(phone);
    const [first, second] = await Promise.all([markRead(phone), markRead(phone)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body).toMatchObject({ phoneNumber: phone, unread: 0 });
    expect(await badge()).toBe(before - 1);
    expect((await markRead(phone)).status).toBe(200);
    expect(await badge()).toBe(before - 1);
    expect(await conversationOf(phone)).toMatchObject({ unread: 0, inbox: "read" });
    expect((await conversations("?unread=1")).body.items.map((item) => item.phoneNumber)).not.toContain(phone);
    expect((await conversations()).body.items.map((item) => item.phoneNumber)).toContain(phone);
    const audit = await Audit.forTarget("communication", conversationIdOf(phone));
    expect(audit.filter((entry) => entry.action === "conversation.read")).toHaveLength(1);
    // A new text makes it unread again: the badge goes back up.
    await text(phone, "three");
    expect(await badge()).toBe(before);
  });
});

describe("automatic answers", () => {
  it("answers STATUS (any case, words around it) with the sender's own open orders and nothing of another's", async () => {
    const mine = await customerWithOrder();
    const other = await customerWithOrder();
    await db().entities.serviceOrder.patch({ id: mine.orderId }).set({ status: "IN_SERVICE", pickupDate: "2026-12-02" }).go();
    await setOrder(other.orderId, { status: "READY" });
    // A picked-up order of mine is not open.
    const closed = await bookedOrder();
    await db().entities.serviceOrder.patch({ id: closed.orderId }).set({ userId: mine.userId, status: "PICKED_UP" }).go();

    // Each order by its number, its bag beside it.
    const { data: myOrder } = await db().entities.serviceOrder.get({ id: mine.orderId }).go({ consistent: true });
    for (const words of ["status?", "what's my STATUS", "Status"]) {
      const sent = texts.length;
      await text(mine.phone, words);
      const answer = texts.slice(sent);
      expect(answer).toEqual([
        { to: mine.phone, body: `Regrip: your open orders:\nOrder R-${myOrder!.number} · Bag 901: In Service, pickup ${formatDate("2026-12-02")}`, id: expect.any(String) },
      ]);
      expect(answer[0]!.body).not.toContain("Ready");
    }
    const page = await thread(mine.phone);
    const answers = page.body.items.filter((item) => item.direction === "outbound");
    expect(answers).toHaveLength(3);
    expect(answers[0]).toMatchObject({ automaticResponse: "status", status: "sent" });
    expect(page.body.conversation.needsReply).toBe(false);
    // Logged as the statusReply template.
    const log = await db().entities.communication.query.byExternalId({ externalId: texts.at(-1)!.id }).go();
    expect(log.data[0]).toMatchObject({ template: "statusReply", recipient: mine.phone, status: "sent" });
  });

  it("tells an unknown number that no orders are found for it", async () => {
    const phone = freshPhone();
    const sent = texts.length;
    await text(phone, "STATUS");
    expect(texts.slice(sent)).toEqual([{ to: phone, body: templates.statusReply.words({ orders: null }), id: expect.any(String) }]);
    expect(texts.at(-1)!.body).toContain("couldn't find any orders for this number");
  });

  it("answers HOURS and WHERE with each shop's address, hours and phone (the Shop details settings)", async () => {
    // This file's table is its own, unseeded: the shops' starter contacts as the seed puts them in.
    await addShopContactsIfMissing();
    const phone = freshPhone();
    const sent = texts.length;
    await text(phone, "hours");
    await text(phone, "Where are you?");
    const bodies = texts.slice(sent).map((t) => t.body);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      for (const shop of SHOP_LOCATIONS) expect(body).toContain(`${shop.label}, ${shop.address.join(", ")}`);
      expect(body).toContain("Monday to Friday: 10 am to 7 pm");
      // The seed's starter phones.
      expect(body).toContain("Call (303) 555-0100.");
      expect(body).toContain("Call (303) 555-0187.");
    }
    const answers = (await thread(phone)).body.items.filter((item) => item.direction === "outbound");
    expect(answers.map((a) => a.automaticResponse)).toEqual(["hours", "hours"]);
  });

  it("answers nothing but HELP to a number that replied STOP", async () => {
    const { phone } = await customerWithOrder();
    await text(phone, "STOP");
    const sent = texts.length;
    await text(phone, "status?");
    await text(phone, "HOURS");
    await text(phone, "why did you stop?");
    expect(texts.length).toBe(sent);
    await text(phone, "HELP");
    expect(texts.slice(sent)).toEqual([expect.objectContaining({ to: phone, body: SMS_HELP_REPLY })]);
    const page = await thread(phone);
    expect(page.body.conversation).toMatchObject({ optedOut: true, unread: 5 });
    expect(page.body.items.filter((item) => item.direction === "outbound")).toEqual([expect.objectContaining({ automaticResponse: "help" })]);
  });
});

describe("POST /api/admin/conversations/{id}/reply", () => {
  it("sends the reply through Texts.send to the outbox and the log, keeps it in the thread with who wrote it, and clears needsReply", async () => {
    const { phone, userId } = await customerWithOrder();
    await text(phone, "Can you add a build-up?");
    expect((await conversationOf(phone))?.needsReply).toBe(true);
    const sent = texts.length;
    const answer = await reply(phone, "  Sure, we'll add it.  ");
    expect(answer.status).toBe(200);
    // Named by their profile's first name (the browser journey sees the seeded employee's), else, as in this file's
    // own table where the seeded employee has no profile, by their username.
    expect(answer.body.message).toMatchObject({ direction: "outbound", body: "Sure, we'll add it.", status: "sent", sentBy: "employee" });
    expect(texts.slice(sent)).toEqual([{ to: phone, body: "Sure, we'll add it.", id: expect.any(String) }]);
    const externalId = texts.at(-1)!.id;
    const log = (await db().entities.communication.query.byExternalId({ externalId }).go()).data[0];
    expect(log).toMatchObject({ template: "staffReply", recipient: phone, userId, status: "sent", message: "Sure, we'll add it." });
    expect((await conversationOf(phone))?.needsReply).toBe(false);
    const page = await thread(phone);
    expect(page.body.items.at(-1)).toEqual(answer.body.message);
    const audit = await Audit.forTarget("communication", conversationIdOf(phone));
    expect(audit.find((entry) => entry.action === "conversation.replied")).toMatchObject({ diff: expect.objectContaining({ status: "sent", logId: log!.id }) });

    // The delivery report lands on the log entry and on the thread's copy.
    await post(deliveryReportPost(url, token(), externalId, "delivered"));
    expect((await thread(phone)).body.items.at(-1)).toMatchObject({ id: answer.body.message.id, status: "delivered" });
    expect((await db().entities.communication.query.byExternalId({ externalId }).go()).data[0]?.status).toBe("delivered");
  });

  it("sends nothing to a number that replied STOP: failed with the reason, in the thread and the log", async () => {
    const phone = freshPhone();
    await text(phone, "STOP");
    const sent = texts.length;
    const answer = await reply(phone, "Are you sure?");
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatchObject({ status: "failed", error: expect.stringContaining("STOP") });
    expect(texts.length).toBe(sent);
    expect((await thread(phone)).body.items.at(-1)).toMatchObject({ status: "failed", error: expect.stringContaining("STOP") });
  });

  it("refuses an empty or too long reply word for word, and answers 404 for an unknown or invalid conversation", async () => {
    const phone = freshPhone();
    await text(phone, "hello");
    expect(await reply(phone, "   ")).toMatchObject({ status: 400, body: { message: REPLY_REQUIRED } });
    expect(await reply(phone, "x".repeat(1601))).toMatchObject({ status: 400, body: { message: REPLY_TOO_LONG } });
    for (const id of [conversationIdOf(freshPhone()), "not-a-number", "0123"]) {
      const path = `/api/admin/conversations/${id}`;
      expect(await call("POST", `${path}/reply`, { token: employee, body: { message: "hi" } })).toMatchObject({ status: 404, body: { message: CONVERSATION_NOT_FOUND } });
      expect(await call("GET", `${path}/messages`, { token: employee })).toMatchObject({ status: 404, body: { message: CONVERSATION_NOT_FOUND } });
      expect(await call("POST", `${path}/read`, { token: employee })).toMatchObject({ status: 404, body: { message: CONVERSATION_NOT_FOUND } });
    }
  });
});

describe("lists and pages", () => {
  it("pages conversations newest first with a cursor, and a thread's older messages", async () => {
    // More than a page of conversations (25), whatever the tests before made.
    const phones = Array.from({ length: 26 }, freshPhone);
    for (let i = 0; i < phones.length; i += 6) await Promise.all(phones.slice(i, i + 6).map((phone) => text(phone, "paging")));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: ConversationPage; status: number } = await conversations(cursor ? `?cursor=${encodeURIComponent(cursor)}` : "");
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(25);
      seen.push(...page.body.items.map((item) => item.lastMessageAt));
      cursor = page.body.cursor;
      pages++;
    } while (cursor && pages < 20);
    expect([...seen].sort().reverse()).toEqual(seen);
    expect(pages).toBeGreaterThan(1);
    expect((await conversations("?cursor=bm90LWEtY3Vyc29y")).status).toBe(400);
    expect((await conversations("?unread=maybe")).status).toBe(400);

    const phone = freshPhone();
    for (let i = 0; i < 52; i++) await text(phone, `m${String(i).padStart(2, "0")}`);
    const newest = await thread(phone);
    expect(newest.body.items).toHaveLength(50);
    expect(newest.body.items[0]!.body).toBe("m02");
    expect(newest.body.items.at(-1)!.body).toBe("m51");
    const older = await thread(phone, `?cursor=${encodeURIComponent(newest.body.cursor!)}`);
    expect(older.body.items.map((m) => m.body)).toEqual(["m00", "m01"]);
    expect(older.body.cursor).toBeNull();
    // Another conversation's cursor is refused.
    expect((await thread(phones[0]!, `?cursor=${encodeURIComponent(newest.body.cursor!)}`)).status).toBe(400);
  }, 60_000);

  it("finds conversations by a customer's name and by a phone's last 4 digits", async () => {
    const { phone, userId } = await customerWithOrder();
    const lastName = `Inboxer${randomUUID().slice(0, 5)}`;
    const { data: user } = await db().entities.user.get({ userId }).go({ consistent: true });
    await Users.writeProfile(user!, { set: { lastName }, remove: [] });
    await text(phone, "search me");
    const byName = await conversations(`?q=${lastName}`);
    expect(byName.body.items.map((item) => item.phoneNumber)).toEqual([phone]);
    const byDigits = await conversations(`?q=${phone.slice(-4)}`);
    expect(byDigits.body.items.map((item) => item.phoneNumber)).toContain(phone);
    expect((await conversations(`?q=${encodeURIComponent(phone)}`)).body.items.map((item) => item.phoneNumber)).toEqual([phone]);
  });
});

describe("who may use the inbox", () => {
  it("lets employees and admins in; customers get 403, nobody signed in 401", async () => {
    const phone = freshPhone();
    await text(phone, "who reads this?");
    expect((await conversations("", admin)).status).toBe(200);
    expect((await thread(phone, "", admin)).status).toBe(200);
    const customer = await newCustomer();
    expect((await conversations("", customer.token)).status).toBe(403);
    expect((await thread(phone, "", customer.token)).status).toBe(403);
    expect((await reply(phone, "hi", customer.token)).status).toBe(403);
    expect((await markRead(phone, customer.token)).status).toBe(403);
    expect((await call("GET", "/api/admin/conversations")).status).toBe(401);
    expect((await call("POST", `/api/admin/conversations/${conversationIdOf(phone)}/reply`, { body: { message: "hi" } })).status).toBe(401);
  });
});
