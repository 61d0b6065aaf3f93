/**
 * The one way texts leave the shop (packages/core/src/texts): every template through `Texts.send`, logged with its
 * template's name; consent by the template's rule; STOP honoured for every template but the answer to HELP; and
 * the senders (order moves, phone codes, HELP, test and broadcast) going through it. Against DynamoDB Local.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserActor } from "../../packages/core/src/actor";
import { Communications } from "../../packages/core/src/communications";
import { handleSnsInboundText, smsWebhookActor } from "../../packages/core/src/communications/inbound";
import { db } from "../../packages/core/src/db";
import { Notifications } from "../../packages/core/src/notifications";
import type { OrderItem } from "../../packages/core/src/orders/view";
import { PhoneVerification } from "../../packages/core/src/phone-verification";
import { useSmsProvider } from "../../packages/core/src/sms";
import { SHOP_LOCATIONS } from "../../packages/core/src/shared/locations";
import { billOf } from "../../packages/core/src/shared/bill";
import { SMS_HELP_REPLY, templates, Texts, type TemplateName } from "../../packages/core/src/texts";
import { OPT_OUT_LINE, PROMOTIONS_CONSENT_TEXT, withOptOut } from "../../packages/core/src/shared/sms-consent";

/** Texts the provider was given in this test. */
let sent: { to: string; body: string }[] = [];
beforeEach(() => {
  sent = [];
  useSmsProvider({ name: "outbox", send: async (to, body) => (sent.push({ to, body }), `texts-${randomUUID()}`) });
});
afterEach(() => useSmsProvider(undefined));

/** A number of its own (other files share the table and reply STOP from theirs): area 970, 7 random digits. */
const newPhone = () => `+1970${String(randomInt(2_000_000, 10_000_000))}`;

/** A customer; `promotionsConsent` opts them in to promotional texts with the consent on record, as their profile does. */
async function newUser(fields: { phone?: string; stripePhone?: string; smsNotifications?: boolean; smsPromotions?: boolean; promotionsConsent?: boolean } = {}) {
  const userId = `texts-${randomUUID()}`;
  const { promotionsConsent, ...rest } = fields;
  const consent = promotionsConsent
    ? { smsPromotions: true, smsConsentText: PROMOTIONS_CONSENT_TEXT, smsConsentedAt: "2026-01-01T00:00:00.000Z", smsConsentIp: "203.0.113.9" }
    : {};
  const { data } = await db()
    .entities.user.create({ userId, email: `${userId}@regrip.test`, firstName: "Tex", lastName: "Ter", ...consent, ...rest })
    .go();
  return data;
}

const logOf = async (orderId: string) => (await db().entities.communication.query.byOrder({ orderId }).go()).data;
const stop = (phone: string) => db().entities.smsConversation.upsert({ phoneNumber: phone, optedOut: true }).go();
const order = { paddle: { nickname: "Big Blue" }, bagNumber: "042", pickupLocation: "LITTLETON" as const, dropoffLocation: "LITTLETON" as const };
/** The bill of a $45.00 regrip, unpaid and paid. */
const regrip = { lineItems: [{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }], subtotalCents: 4500, discountAmountCents: 0, taxCents: 0, totalCents: 4500, paymentMethod: "STRIPE", refundedAmountCents: 0 };
const unpaidBill = billOf({ ...regrip, paymentStatus: "unpaid" });
const paidBill = billOf({ ...regrip, paymentStatus: "paid" });

