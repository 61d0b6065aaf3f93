/**
 * Communications (docs/api-admin.md) through the route table against DynamoDB
 * Local: the test text, the broadcast (who it skips and why, its Idempotency-Key, its audit entry), the log with
 * its filters and cursor, and the broadcast users. Who may call is also the authorization matrix's job.
 */
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { CloudWatchLogsEvent, SNSEvent } from "aws-lambda";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureTable } from "../../infra/local/dynamo";
import { deliveryReportPost, inboundTextPost, type SignedPost } from "../../infra/local/sms-reply";
import { invokeWebhook } from "../../infra/local/webhooks";
import * as SnsSms from "../../packages/functions/src/webhooks/sns-sms";
import { Audit } from "../../packages/core/src/audit";
import { Customers } from "../../packages/core/src/customers";
import { db } from "../../packages/core/src/db";
import { useSmsProvider } from "../../packages/core/src/sms";
import { SMS_HELP_REPLY } from "../../packages/core/src/texts";
import { PROMOTIONS_CONSENT_TEXT } from "../../packages/core/src/shared/sms-consent";
import {
  BULK_SMS_NO_MESSAGE,
  BULK_SMS_NO_RECIPIENTS,
  BULK_SMS_TOO_MANY,
  BULK_SMS_MAX_RECIPIENTS,
  COMMUNICATIONS_READ_BUDGET,
  INVALID_E164,
  TEST_SMS_REQUIRED,
  type BroadcastUserView,
  type BulkSmsAnswer,
  type CommunicationView,
} from "../../packages/core/src/shared/communications";
import { staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

let admin: string;
let employee: string;
const sharedTable = process.env.TABLE_NAME!;

/** Every text the provider was given in this file. */
const texts: { to: string; body: string; id: string }[] = [];
let refuse: string | null = null;

beforeAll(async () => {
  // A table of its own: the log is the whole shop's, newest first, and other files text at the same time.
  const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
  const table = `regrip-comms-${randomUUID().slice(0, 8)}`;
  await ensureTable(port, table);
  process.env.TABLE_NAME = table;
  ({ admin, employee } = await staffTokens());
});

beforeAll(() => {
  useSmsProvider({
    name: "outbox",
    send: async (to, body) => {
      if (refuse) throw new Error(refuse);
      const id = `SM${randomUUID().replace(/-/g, "")}`;
      texts.push({ to, body, id });
      return id;
    },
  });
});

afterEach(() => {
  refuse = null;
});

afterAll(() => {
  useSmsProvider(undefined);
  process.env.TABLE_NAME = sharedTable;
});

/** A number no other test uses: +1 720 and 7 random digits. */
const freshPhone = () => `+1720${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

/**
 * A customer with a phone. By default one who opted in to promotional texts on their own account, with the consent
 * on record (as PUT /api/auth/user records it); `smsPromotions: false` leaves them as made (opted out).
 */
async function customer(fields: { phone?: string | null; smsPromotions?: boolean; firstName?: string; lastName?: string } = {}) {
  const tag = randomUUID().slice(0, 6);
  const made = await Customers.insert({
    firstName: fields.firstName ?? "Bree",
    lastName: fields.lastName ?? `Caster${tag}`,
    email: `bree-${tag}@regrip.test`,
    phone: fields.phone === undefined ? freshPhone() : fields.phone,
  });
  if (fields.smsPromotions !== false) await optIn(made.id);
  return made;
}

/** The customer's own opt-in, as their profile records it: an account, the switch on, the words, time and address. */
const optIn = (userId: string) =>
  db()
    .entities.user.patch({ userId })
    .set({ smsPromotions: true, smsConsentText: PROMOTIONS_CONSENT_TEXT, smsConsentedAt: new Date().toISOString(), smsConsentIp: "198.51.100.4" })
    .remove(["hasAccount"])
    .go();

const testSms = (body: unknown, token = admin, headers?: Record<string, string>) => call("POST", "/api/admin/test-sms", { token, body, headers });
const bulkSms = (body: unknown, headers?: Record<string, string>, token = admin) =>
  call<BulkSmsAnswer>("POST", "/api/admin/bulk-sms", { token, body, headers });
const log = (query = "", token = admin) => call<{ items: CommunicationView[]; cursor: string | null }>("GET", `/api/admin/communications${query}`, { token });

describe("POST /api/admin/test-sms", () => {
  it("refuses missing fields and a number not in E.164, word for word, sending nothing", async () => {
    const before = texts.length;
    for (const body of [{}, { phone: "+13035550100" }, { message: "hi" }, { phone: " ", message: "hi" }, { phone: "+13035550100", message: "   " }]) {
      const answer = await testSms(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ message: TEST_SMS_REQUIRED });
    }
    for (const phone of ["3035550100", "+1303555", "+0303555010012", "+1 303 555 0100", "+1234567890123456"]) {
      const answer = await testSms({ phone, message: "hi" });
      expect(answer.status, phone).toBe(400);
      expect(answer.body).toEqual({ message: INVALID_E164 });
    }
    expect(texts.length).toBe(before);
  });

  it("texts the number, answers `to`, logs it as test and audits who sent it", async () => {
    const phone = freshPhone();
    const answer = await testSms({ phone: ` ${phone} `, message: "Hello from the shop" }, admin, { "user-agent": "comms-test/1.0" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ success: true, to: phone, logId: expect.any(String) });
    const text = texts.find((t) => t.to === phone);
    expect(text?.body).toBe("Hello from the shop");
    const page = await log("?type=test");
    expect(page.body.items.find((entry) => entry.id === answer.body.logId)).toMatchObject({
      channel: "sms",
      messageType: "test",
      status: "sent",
      recipient: phone,
      externalId: text!.id,
      template: "test",
    });
    const [entry] = await Audit.forTarget("communication", answer.body.logId);
    expect(entry).toMatchObject({ action: "communication.test_sent", actorId: expect.any(String), userAgent: "comms-test/1.0", ip: "127.0.0.1" });
  });

  it("answers a provider refusal as 502 with its words (never a 500), logged as failed", async () => {
    refuse = "The 'To' number +17205550000 is not a valid phone number.";
    const phone = freshPhone();
    const answer = await testSms({ phone, message: "hi" });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ message: refuse, to: phone });
    const page = await log("?status=failed&type=test");
    expect(page.body.items.find((entry) => entry.id === answer.body.logId)).toMatchObject({ status: "failed", errorMessage: refuse });
  });

  it("refuses a number that replied STOP with 409, sending nothing", async () => {
    const phone = freshPhone();
    await db().entities.smsConversation.create({ phoneNumber: phone, optedOut: true }).go();
    const before = texts.length;
    const answer = await testSms({ phone, message: "hi" });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain("STOP");
    expect(texts.length).toBe(before);
  });
});

describe("POST /api/admin/bulk-sms", () => {
  it("refuses no recipients, a blank message and too many recipients, word for word", async () => {
    const someone = await customer();
    for (const [body, message] of [
      [{ message: "hi" }, BULK_SMS_NO_RECIPIENTS],
      [{ userIds: [], message: "hi" }, BULK_SMS_NO_RECIPIENTS],
      [{ userIds: [someone.id] }, BULK_SMS_NO_MESSAGE],
      [{ userIds: [someone.id], message: "  \n " }, BULK_SMS_NO_MESSAGE],
      [{ userIds: Array.from({ length: BULK_SMS_MAX_RECIPIENTS + 1 }, (_, i) => `user-${i}`), message: "hi" }, BULK_SMS_TOO_MANY],
    ] as const) {
      const answer = await bulkSms(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toEqual({ message });
    }
  });

  it("texts each chosen customer once, skipping those without recorded promotional consent, STOP, no phone, unknown and shared numbers, and says why", async () => {
    const shared = freshPhone();
    const [ok, alsoOk, promotionsOff, stopped, noPhone, sameNumber, switchedOnWithoutRecord] = await Promise.all([
      customer({ phone: shared }),
      customer(),
      customer({ smsPromotions: false }),
      customer(),
      customer({ phone: null }),
      customer({ phone: shared }),
      customer({ smsPromotions: false }),
    ]);
    // The old app's default: the switch on, but no consent on record (words, time, address): skipped.
    await db().entities.user.patch({ userId: switchedOnWithoutRecord.id }).set({ smsPromotions: true }).remove(["hasAccount"]).go();
    await db().entities.smsConversation.create({ phoneNumber: stopped.phone!, optedOut: true }).go();
    const before = texts.length;
    const key = randomUUID();
    const userIds = [ok.id, alsoOk.id, promotionsOff.id, stopped.id, noPhone.id, sameNumber.id, "no-such-customer", ok.id, switchedOnWithoutRecord.id];
    const answer = await bulkSms({ userIds, message: "  Spring special: 20% off regrips!  " }, { "idempotency-key": key, "user-agent": "bulk-test" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.replayed).toBe(false);
    expect(answer.body.results).toEqual({
      sent: 2,
      failed: 0,
      skipped: 6,
      skippedBecause: { noConsent: 2, optedOut: 1, noPhone: 1, notFound: 1, duplicatePhone: 1 },
      failures: [],
    });
    const sentNow = texts.slice(before);
    expect(sentNow.map((t) => t.to).sort()).toEqual([shared, alsoOk.phone].sort());
    // Every promotional text ends with how to opt out.
    expect(sentNow.every((t) => t.body === "Spring special: 20% off regrips! Reply STOP to opt out")).toBe(true);

    // A repeat of the key (a double click, a retry) answers the same and texts nobody.
    const again = await bulkSms({ userIds, message: "Spring special: 20% off regrips!" }, { "idempotency-key": key });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, broadcastId: answer.body.broadcastId, results: answer.body.results });
    expect(texts.length).toBe(before + 2);

    const broadcasts = (await log("?type=broadcast&limit=100")).body.items.filter((entry) => sentNow.some((t) => t.id === entry.externalId));
    expect(broadcasts).toHaveLength(2);
    expect(broadcasts.map((entry) => entry.userId).sort()).toEqual([ok.id, alsoOk.id].sort());
    const [audit] = await Audit.forTarget("communication", answer.body.broadcastId);
    expect(audit).toMatchObject({
      action: "communication.broadcast_sent",
      userAgent: "bulk-test",
      diff: expect.objectContaining({ sent: 2, skipped: 6, chosen: 8 }),
    });
  });

  it("counts a provider refusal as failed with its words, and the rest still go", async () => {
    const [a] = await Promise.all([customer()]);
    refuse = "Twilio refused the text: unreachable (Twilio error 30003)";
    const answer = await bulkSms({ userIds: [a.id], message: "hello" });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toMatchObject({ sent: 0, failed: 1, failures: [{ userId: a.id, error: refuse }] });
  });
});

describe("GET /api/admin/communications", () => {
  it("lists newest first with channel, type and status filters, and refuses a bad filter or cursor", async () => {
    const phone = freshPhone();
    await testSms({ phone, message: "first" });
    await testSms({ phone, message: "second" });
    const page = await log("?limit=2");
    expect(page.status).toBe(200);
    expect(page.body.items.map((e) => e.message)).toEqual(["second", "first"]);
    expect(page.body.cursor).toEqual(expect.any(String));
    const next = await log(`?limit=2&cursor=${encodeURIComponent(page.body.cursor!)}`);
    expect(next.body.items.map((e) => e.id)).not.toContain(page.body.items[0].id);
    for (const entry of (await log("?channel=sms&type=test&status=sent")).body.items) {
      expect(entry).toMatchObject({ channel: "sms", messageType: "test", status: "sent" });
    }
    expect((await log("?channel=email")).body.items).toEqual([]);
    expect((await log("?type=nope")).body).toEqual({ message: expect.stringContaining("type must be one of") });
    expect((await log("?status=lost")).status).toBe(400);
    expect((await log("?cursor=abc")).body).toEqual({ message: "Invalid cursor" });
    expect((await log("?limit=0")).body).toEqual({ message: "limit must be a whole number from 1 to 100" });
  });

  it("reads at most its budget for a filter that matches little, answering a short page and a cursor that goes on", async () => {
    const month = new Date().toISOString().slice(0, 7);
    // Entries older than anything above, so the filter must walk past them.
    const base = Date.parse(`${month}-01T00:00:00.000Z`) + 1000;
    const writes = Array.from({ length: COMMUNICATIONS_READ_BUDGET + 20 }, (_, i) => ({
      channel: "sms" as const,
      recipient: "+13035550199",
      messageType: "general" as const,
      message: `filler ${i}`,
      status: "delivered" as const,
      sentAt: new Date(base + i).toISOString(),
    }));
    await db().entities.communication.put(writes).go();
    await db().entities.communication.create({ channel: "email", recipient: "old@regrip.test", messageType: "general", message: "the oldest", sentAt: new Date(base - 500).toISOString() }).go();
    const first = await log("?channel=email");
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([]);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await log(`?channel=email&cursor=${encodeURIComponent(first.body.cursor!)}`);
    expect(second.body.items.map((e) => e.message)).toEqual(["the oldest"]);
  });

  it("is admin only", async () => {
    const someone = await newCustomer();
    expect((await log("", employee)).status).toBe(403);
    expect((await log("", someone.token)).status).toBe(403);
    expect((await call("GET", "/api/admin/communications")).status).toBe(401);
  });
});

describe("GET /api/admin/users", () => {
  it("finds customers with a phone by name, phone and email, with their SMS preference and STOP", async () => {
    const tag = randomUUID().replace(/\d|-/g, "").slice(0, 6);
    const withPhone = await customer({ firstName: "Quill", lastName: `Zed${tag}` });
    const off = await customer({ firstName: "Quill", lastName: `Zed${tag}b`, smsPromotions: false });
    await customer({ firstName: "Quill", lastName: `Zed${tag}c`, phone: null });
    await db().entities.smsConversation.create({ phoneNumber: off.phone!, optedOut: true }).go();
    const found = await call<{ items: BroadcastUserView[]; cursor: null }>("GET", `/api/admin/users?q=zed${tag}`, { token: admin });
    expect(found.status).toBe(200);
    expect(found.body.items.map((u) => u.id).sort()).toEqual([withPhone.id, off.id].sort());
    expect(found.body.items.find((u) => u.id === off.id)).toMatchObject({ smsPromotions: false, optedOut: true, phone: off.phone });
    expect(found.body.items.find((u) => u.id === withPhone.id)).toMatchObject({ smsPromotions: true, optedOut: false });
    const byPhone = await call<{ items: BroadcastUserView[] }>("GET", `/api/admin/users?q=${encodeURIComponent(withPhone.phone!.slice(2))}`, { token: admin });
    expect(byPhone.body.items.map((u) => u.id)).toContain(withPhone.id);
    const byEmail = await call<{ items: BroadcastUserView[] }>("GET", `/api/admin/users?q=${encodeURIComponent(withPhone.email!)}`, { token: admin });
    expect(byEmail.body.items.map((u) => u.id)).toEqual([withPhone.id]);
  });

  it("without a search, pages through the customers with a phone, newest first", async () => {
    const newest = await customer();
    const first = await call<{ items: BroadcastUserView[]; cursor: string | null }>("GET", "/api/admin/users?limit=2", { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items[0].id).toBe(newest.id);
    expect(first.body.items.every((u) => u.phone)).toBe(true);
    const second = await call<{ items: BroadcastUserView[] }>("GET", `/api/admin/users?limit=2&cursor=${encodeURIComponent(first.body.cursor!)}`, { token: admin });
    expect(second.body.items.map((u) => u.id)).not.toContain(newest.id);
  });
});

describe("the SMS webhook (POST /webhooks/sms)", () => {
  const url = "http://shop.test/webhooks/sms";
  const token = () => process.env.TWILIO_AUTH_TOKEN!;

  async function post(signed: SignedPost, headers: Record<string, string> = {}) {
    const result = await invokeWebhook({
      method: "POST",
      url: "/webhooks/sms",
      headers: { host: "shop.test", ...signed.headers, ...headers },
      body: Buffer.from(signed.body),
    });
    return result!;
  }
  const reply = (from: string, text: string) => post(inboundTextPost(url, token(), from, text));
  const conversation = async (phone: string) => (await db().entities.smsConversation.get({ phoneNumber: phone }).go({ consistent: true })).data;
  const messages = async (phone: string) =>
    (await db().entities.smsMessage.query.byConversation({ conversationId: phone }).go({ pages: "all" })).data;

  it("refuses a wrong or missing signature with 403 and stores nothing", async () => {
    const phone = freshPhone();
    const signed = inboundTextPost(url, token(), phone, "STOP");
    expect((await post(signed, { "x-twilio-signature": "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" })).statusCode).toBe(403);
    expect((await post({ ...signed, headers: { "content-type": signed.headers["content-type"] } })).statusCode).toBe(403);
    // Signed for another address, or with another token.
    expect((await post(inboundTextPost("http://elsewhere.test/webhooks/sms", token(), phone, "STOP"))).statusCode).toBe(403);
    expect((await post(inboundTextPost(url, "not-the-token", phone, "STOP"))).statusCode).toBe(403);
    // The body changed after signing.
    expect((await post({ ...signed, body: signed.body.replace("STOP", "HELP") })).statusCode).toBe(403);
    expect(await conversation(phone)).toBeNull();
    expect(await messages(phone)).toEqual([]);
  });

  it("keeps every inbound text in its conversation, once per MessageSid", async () => {
    const phone = freshPhone();
    const signed = inboundTextPost(url, token(), phone, "Is my paddle ready?");
    const first = await post(signed);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toContain("xml");
    expect((await post(signed)).statusCode).toBe(200);
    const stored = await messages(phone);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ direction: "inbound", fromNumber: phone, messageBody: "Is my paddle ready?", status: "received" });
    expect(await conversation(phone)).toMatchObject({ optedOut: false, conversationState: "active" });
  });

  it("a broadcast skips a customer who replied STOP (and one with promotions off); START lets texts through again", async () => {
    const [stays, replies, promotionsOff] = await Promise.all([customer(), customer(), customer({ smsPromotions: false })]);
    expect((await reply(replies.phone!, " stop ")).statusCode).toBe(200);
    expect(await conversation(replies.phone!)).toMatchObject({ optedOut: true, optedOutAt: expect.any(String) });
    // Another text after STOP does not opt them back in.
    await reply(replies.phone!, "thanks");
    expect((await conversation(replies.phone!))?.optedOut).toBe(true);

    const before = texts.length;
    const answer = await bulkSms({ userIds: [stays.id, replies.id, promotionsOff.id], message: "Free edge guards this week" });
    expect(answer.body.results).toMatchObject({ sent: 1, failed: 0, skipped: 2, skippedBecause: { optedOut: 1, noConsent: 1 } });
    expect(texts.slice(before).map((t) => t.to)).toEqual([stays.phone]);
    const direct = await testSms({ phone: replies.phone, message: "hi" });
    expect(direct.status).toBe(409);

    expect((await reply(replies.phone!, "START")).statusCode).toBe(200);
    expect((await conversation(replies.phone!))?.optedOut).toBe(false);
    const again = await bulkSms({ userIds: [replies.id], message: "Welcome back" });
    expect(again.body.results).toMatchObject({ sent: 1, skipped: 0 });
    expect(texts.at(-1)).toMatchObject({ to: replies.phone, body: "Welcome back. Reply STOP to opt out" });
  });

  it("answers HELP with the shop's help text, logged and kept in the conversation", async () => {
    const phone = freshPhone();
    const before = texts.length;
    expect((await reply(phone, "help")).statusCode).toBe(200);
    expect(texts.slice(before)).toEqual([expect.objectContaining({ to: phone, body: SMS_HELP_REPLY })]);
    const stored = await messages(phone);
    expect(stored.map((m) => m.direction).sort()).toEqual(["inbound", "outbound"]);
    expect(stored.find((m) => m.direction === "outbound")).toMatchObject({ messageBody: SMS_HELP_REPLY, toNumber: phone });
    expect((await conversation(phone))?.optedOut).toBe(false);
  });

  it("answers HELP from a number that replied STOP too, and it stays opted out of everything else", async () => {
    const phone = freshPhone();
    expect((await reply(phone, "STOP")).statusCode).toBe(200);
    const before = texts.length;
    expect((await reply(phone, "HELP")).statusCode).toBe(200);
    expect(texts.slice(before)).toEqual([expect.objectContaining({ to: phone, body: SMS_HELP_REPLY })]);
    expect((await conversation(phone))?.optedOut).toBe(true);
    const test = await call("POST", "/api/admin/test-sms", { token: admin, body: { phone, message: "Still there?" } });
    expect(test.status).toBe(409);
    expect(texts.length).toBe(before + 1);
  });

  it("lands delivery reports on the log entry by the provider's id, a final status staying final", async () => {
    const phone = freshPhone();
    const sent = await testSms({ phone, message: "report me" });
    const externalId = sent.body.externalId as string;
    const entry = async () => (await log("?type=test&limit=100")).body.items.find((e) => e.id === sent.body.logId);
    expect((await post(deliveryReportPost(url, token(), externalId, "sent"))).statusCode).toBe(200);
    expect((await entry())?.status).toBe("sent");
    expect((await post(deliveryReportPost(url, token(), externalId, "delivered"))).statusCode).toBe(200);
    expect((await post(deliveryReportPost(url, token(), externalId, "delivered"))).statusCode).toBe(200);
    expect((await entry())?.status).toBe("delivered");
    // A late or wrong report does not take it back.
    await post(deliveryReportPost(url, token(), externalId, "undelivered", "30003"));
    expect((await entry())?.status).toBe("delivered");

    const other = await testSms({ phone: freshPhone(), message: "this one fails" });
    await post(deliveryReportPost(url, token(), other.body.externalId, "undelivered", "30003"));
    const failed = (await log("?status=failed&limit=100")).body.items.find((e) => e.id === other.body.logId);
    expect(failed).toMatchObject({ status: "failed", errorMessage: expect.stringContaining("30003") });
    // A report for a text the shop does not know changes nothing and is not an error.
    expect((await post(deliveryReportPost(url, token(), "SMunknown0000", "delivered"))).statusCode).toBe(200);
  });
});

describe("texts in and delivery reports through Amazon SNS (webhooks/sns-sms.ts)", () => {
  const shopNumber = "+13035550199";
  /** The event Lambda gets from the SmsInbound topic: End User Messaging's two-way SMS JSON as the SNS message. */
  const snsEvent = (messages: unknown[]): SNSEvent =>
    ({
      Records: messages.map((message) => ({
        EventSource: "aws:sns",
        EventVersion: "1.0",
        EventSubscriptionArn: "arn:aws:sns:us-east-1:123456789012:SmsInbound:sub",
        Sns: {
          Type: "Notification",
          MessageId: randomUUID(),
          TopicArn: "arn:aws:sns:us-east-1:123456789012:SmsInbound",
          Message: typeof message === "string" ? message : JSON.stringify(message),
          Timestamp: new Date().toISOString(),
        },
      })),
    }) as unknown as SNSEvent;
  const textFrom = (from: string, body: string, inboundMessageId: string = randomUUID()) => ({
    originationNumber: from,
    destinationNumber: shopNumber,
    messageKeyword: "KEYWORD_123456789012",
    messageBody: body,
    inboundMessageId,
    previousPublishedMessageId: randomUUID(),
  });
  /** The event Lambda gets from a CloudWatch Logs subscription: the batch gzipped and base64-encoded. */
  const logsEvent = (lines: unknown[], messageType = "DATA_MESSAGE"): CloudWatchLogsEvent => ({
    awslogs: {
      data: gzipSync(
        JSON.stringify({
          messageType,
          owner: "123456789012",
          logGroup: "sns/us-east-1/123456789012/DirectPublishToPhoneNumber",
          logStream: randomUUID(),
          subscriptionFilters: ["SmsDeliveryStatus"],
          logEvents: lines.map((line) => ({ id: randomUUID(), timestamp: Date.now(), message: typeof line === "string" ? line : JSON.stringify(line) })),
        }),
      ).toString("base64"),
    },
  });
  const statusLine = (messageId: string, status: "SUCCESS" | "FAILURE", providerResponse: string) => ({
    notification: { messageId, timestamp: "2026-11-24 07:40:34.558" },
    delivery: { destination: "+13035550100", priceInUSD: 0.00645, smsType: "Transactional", providerResponse, dwellTimeMs: 599 },
    status,
  });
  const conversation = async (phone: string) => (await db().entities.smsConversation.get({ phoneNumber: phone }).go({ consistent: true })).data;
  const messages = async (phone: string) =>
    (await db().entities.smsMessage.query.byConversation({ conversationId: phone }).go({ pages: "all" })).data;

  it("keeps an inbound text once per inboundMessageId, honours STOP before the next send and START after it", async () => {
    const who = await customer();
    const phone = who.phone!;
    const stop = textFrom(phone, "Stop");
    await SnsSms.inbound(snsEvent([stop]));
    // The topic delivers at least once: the same text again stores nothing more.
    await SnsSms.inbound(snsEvent([stop]));
    expect(await conversation(phone)).toMatchObject({ optedOut: true, optedOutAt: expect.any(String) });
    const stored = await messages(phone);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ direction: "inbound", fromNumber: phone, toNumber: shopNumber, messageBody: "Stop", externalId: stop.inboundMessageId });

    const before = texts.length;
    const answer = await bulkSms({ userIds: [who.id], message: "Edge guards half off" });
    expect(answer.body.results).toMatchObject({ sent: 0, skipped: 1, skippedBecause: { optedOut: 1 } });
    expect(texts.length).toBe(before);

    await SnsSms.inbound(snsEvent([textFrom(phone, "START")]));
    expect((await conversation(phone))?.optedOut).toBe(false);
    expect((await bulkSms({ userIds: [who.id], message: "Welcome back" })).body.results).toMatchObject({ sent: 1 });
  });

  it("answers HELP through the provider, and drops a record that is not a text without failing the batch", async () => {
    const phone = freshPhone();
    const before = texts.length;
    await SnsSms.inbound(snsEvent(["not json", { inboundMessageId: "", originationNumber: phone }, { ...textFrom("720-555", "hi") }, textFrom(phone, "HELP")]));
    expect(texts.slice(before)).toEqual([expect.objectContaining({ to: phone, body: SMS_HELP_REPLY })]);
    expect((await messages(phone)).map((m) => m.direction).sort()).toEqual(["inbound", "outbound"]);
    expect(await conversation("720-555")).toBeNull();
  });

  it("lands SNS's delivery status logs on the log entry SNS's message id names, a final status staying final", async () => {
    const delivered = await testSms({ phone: freshPhone(), message: "sns delivered" });
    const failed = await testSms({ phone: freshPhone(), message: "sns failed" });
    const entry = async (id: string) => (await log("?type=test&limit=100")).body.items.find((e) => e.id === id);

    // The subscription's first call is a control message: nothing to store.
    await SnsSms.deliveryStatus(logsEvent([], "CONTROL_MESSAGE"));
    await SnsSms.deliveryStatus(
      logsEvent([
        statusLine(delivered.body.externalId, "SUCCESS", "Message has been accepted by phone carrier"),
        statusLine(failed.body.externalId, "FAILURE", "Unknown error attempting to reach phone"),
        "not json",
        statusLine(randomUUID(), "SUCCESS", "a text this shop never sent"),
      ]),
    );
    expect(await entry(delivered.body.logId)).toMatchObject({ status: "delivered" });
    expect(await entry(failed.body.logId)).toMatchObject({ status: "failed", errorMessage: "SNS reported the text failed: Unknown error attempting to reach phone" });

    // A late failure does not take back a delivery; the same batch again writes the same.
    await SnsSms.deliveryStatus(logsEvent([statusLine(delivered.body.externalId, "FAILURE", "late")]));
    expect(await entry(delivered.body.logId)).toMatchObject({ status: "delivered" });
  });
});