describe("every template goes through Texts.send and is logged with its name", () => {
  it("sends each template's words to its recipient and logs template, message type and status", async () => {
    const customer = await newUser({ phone: newPhone(), promotionsConsent: true });
    const phone = newPhone();
    const canceledWords = {
      eventType: "ONSITE_GRIPPING" as const,
      partnerName: "Denver Pickleball Club",
      eventDate: "2026-12-02",
      shopLabel: "Regrip Highlands Ranch",
      pickupDate: "2026-12-03",
    };
    const dropoff = {
      order: { ...order, id: "o-1", number: 1042 },
      when: "Tuesday, December 1 at 10 am",
      place: "Regrip Littleton",
      address: "2500 W Main St, Littleton, CO 80120",
      bring: "Bring your paddle in bag 042.",
      rescheduleUrl: "https://shop.test/orders/o-1?change=dropoff",
      cancelUrl: "https://shop.test/orders/o-1?cancel=1",
    };
    const drawer = { shop: "Regrip Littleton", day: "2026-11-29", difference: "Short $2.00", lines: ["Expected cash: $150.00", "Counted cash: $148.00"] };
    const moved = { order: dropoff.order, when: dropoff.when, place: dropoff.place, address: dropoff.address, pickupDay: "Wednesday, December 2", orderUrl: "https://shop.test/orders/o-1" };
    const cases: { name: TemplateName; send: (orderId: string) => Promise<unknown>; to: string; params: object }[] = [
      ...(["orderCheckedIn", "orderReady", "orderPickedUp"] as const).map((name) => ({
        name,
        params: order,
        to: customer.phone!,
        send: (orderId: string) => Texts.send(name, order, { userId: customer.userId, orderId }),
      })),
      {
        name: "paymentLink",
        params: { order: { id: "o-1", number: 1042, bagNumber: "107" }, bill: unpaidBill, url: "https://pay.test/o-1" },
        to: phone,
        send: (orderId) => Texts.send("paymentLink", { order: { id: "o-1", number: 1042, bagNumber: "107" }, bill: unpaidBill, url: "https://pay.test/o-1" }, { phone, orderId }),
      },
      {
        name: "receipt",
        params: { order: { id: "o-1", number: 1042, bagNumber: "107", bill: paidBill }, url: "https://shop.test/receipt/o-1?t=x" },
        to: customer.phone!,
        send: (orderId) => Texts.send("receipt", { order: { id: "o-1", number: 1042, bagNumber: "107", bill: paidBill }, url: "https://shop.test/receipt/o-1?t=x" }, { userId: customer.userId, orderId }),
      },
      {
        name: "bookingConfirmation",
        params: { ...order, id: "o-1", bill: unpaidBill, pickupDay: "Monday, November 30" },
        to: customer.phone!,
        send: (orderId) => Texts.send("bookingConfirmation", { ...order, id: "o-1", bill: unpaidBill, pickupDay: "Monday, November 30" }, { userId: customer.userId, orderId }),
      },
      {
        name: "orderLinesChanged",
        params: { ...order, id: "o-1", bill: unpaidBill, changes: "added Handle Build-Up" },
        to: customer.phone!,
        send: (orderId) => Texts.send("orderLinesChanged", { ...order, id: "o-1", bill: unpaidBill, changes: "added Handle Build-Up" }, { userId: customer.userId, orderId }),
      },
      {
        name: "refundNotice",
        params: { order: { id: "o-1", number: 1042, bagNumber: "107", bill: paidBill }, refund: { amountCents: 4500, taxCents: 0 } },
        to: customer.phone!,
        send: (orderId) => Texts.send("refundNotice", { order: { id: "o-1", number: 1042, bagNumber: "107", bill: paidBill }, refund: { amountCents: 4500, taxCents: 0 } }, { userId: customer.userId, orderId }),
      },
      { name: "verificationCode", params: { code: "123456" }, to: phone, send: (orderId) => Texts.send("verificationCode", { code: "123456" }, { phone, orderId }) },
      { name: "helpReply", params: {}, to: phone, send: (orderId) => Texts.send("helpReply", {}, { phone, orderId }) },
      { name: "test", params: { message: "Testing" }, to: phone, send: (orderId) => Texts.send("test", { message: "Testing" }, { phone, orderId }) },
      ...(
        [
          ["statusReply", { orders: [{ name: "Bag 042", stageLabel: "In Service", pickupDay: "Monday, November 30" }] }],
          ["hoursReply", { shops: SHOP_LOCATIONS }],
          ["staffReply", { message: "Sure, we can." }],
        ] as const
      ).map(([name, params]) => ({ name, params, to: phone, send: (orderId: string) => Texts.send(name, params as never, { phone, orderId }) })),
      {
        name: "eventCanceled",
        params: canceledWords,
        to: customer.phone!,
        send: (orderId) => Texts.send("eventCanceled", canceledWords, { userId: customer.userId, orderId }),
      },
      {
        name: "broadcast",
        params: { message: "Saturday sale" },
        to: customer.phone!,
        send: (orderId) => Texts.send("broadcast", { message: "Saturday sale" }, { user: customer, orderId }),
      },
      // The reminders job's (reminders/).
      ...(["pickupReminder", "storageNotice", "finalNotice"] as const).map((name) => ({
        name,
        params: order,
        to: customer.phone!,
        send: (orderId: string) => Texts.send(name, order, { userId: customer.userId, orderId }),
      })),
      {
        name: "dropoffReminder",
        params: dropoff,
        to: customer.phone!,
        send: (orderId) => Texts.send("dropoffReminder", dropoff, { userId: customer.userId, orderId }),
      },
      {
        name: "dropoffMoved",
        params: moved,
        to: customer.phone!,
        send: (orderId) => Texts.send("dropoffMoved", moved, { userId: customer.userId, orderId }),
      },
      {
        name: "regripReminder",
        params: { order, url: "https://shop.test/booking?again=o-1" },
        to: customer.phone!,
        send: (orderId) => Texts.send("regripReminder", { order, url: "https://shop.test/booking?again=o-1" }, { userId: customer.userId, orderId }),
      },
      {
        name: "holdReleased",
        params: { order: { ...order, id: "o-1", number: 1042 }, deadline: "10:53 am", bookAgainUrl: "https://shop.test/booking?again=o-1" },
        to: customer.phone!,
        send: (orderId) =>
          Texts.send("holdReleased", { order: { ...order, id: "o-1", number: 1042 }, deadline: "10:53 am", bookAgainUrl: "https://shop.test/booking?again=o-1" }, { userId: customer.userId, orderId }),
      },
      ...(
        [
          ["packReceipt", { packName: "10 regrips", regrips: 10, amountCents: 15000, goodUntil: "Good until Monday, December 28", pointsEarned: 150 }],
          ["membershipReceipt", { planName: "Single plan", amountCents: 2500, period: "Monday, December 28 to Thursday, January 28", card: "Visa ending in 4242" }],
          ["membershipPaymentFailed", { planName: "Single plan", amountCents: 2500, payUrl: "https://invoice.stripe.com/i/x", nextAttempt: "Tuesday, December 1" }],
          ["membershipCanceled", { planName: "Single plan", coveredUntil: "Monday, December 28" }],
        ] as const
      ).map(([name, params]) => ({
        name,
        params,
        to: customer.phone!,
        send: (orderId: string) => Texts.send(name, params as never, { userId: customer.userId, orderId }),
      })),
      {
        name: "lowStockSummary",
        params: { products: [{ code: "BO-1", name: "Basic Overgrip", stockQuantity: 1 }] },
        to: phone,
        send: (orderId) => Texts.send("lowStockSummary", { products: [{ code: "BO-1", name: "Basic Overgrip", stockQuantity: 1 }] }, { phone, orderId }),
      },
      {
        name: "drawerClosed",
        params: drawer,
        to: phone,
        send: (orderId) => Texts.send("drawerClosed", drawer, { phone, orderId }),
      },
    ];
    // The list above is every template there is.
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(templates).sort());
    for (const { name, send, to, params } of cases) {
      const orderId = `texts-${randomUUID()}`;
      const before = sent.length;
      const outcome = await send(orderId);
      const words = (templates[name].words as (p: object) => string)(params);
      // A promotional text ends with how to opt out (added by Texts.send when its words lack it).
      const body = templates[name].consent === "promotions" ? withOptOut(words) : words;
      if (templates[name].consent === "promotions") expect(body.endsWith(OPT_OUT_LINE), name).toBe(true);
      expect(outcome, name).toMatchObject({ status: "sent", body });
      expect(sent.slice(before), name).toEqual([{ to, body }]);
      expect(await logOf(orderId), name).toEqual([
        expect.objectContaining({ template: name, messageType: templates[name].messageType, recipient: to, message: body, status: "sent" }),
      ]);
    }
  });

  it("never throws for a delivery problem: the failure is answered and logged", async () => {
    useSmsProvider({
      name: "twilio",
      send: async () => {
        throw new Error("Twilio is down");
      },
    });
    const orderId = `texts-${randomUUID()}`;
    const outcome = await Texts.send("verificationCode", { code: "000001" }, { phone: newPhone(), orderId });
    expect(outcome).toMatchObject({ status: "failed", error: "Twilio is down" });
    expect(await logOf(orderId)).toEqual([expect.objectContaining({ template: "verificationCode", status: "failed", errorMessage: "Twilio is down" })]);
  });
});

describe("consent by the template's rule", () => {
  it("order texts: only with smsNotifications on and a phone; else nothing sent and nothing logged", async () => {
    const off = await newUser({ phone: newPhone(), smsNotifications: false });
    const noPhone = await newUser();
    for (const [userId, reason] of [
      [off.userId, "notificationsOff"],
      [noPhone.userId, "noPhone"],
      ["texts-no-such-user", "notFound"],
    ] as const) {
      const orderId = `texts-${randomUUID()}`;
      expect(await Texts.send("orderReady", order, { userId, orderId })).toEqual({ status: "skipped", reason });
      expect(await logOf(orderId)).toEqual([]);
    }
    expect(sent).toEqual([]);
  });

  it("broadcast: only with promotional consent on record; to the card provider's phone when there is no other", async () => {
    const off = await newUser({ phone: newPhone(), smsPromotions: false });
    expect(await Texts.send("broadcast", { message: "hi" }, { user: off })).toEqual({ status: "skipped", reason: "promotionsOff" });
    // The switch on without the words, time and address on record (the old app's default): not texted.
    const unrecorded = await newUser({ phone: newPhone(), smsPromotions: true });
    expect(await Texts.send("broadcast", { message: "hi" }, { user: unrecorded })).toEqual({ status: "skipped", reason: "noConsentRecord" });
    const cardOnly = await newUser({ stripePhone: newPhone(), promotionsConsent: true });
    expect(await Texts.send("broadcast", { message: "hi" }, { userId: cardOnly.userId })).toMatchObject({ status: "sent" });
    expect(sent).toEqual([{ to: cardOnly.stripePhone, body: `hi. ${OPT_OUT_LINE}` }]);
    // Order texts read only the profile's phone.
    expect(await Texts.send("orderReady", order, { user: cardOnly })).toEqual({ status: "skipped", reason: "noPhone" });
  });
});

describe("STOP", () => {
  it("blocks every template but the answer to HELP, and logs each as not sent", async () => {
    const customer = await newUser({ phone: newPhone(), promotionsConsent: true });
    const phone = customer.phone!;
    await stop(phone);
    const orderId = `texts-${randomUUID()}`;
    const blocked = [
      await Texts.send("orderReady", order, { userId: customer.userId, orderId }),
      await Texts.send("broadcast", { message: "Promo" }, { user: customer, orderId }),
      await Texts.send("paymentLink", { order: { id: "o-2", bagNumber: "108" }, bill: unpaidBill, url: "u" }, { phone, orderId }),
      await Texts.send("verificationCode", { code: "222222" }, { phone, orderId }),
      await Texts.send("test", { message: "t" }, { phone, orderId }),
    ];
    for (const outcome of blocked) expect(outcome).toMatchObject({ status: "blocked", error: expect.stringContaining("STOP") });
    expect(sent).toEqual([]);
    const help = await Texts.send("helpReply", {}, { phone, orderId });
    expect(help).toMatchObject({ status: "sent", body: SMS_HELP_REPLY });
    expect(sent).toEqual([{ to: phone, body: SMS_HELP_REPLY }]);
    const log = await logOf(orderId);
    expect(log.filter((entry) => entry.status === "failed").map((entry) => entry.template).sort()).toEqual(
      ["broadcast", "orderReady", "paymentLink", "test", "verificationCode"],
    );
    expect(log.filter((entry) => entry.status === "sent").map((entry) => entry.template)).toEqual(["helpReply"]);
  });
});

describe("the senders go through it", () => {
  const admin: UserActor = { type: "user", userId: `texts-admin-${randomUUID()}`, username: "admin", roles: ["CUSTOMER", "EMPLOYEE", "ADMIN"] };
  const byUser = async (userId: string) => (await db().entities.communication.query.byUser({ userId }).go()).data;

  it("order moves (Notifications.orderMoved) send the stage's template and answer null when the customer is not texted", async () => {
    const customer = await newUser({ phone: newPhone() });
    const item = { ...order, ...regrip, paymentStatus: "paid", id: `texts-${randomUUID()}`, userId: customer.userId } as OrderItem;
    expect(await Notifications.orderMoved(item, "ready")).toMatchObject({ status: "sent" });
    expect(await Notifications.orderMoved(item, "in_service")).toBeNull();
    expect(await logOf(item.id)).toEqual([expect.objectContaining({ template: "orderReady", messageType: "order_ready" })]);
    await db().entities.user.patch({ userId: customer.userId }).set({ smsNotifications: false }).go();
    expect(await Notifications.orderMoved(item, "picked_up")).toBeNull();
    expect(await logOf(item.id)).toHaveLength(1);
  });

  it("a phone code, the admin's test text and a broadcast are logged with their templates", async () => {
    const customer = await newUser({ phone: newPhone(), promotionsConsent: true });
    await PhoneVerification.sendCodeTo(customer.userId, { phone: newPhone() });
    expect(await byUser(customer.userId)).toEqual([expect.objectContaining({ template: "verificationCode", messageType: "verification" })]);
    await Communications.bulkSms(admin, { broadcast: { userIds: [customer.userId], message: "Courts open late" } });
    expect((await byUser(customer.userId)).map((entry) => entry.template).sort()).toEqual(["broadcast", "verificationCode"]);
    const test = await Communications.testSms(admin, { phone: newPhone(), message: "Testing 1 2 3" });
    expect(test.status).toBe("sent");
    expect(sent.at(-1)?.body).toBe("Testing 1 2 3");
  });

  it("the admin's log masks a verification code the text carried", async () => {
    const customer = await newUser({ phone: newPhone() });
    await PhoneVerification.sendCodeTo(customer.userId, { phone: newPhone() });
    const code = /\b(\d{6})\b/.exec(sent.at(-1)!.body)![1];
    const page = await Communications.list(admin, { type: "verification", limit: "100" });
    const entry = page.items.find((item) => item.userId === customer.userId);
    expect(entry?.message).toBe("Your Regrip verification code is ••••••. It expires in 10 minutes.");
    expect(entry?.message).not.toContain(code);
  });

  it("HELP is answered with the helpReply template even after STOP", async () => {
    const phone = newPhone();
    await stop(phone);
    const inbound = (body: string) =>
      handleSnsInboundText(smsWebhookActor, {
        message: JSON.stringify({ inboundMessageId: randomUUID(), originationNumber: phone, destinationNumber: "+13035550000", messageBody: body }),
      });
    await inbound("HELP");
    expect(sent).toEqual([{ to: phone, body: SMS_HELP_REPLY }]);
    const { data: messages } = await db().entities.smsMessage.query.byConversation({ conversationId: phone }).go();
    expect(messages.find((m) => m.direction === "outbound")).toMatchObject({ messageBody: SMS_HELP_REPLY, status: "sent" });
  });
});
