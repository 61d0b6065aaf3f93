/**
 * Every text the shop sends, in one list a shop owner can read: its name (kept on its communications log entry as
 * `template`), the message type the log files it under, who gets it and when, the consent it needs, and its words.
 *
 * Whatever the consent rule, a number that replied STOP gets nothing until it replies START; only the answer to
 * HELP goes to it anyway, as the carriers require. Replies of STOP and START are not answered by the shop (the
 * provider confirms them on its side); they only change what later texts may go.
 *
 * To change what a text says, change its `words` here; to add a text (the reminders a later issue brings), add a
 * template here with its consent rule and send it with `Texts.send` (index.ts), the one way texts leave the shop.
 *
 * No AWS and no table in here: words and rules only.
 */
import type { CommunicationMessageType, OrderLocation } from "../entities/enums";
import type { OrderItem } from "../orders/view";
import { isBookableLocation, SHOP_LABELS } from "../shared/location-names";
import { orderReference } from "../shared/orders";
import { eventCanceledNotice, type EventCanceledWords } from "../shared/schedule";
import type { Bill, BillRefund } from "../shared/bill";
import { billLines, billText, refundWords } from "../shared/bill-text";
import { dollars } from "../shared/payment";
import { FINAL_NOTICE_DAYS, NO_RESPONSIBILITY_DAYS, PICKUP_REMINDER_DAYS, REGRIP_REMINDER_WEEKS, STORAGE_FEE_DAYS } from "../shared/reminders";
import { OPT_OUT_LINE } from "../shared/sms-consent";
import { CALENDAR_LINK_QUERY } from "../shared/reschedule";

/**
 * Who may be texted, and how the number is found:
 * - `orderUpdates`: a customer who allows order texts (`smsNotifications` on) and has a phone on their profile;
 *   texted at that phone.
 * - `promotions`: a customer who opted in explicitly, with the words they agreed to, the time and the address on
 *   record (consent.ts); texted at their phone, else the card provider's. Every promotional text ends with
 *   "Reply STOP to opt out" (`Texts.send` adds it when the words lack it).
 * - `requested`: the person asked for this very text (a code they requested, a payment link at the counter, an
 *   admin's test); texted at the number given.
 * - `help`: the answer to a HELP; texted at the number that asked, even after a STOP.
 * - `staffAlert`: an admin's own alert (the daily low-stock summary), texted at their verified phone; or emailed
 *   to the admins (the cash drawer's close report: `Texts.emailStaff`).
 */
export type Consent = "orderUpdates" | "promotions" | "requested" | "help" | "staffAlert";
/** The rules under which a text goes to a customer of the shop, read from their profile by `Texts.send`. */
export type CustomerConsent = Extract<Consent, "orderUpdates" | "promotions">;

export interface Template<Params, C extends Consent = Consent> {
  messageType: CommunicationMessageType;
  consent: C;
  /** Who gets it, for the reader. */
  to: string;
  /** When it is sent, for the reader. */
  when: string;
  words: (params: Params) => string;
  /**
   * The same message by email (`Texts.email`, texts/email.ts), for a template a customer may also get by email:
   * sent to their profile's address when they allow order emails (`emailNotifications`).
   */
  email?: (params: Params) => EmailWords;
}

/** An email's words: its subject and its plain-text body. */
export interface EmailWords {
  subject: string;
  text: string;
}

/** How many low-stock products the admins' text names (the dashboard lists them all). */
const LOW_STOCK_LISTED = 8;

const template = <Params, C extends Consent>(definition: Template<Params, C>) => definition;
/** An order message sent by text and by email: its email words are required (`Texts.email` takes only these). */
const emailedTemplate = <Params>(definition: Template<Params, "orderUpdates"> & { email: (params: Params) => EmailWords }) => definition;
/** A staff alert emailed to staff (`Texts.emailStaff`): its email words are required. */
const staffEmailTemplate = <Params>(definition: Template<Params, "staffAlert"> & { email: (params: Params) => EmailWords }) => definition;

/**
 * The shop's contact as the texts say it (notifications/shop-words.ts reads it): its phone in words, "(303) 555-0142",
 * for a text's last line; every line of it (name, address, hours, phone, email) for an email's foot.
 */
export interface ShopWords {
  shopPhone?: string;
  shopContact?: string[];
}

/** "Questions? Call (303) 555-0142." when the shop's phone is known. */
const callLine = (words: ShopWords) => (words.shopPhone ? ` Questions? Call ${words.shopPhone}.` : "");

/** The order facts the order texts name. */
export type OrderTextParams = Pick<OrderItem, "paddle" | "bagNumber" | "pickupLocation" | "dropoffLocation"> & Partial<Pick<OrderItem, "partner">>;

const paddleOf = (order: OrderTextParams) => (order.paddle?.nickname ? `"${order.paddle.nickname}"` : "your paddle");
const bagOf = (order: OrderTextParams) => (order.bagNumber ? ` (bag ${order.bagNumber})` : "");
/**
 * Where the order is, as the text names it after "at" or "from": a shop by its own name (shared/locations:
 * "Regrip Littleton"), a partner club of a club day or a delivery run by its name, the counter a counter sale is
 * made at as such ("our counter": it is no shop called "Regrip the counter"), else just Regrip.
 */
function placeOf(order: Pick<OrderTextParams, "pickupLocation" | "dropoffLocation" | "partner">): string {
  const where: OrderLocation | undefined = order.pickupLocation ?? order.dropoffLocation;
  if (where === "COUNTER") return "our counter";
  // A club day or a delivery run: the partner club by its name.
  if (where === "ONSITE") return order.partner?.name ?? "Regrip";
  return isBookableLocation(where) ? SHOP_LABELS[where] : "Regrip";
}

/**
 * What the drop-off reminder says, already in words (reminders/index.ts makes them with shared/order-calendar.ts):
 * templates know no calendar.
 */
export interface DropoffReminderParams {
  order: Pick<OrderItem, "id" | "number" | "paddle">;
  /** "Tuesday, December 1 at 10 am". */
  when: string;
  /** The shop's or the club's name, and its address. */
  place: string;
  address: string;
  /** "Bring your paddle in bag 101 ...". */
  bring: string;
  /** The order page opened on its drop-off change, and on its cancel. */
  rescheduleUrl: string;
  cancelUrl: string;
}

/** What the confirmation of a moved drop-off says, in words (notifications/rescheduled.ts makes them). */
export interface DropoffMovedParams {
  order: Pick<OrderItem, "id" | "number" | "paddle">;
  /** The new drop-off: "Tuesday, December 1 at 10 am". */
  when: string;
  place: string;
  address: string;
  /** The pickup day the new drop-off promises: "Wednesday, December 2". */
  pickupDay?: string;
  /** The order's page (absent without a site address). */
  orderUrl?: string;
}

/** One open order as the STATUS answer names it (communications/conversations.ts builds them). */
export interface StatusReplyOrder {
  /** "Order R-1042 · Bag 101", or "Order R-1042" without a bag (shared/orders.ts orderTitle). */
  name: string;
  /** The customer's word for its stage (shared/lifecycle.ts customerStageLabel). */
  stageLabel: string;
  /** "Monday, November 30" (shared/calendar.ts formatDate), when the order has a pickup day. */
  pickupDay?: string;
}

/** The STATUS answer names at most this many orders (a text's 1,600 characters), then how many more. */
const STATUS_REPLY_MAX_ORDERS = 5;

/** `orders` null: no customer verified this number. */
function statusReplyWords({ orders }: { orders: readonly StatusReplyOrder[] | null }): string {
  if (orders === null) return "Regrip: we couldn't find any orders for this number. If you booked with another number, text us your name and we'll look it up.";
  if (orders.length === 0) return "Regrip: you have no open orders with us right now.";
  const lines = orders
    .slice(0, STATUS_REPLY_MAX_ORDERS)
    .map((order) => `${order.name}: ${order.stageLabel}${order.pickupDay ? `, pickup ${order.pickupDay}` : ""}`);
  const more = orders.length - STATUS_REPLY_MAX_ORDERS;
  return `Regrip: your open orders:\n${lines.join("\n")}${more > 0 ? `\nand ${more} more on My Grips.` : ""}`;
}

/** A shop as the HOURS answer names it: its contact as an admin set it (passed in, so no Lambda that texts loads the calendar). */
export interface HoursReplyShop {
  label: string;
  address: readonly string[];
  hours: readonly (readonly [days: string, times: string])[];
  /** "(303) 555-0142", when the shop has one. */
  phone?: string;
}

/**
 * The order facts a booking confirmation, a receipt and a refund notice name, already in words where a date or a
 * card is concerned (notifications/confirmations.ts makes them): templates know no calendar. Every amount they
 * state is the order's bill's (shared/bill.ts), in the words of shared/bill-text.ts.
 */
export type OrderMessageParams = OrderTextParams &
  Pick<OrderItem, "id" | "number" | "bagNumber"> & {
    bill: Bill;
    /** The promised pickup day: "Monday, November 30". */
    pickupDay?: string;
    /** When the paddle is dropped off: "Monday, November 30 at 10 am". */
    dropoffWhen?: string;
    /** The card that paid: "Visa ending in 4242". */
    card?: string;
    /** The customer's order page (an online booking's). */
    orderUrl?: string;
    /** While the order is on its unpaid hold: "Pay by 10:53 am today, or the booking is released" (shared/unpaid-hold.ts `holdDeadline`). */
    payBy?: string;
  } & ShopWords;

/** What a receipt says was received: the payment it is for (the bill's latest), else the total. */
const receivedCents = (bill: Bill) => bill.payments.at(-1)?.amountCents ?? bill.totalCents;
/** A receipt's payment by the card that paid when known ("Visa ending in 4242"), else by its tender. */
const cardWords = (order: Pick<OrderMessageParams, "card">) => (tender: string) => (tender !== "COMP" && order.card ? order.card : undefined);
/** A refund's notice: the order and its bill as the refund left it, the amount and its tax, and where the money went. */
interface RefundParams {
  order: Pick<OrderItem, "id" | "number" | "bagNumber"> & Pick<OrderMessageParams, "card" | "bill">;
  refund: Pick<BillRefund, "amountCents" | "taxCents">;
  /** Absent on notices of refunds Stripe reported: a card's. */
  tender?: "STRIPE" | "POS_CASH" | "POS_CARD";
}

/** Where a refund went, in the notice's words: the card (5 to 10 days), the counter's terminal, or cash. */
function refundWhere({ order, tender }: RefundParams): string {
  if (tender === "POS_CARD") return "refunded to your card at the counter.";
  if (tender === "POS_CASH") return "handed back to you in cash at the counter.";
  return `back to your ${order.card ?? "card"}. It can take 5 to 10 days to show on your statement.`;
}
/** Where the paddle is dropped off: the drop-off shop, the club of an onsite day. */
const dropPlaceOf = (order: OrderTextParams) => placeOf({ dropoffLocation: order.dropoffLocation, partner: order.partner });
/** Every order email ends by saying why it came and how to stop it. */
const EMAIL_FOOTER = "You get this email because order emails are on in your Regrip profile; you can turn them off there at any time.";
const emailText = (...rows: (string | false | undefined | readonly string[])[]) =>
  `${rows
    .flat()
    .filter((row): row is string => typeof row === "string")
    .join("\n")}\n\n${EMAIL_FOOTER}\n`;

/** What the drawer's close report email says: the shop's name, the day, the difference in words and the report's lines. */
export interface DrawerClosedParams {
  shop: string;
  day: string;
  difference: string;
  lines: readonly string[];
}

/** What the release of an unpaid booking names: the order, its deadline in words ("10:53 am"), the link that books it again. */
export interface ReleasedParams {
  order: Pick<OrderItem, "id" | "number" | "bagNumber"> & OrderTextParams;
  deadline: string;
  bookAgainUrl?: string;
}

/** A pack's receipt, in words already (packs/receipt.ts makes them). */
export interface PackReceiptParams {
  /** The pack's name: "10 regrips". */
  packName: string;
  regrips: number;
  amountCents: number;
  /** "Good until Monday, December 28", when the pack expires. */
  goodUntil?: string;
  pointsEarned: number;
  /** Shop Tools' Packs tab. */
  packsUrl?: string;
}

/** A membership's messages, in words already (memberships/messages.ts makes them): templates know no calendar. */
interface MembershipMessageParams {
  /** "Single plan". */
  planName: string;
  /** Shop Tools' Subscription tab, where the membership and its payments are. */
  membershipUrl?: string;
}
export interface MembershipChargeParams extends MembershipMessageParams {
  amountCents: number;
  /** "November 28 to December 28, 2026". */
  period: string;
  /** "Visa ending in 4242", when Stripe says. */
  card?: string;
}
export interface MembershipFailureParams extends MembershipMessageParams {
  amountCents: number;
  /** Stripe's page for paying the invoice with another card. */
  payUrl?: string;
  /** "Tuesday, December 1": when Stripe tries the card on file again. */
  nextAttempt?: string;
}
export interface MembershipCancelParams extends MembershipMessageParams {
  /** "Monday, December 28": the last day covered; absent when it ended at once. */
  coveredUntil?: string;
}

/** How a member fixes a failed charge: pay with another card on Stripe's page, else ask us. */
const fixWords = (failure: MembershipFailureParams) =>
  `${failure.payUrl ? `Update your card and pay here: ${failure.payUrl}` : "Reply to this message or write to support@regrip.shop and we'll help you update your card."}${
    failure.nextAttempt ? ` Otherwise we'll try your card on file again on ${failure.nextAttempt}.` : ""
  }`;
const coverageEndWords = (notice: MembershipCancelParams) =>
  notice.coveredUntil ? `Your regrips stay covered until ${notice.coveredUntil}, when it ends.` : "Its coverage has ended.";

export const templates = {
  orderCheckedIn: template({
    messageType: "order_checked_in",
    consent: "orderUpdates",
    to: "The order's customer",
    when: "The order moves to Checked In",
    // With the promised pickup day in words (shared/calendar.ts `formatDate` of the order's `pickupDate`: "Monday,
    // November 30"), as the order page and the booking's confirmation say it; notifications/ formats it.
    words: (order: OrderTextParams & { pickupDay?: string }) =>
      `Regrip: we've checked in ${paddleOf(order)}${bagOf(order)} at ${placeOf(order)}. ${
        order.pickupDay ? `It will be ready on ${order.pickupDay}; we'll text you when it is.` : "We'll text you when it's ready."
      }`,
  }),
  orderReady: template({
    messageType: "order_ready",
    consent: "orderUpdates",
    to: "The order's customer",
    when: "The order moves to Ready",
    // With what is left to pay at pickup (the order's bill's balance and what was added to it after payment, still
    // owing), the shop's phone (a shop's order) and the order page's link for a customer who booked it online (a
    // walk-in has no account to sign in with).
    words: (order: OrderTextParams & ShopWords & { orderUrl?: string; dueCents?: number }) =>
      `Regrip: ${paddleOf(order)}${bagOf(order)} is ready for pickup at ${placeOf(order)}! Bring your grip home within 30 days.${
        order.dueCents ? ` ${dollars(order.dueCents)} to pay at pickup.` : ""
      }${callLine(order)}${
        order.orderUrl ? ` Your order, and a tip for the crew if you like: ${order.orderUrl}` : ""
      }`,
  }),
  orderPickedUp: template({
    messageType: "order_picked_up",
    consent: "orderUpdates",
    to: "The order's customer",
    when: "The order moves to Picked Up",
    words: (order: OrderTextParams) =>
      `Regrip: ${paddleOf(order)} has been picked up from ${placeOf(order)}. Enjoy the fresh grip, and thanks for playing with us!`,
  }),
  eventCanceled: template({
    messageType: "general",
    consent: "orderUpdates",
    to: "Each customer with an open order on the event",
    when: "An admin cancels an on-site gripping day or a delivery run: where the paddle goes instead and its new day",
    words: (words: EventCanceledWords) => `Regrip: ${eventCanceledNotice(words)} Sorry for the change!`,
  }),
  paymentLink: template({
    messageType: "storefront_order",
    consent: "requested",
    to: "The phone on the order, at the counter",
    when: "Staff make an order at the storefront or in the quick sale and there is something to pay: the order's bill and the link",
    words: ({ order, bill, url }: { order: Pick<OrderItem, "id" | "number" | "bagNumber">; bill: Bill; url: string }) =>
      `Regrip: your order ${orderReference(order)}: ${billText(bill)}. Pay securely here: ${url}`,
  }),
  receipt: emailedTemplate({
    messageType: "receipt",
    consent: "orderUpdates",
    to: "The order's customer, by text and by email as their profile allows each",
    when: "A payment of an order lands, once per payment: a card payment by Stripe's webhook (a booking paid online, or a counter sale paid by its texted link), or cash or a card taken at the counter. The payment and how it was paid, the bill (lines, each discount, coverage, points, sales tax, total) and the balance, the pickup day while the paddle is not Ready yet, and the receipt's (or the order's) link",
    words: ({ order, url }: { order: Pick<OrderItem, "id" | "number" | "bagNumber"> & Partial<OrderMessageParams> & Pick<OrderMessageParams, "bill">; url?: string }) =>
      `Regrip: thanks! We received ${dollars(receivedCents(order.bill))} for order ${orderReference(order)}${order.card ? ` (${order.card})` : ""}. ${billText(order.bill, { balance: true })}.${
        order.pickupDay ? ` It will be ready on ${order.pickupDay}.` : ""
      }${url ? ` Your receipt: ${url}` : order.orderUrl ? ` Your order: ${order.orderUrl}` : ""}`,
    email: ({ order, url }) => ({
      subject: `Your Regrip receipt for order ${orderReference(order)}`,
      text: emailText(
        `Thanks! We received your payment of ${dollars(receivedCents(order.bill))} for order ${orderReference(order)}.`,
        "",
        billLines(order.bill, { payments: true, refunds: true, balance: true, tenderWords: cardWords(order) }),
        order.pickupDay ? `Ready for pickup: ${order.pickupDay} at ${placeOf(order)}` : undefined,
        url ? ["", `Your receipt: ${url}`] : order.orderUrl ? ["", `Your order: ${order.orderUrl}`] : undefined,
      ),
    }),
  }),
  bookingConfirmation: emailedTemplate({
    messageType: "booking_confirmation",
    consent: "orderUpdates",
    to: "The customer who booked, by text and by email as their profile allows each",
    when: "A customer books a regrip online (once per booking: a repeated request with its Idempotency-Key sends nothing). What, the bag, the drop-off and the pickup day, and the bill (lines, each discount, coverage, points, sales tax, total)",
    words: (order: OrderMessageParams) =>
      `Regrip: you're booked! ${paddleOf(order)}${bagOf(order)}, order ${orderReference(order)}. Drop it off at ${dropPlaceOf(order)}${
        order.dropoffWhen ? ` on ${order.dropoffWhen}` : ""
      }${order.pickupDay ? `; it will be ready on ${order.pickupDay}` : ""}. ${billText(order.bill)}.${order.payBy ? ` ${order.payBy}.` : ""}${callLine(order)}${
        order.orderUrl ? ` Your order: ${order.orderUrl}` : ""
      }`,
    email: (order) => ({
      subject: `You're booked: Regrip order ${orderReference(order)}`,
      text: emailText(
        `Thanks for booking with Regrip! Here is your order ${orderReference(order)}.`,
        "",
        `Paddle: ${paddleOf(order)}${order.bagNumber ? `, in bag ${order.bagNumber}` : ""}`,
        ["What we'll do:", ...billLines(order.bill)],
        order.payBy ? `${order.payBy}.` : undefined,
        `Drop-off: ${dropPlaceOf(order)}${order.dropoffWhen ? `, ${order.dropoffWhen}` : ""}`,
        order.pickupDay ? `Ready for pickup: ${order.pickupDay} at ${placeOf(order)}` : undefined,
        order.orderUrl ? ["", `Your order: ${order.orderUrl}`, `Add the drop-off to your calendar: ${order.orderUrl}${CALENDAR_LINK_QUERY}`] : undefined,
        order.shopContact ? ["", "Questions? The shop:", ...order.shopContact] : undefined,
      ),
    }),
  }),
  refundNotice: emailedTemplate({
    messageType: "refund",
    consent: "orderUpdates",
    to: "The order's customer, by text and by email as their profile allows each",
    when: "A refund of an order is recorded (a staff refund of lines or an amount, a cancel with its refund, or a refund made in Stripe: once per amount given back): to the card once Stripe accepted it, on the counter's terminal once its reference is entered, or cash handed back. The amount and its sales tax, where it went, and the bill with its refunds and what stays paid",
    words: (params: RefundParams) =>
      `Regrip: we've refunded ${refundWords(params.refund)} for order ${orderReference(params.order)}: ${refundWhere(params)} Your bill: ${billText(params.order.bill, { lines: false, refunds: true })}.`,
    email: (params) => ({
      subject: `Your Regrip refund for order ${orderReference(params.order)}`,
      text: emailText(
        `We've refunded ${refundWords(params.refund)} for order ${orderReference(params.order)}: ${refundWhere(params)}`,
        "",
        "Your bill:",
        billLines(params.order.bill, { payments: true, refunds: true, tenderWords: cardWords(params.order) }),
      ),
    }),
  }),
  orderLinesChanged: emailedTemplate({
    messageType: "general",
    consent: "orderUpdates",
    to: "The order's customer, by text and by email as their profile allows each",
    when: "Staff add or remove services or products on an order before it is paid (orders/edit-lines.ts), once per edit: what changed, the new bill and what is left to pay",
    words: (order: OrderMessageParams & { changes: string }) =>
      `Regrip: we've updated order ${orderReference(order)} for ${paddleOf(order)}${bagOf(order)}: ${order.changes}. ${billText(order.bill, { balance: true })}.${
        order.orderUrl ? ` Your order: ${order.orderUrl}` : ""
      }`,
    email: (order) => ({
      subject: `Your Regrip order ${orderReference(order)} was updated`,
      text: emailText(
        `We've updated order ${orderReference(order)} for ${paddleOf(order)}${bagOf(order)}: ${order.changes}.`,
        "",
        "Your bill now:",
        billLines(order.bill, { payments: true, balance: true }),
        order.orderUrl ? ["", `Your order: ${order.orderUrl}`] : undefined,
        order.shopContact ? ["", "Questions? The shop:", ...order.shopContact] : undefined,
      ),
    }),
  }),
  holdReleased: emailedTemplate({
    messageType: "hold_released",
    consent: "orderUpdates",
    to: "The customer who booked, by text and by email as their profile allows each",
    when: `A booking left unpaid is released at the end of its hold (shared/unpaid-hold.ts), once per order: nothing was charged, and a link books it again`,
    words: ({ order, deadline, bookAgainUrl }: ReleasedParams) =>
      `Regrip: your booking ${orderReference(order)} for ${paddleOf(order)} was not paid by ${deadline}, so we released it. Nothing was charged.${
        bookAgainUrl ? ` Book it again: ${bookAgainUrl}` : ""
      }`,
    email: ({ order, deadline, bookAgainUrl }) => ({
      subject: `Your Regrip booking ${orderReference(order)} was released`,
      text: emailText(
        `Your booking ${orderReference(order)} for ${paddleOf(order)} was not paid by ${deadline}, so we released it and its bag.`,
        "Nothing was charged.",
        bookAgainUrl ? ["", `Book it again: ${bookAgainUrl}`] : undefined,
      ),
    }),
  }),
  packReceipt: emailedTemplate({
    messageType: "receipt",
    consent: "orderUpdates",
    to: "The customer who bought the pack, by text and by email as their profile allows each",
    when: "A pack of regrips is paid, once however often Stripe reports it: the pack, its regrips, the amount, the points earned and when it expires",
    words: (pack: PackReceiptParams) =>
      `Regrip: thanks! We received ${dollars(pack.amountCents)} for your pack "${pack.packName}": ${pack.regrips === 1 ? "1 regrip" : `${pack.regrips} regrips`} to book.${pack.goodUntil ? ` ${pack.goodUntil}.` : ""}${
        pack.pointsEarned > 0 ? ` You earned ${pack.pointsEarned} points.` : ""
      }${pack.packsUrl ? ` Your packs: ${pack.packsUrl}` : ""}`,
    email: (pack) => ({
      subject: `Your Regrip pack receipt: ${dollars(pack.amountCents)}`,
      text: emailText(
        `Thanks! We received your payment of ${dollars(pack.amountCents)} for a pack of regrips.`,
        "",
        `Pack: ${pack.packName}`,
        `Regrips: ${pack.regrips}`,
        `Amount paid: ${dollars(pack.amountCents)}`,
        pack.goodUntil ? `${pack.goodUntil}` : "It does not expire",
        pack.pointsEarned > 0 ? `Points earned: ${pack.pointsEarned}` : undefined,
        "",
        "Each booking of a regrip the pack covers takes one from it; a canceled booking gives it back.",
        pack.packsUrl ? ["", `Your packs: ${pack.packsUrl}`] : undefined,
      ),
    }),
  }),
  membershipReceipt: emailedTemplate({
    messageType: "membership",
    consent: "orderUpdates",
    to: "The member, by text and by email as their profile allows each",
    when: "A membership charge is paid (the first month or a renewal), once per invoice however often Stripe reports it: the plan, the amount, the period and the card",
    words: (charge: MembershipChargeParams) =>
      `Regrip: thanks! We received ${dollars(charge.amountCents)} for your ${charge.planName}${charge.card ? ` (${charge.card})` : ""}, covering ${charge.period}.${
        charge.membershipUrl ? ` Your membership: ${charge.membershipUrl}` : ""
      }`,
    email: (charge) => ({
      subject: `Your Regrip membership receipt: ${dollars(charge.amountCents)}`,
      text: emailText(
        `Thanks! We received your membership payment of ${dollars(charge.amountCents)}.`,
        "",
        `Plan: ${charge.planName}`,
        `Period: ${charge.period}`,
        `Amount paid: ${dollars(charge.amountCents)}`,
        charge.card ? `Paid with: ${charge.card}` : undefined,
        charge.membershipUrl ? ["", `Your membership and its payments: ${charge.membershipUrl}`] : undefined,
      ),
    }),
  }),
  membershipPaymentFailed: emailedTemplate({
    messageType: "membership",
    consent: "orderUpdates",
    to: "The member, by text and by email as their profile allows each",
    when: "A membership charge fails (invoice.payment_failed), once per invoice: how to pay it with another card",
    words: (failure: MembershipFailureParams) =>
      `Regrip: we couldn't charge ${dollars(failure.amountCents)} for your ${failure.planName}; your covered regrips are on hold until it's paid. ${fixWords(failure)}`,
    email: (failure) => ({
      subject: `Your Regrip membership payment failed`,
      text: emailText(
        `We couldn't charge ${dollars(failure.amountCents)} for your ${failure.planName}. Your covered regrips are on hold until it's paid.`,
        "",
        fixWords(failure),
      ),
    }),
  }),
  membershipCanceled: emailedTemplate({
    messageType: "membership",
    consent: "orderUpdates",
    to: "The member, by text and by email as their profile allows each",
    when: "A membership is canceled (by the member in Shop Tools, by the shop, or by Stripe), once: when its coverage ends",
    words: (notice: MembershipCancelParams) =>
      `Regrip: your ${notice.planName} is canceled. ${coverageEndWords(notice)} Nothing more will be charged.`,
    email: (notice) => ({
      subject: `Your Regrip membership is canceled`,
      text: emailText(`Your ${notice.planName} is canceled.`, coverageEndWords(notice), "Nothing more will be charged."),
    }),
  }),
  verificationCode: template({
    messageType: "verification",
    consent: "requested",
    to: "The number being verified",
    when: "Someone signed in asks for a code to verify their phone (staff may ask for a customer at the counter)",
    words: ({ code }: { code: string }) => `Your Regrip verification code is ${code}. It expires in 10 minutes.`,
  }),
  helpReply: template({
    messageType: "general",
    consent: "help",
    to: "The number that texted HELP (or INFO)",
    when: "A HELP reply comes in, even from a number that replied STOP",
    words: () =>
      "Regrip paddle regripping (Littleton & Highlands Ranch). Help: support@regrip.shop. Msg & data rates may apply. Reply STOP to opt out, START to opt back in.",
  }),
  statusReply: template({
    messageType: "general",
    consent: "requested",
    to: "The number that texted STATUS (any case, words around it allowed)",
    when: "A text asks for STATUS: the open orders of the customer who verified that number, and no one else's",
    words: statusReplyWords,
  }),
  hoursReply: template({
    messageType: "general",
    consent: "requested",
    to: "The number that texted HOURS or WHERE",
    when: "A text asks for HOURS or WHERE: each shop's address, opening hours and phone (the Shop details settings)",
    words: ({ shops }: { shops: readonly HoursReplyShop[] }) =>
      `Regrip: ${shops
        .map((shop) => `${shop.label}, ${shop.address.join(", ")}. ${shop.hours.map(([days, times]) => `${days}: ${times}`).join("; ")}.${shop.phone ? ` Call ${shop.phone}.` : ""}`)
        .join(" ")}`,
  }),
  staffReply: template({
    messageType: "general",
    consent: "requested",
    to: "The number of a conversation in the text inbox",
    when: "Staff answer a conversation from the console's Messages page: the staff member's own words",
    words: ({ message }: { message: string }) => message,
  }),
  test: template({
    messageType: "test",
    consent: "requested",
    to: "The number an admin types",
    when: "An admin sends a Test SMS",
    words: ({ message }: { message: string }) => message,
  }),
  broadcast: template({
    messageType: "broadcast",
    consent: "promotions",
    to: "Each customer an admin chooses (once per number)",
    when: "An admin sends a Bulk SMS Broadcast: the admin's own words",
    words: ({ message }: { message: string }) => message,
  }),
  // The daily reminders job (reminders/, timings in shared/reminders.ts), each at most once per order.
  pickupReminder: template({
    messageType: "reminder",
    consent: "orderUpdates",
    to: "The order's customer",
    when: `The order has been Ready for ${PICKUP_REMINDER_DAYS} days and is still there`,
    words: (order: OrderTextParams) =>
      `Regrip: a friendly reminder that ${paddleOf(order)}${bagOf(order)} is ready for pickup at ${placeOf(order)}. Come get your fresh grip!`,
  }),
  storageNotice: template({
    messageType: "reminder",
    consent: "orderUpdates",
    to: "The order's customer",
    when: `The order has been Ready for ${STORAGE_FEE_DAYS} days (the terms: storage fees after ${STORAGE_FEE_DAYS} days)`,
    words: (order: OrderTextParams) =>
      `Regrip: ${paddleOf(order)}${bagOf(order)} has been ready for pickup at ${placeOf(order)} for ${STORAGE_FEE_DAYS} days. As our terms say, a storage fee may now apply for each further week. Please pick it up soon.`,
  }),
  finalNotice: template({
    messageType: "reminder",
    consent: "orderUpdates",
    to: "The order's customer",
    when: `The order has been Ready for ${FINAL_NOTICE_DAYS} days (before the terms' ${NO_RESPONSIBILITY_DAYS})`,
    words: (order: OrderTextParams) =>
      `Regrip: final notice. ${paddleOf(order)}${bagOf(order)} has been waiting at ${placeOf(order)} for ${FINAL_NOTICE_DAYS} days. Paddles left more than ${NO_RESPONSIBILITY_DAYS} days after we told you they were ready are considered abandoned. Please pick it up within ${NO_RESPONSIBILITY_DAYS - FINAL_NOTICE_DAYS} days.`,
  }),
  dropoffReminder: emailedTemplate({
    messageType: "reminder",
    consent: "orderUpdates",
    to: "The order's customer, by text and by email as their profile allows each",
    when: "The day before the drop-off (or the club day), once per drop-off time: where and when, what to bring, and the links that change the drop-off or cancel (a reschedule is reminded again for its new day)",
    words: (params: DropoffReminderParams) =>
      `Regrip: see you tomorrow! Drop off ${paddleOf(params.order)} for order ${orderReference(params.order)} at ${params.place} on ${params.when}. ${params.bring} Change the time: ${params.rescheduleUrl} Cancel: ${params.cancelUrl}`,
    email: (params) => ({
      subject: `Tomorrow: drop off your paddle for Regrip order ${orderReference(params.order)}`,
      text: emailText(
        `A reminder of your drop-off for order ${orderReference(params.order)}.`,
        "",
        `When: ${params.when}`,
        `Where: ${params.place}${params.address ? `, ${params.address}` : ""}`,
        params.bring,
        "",
        `Change the drop-off time: ${params.rescheduleUrl}`,
        `Cancel the order: ${params.cancelUrl}`,
      ),
    }),
  }),
  dropoffMoved: emailedTemplate({
    messageType: "booking_confirmation",
    consent: "orderUpdates",
    to: "The order's customer, by text and by email as their profile allows each",
    when: "The customer moves the order's drop-off (from the order page or the reminder's link), once per change: the new drop-off, where, and the pickup day it promises",
    words: (params: DropoffMovedParams) =>
      `Regrip: your drop-off for order ${orderReference(params.order)} is now ${params.when} at ${params.place}.${params.pickupDay ? ` It will be ready on ${params.pickupDay}.` : ""}${
        params.orderUrl ? ` Your order: ${params.orderUrl}` : ""
      }`,
    email: (params) => ({
      subject: `Your drop-off moved: Regrip order ${orderReference(params.order)}`,
      text: emailText(
        `Your drop-off for order ${orderReference(params.order)} has moved.`,
        "",
        `When: ${params.when}`,
        `Where: ${params.place}${params.address ? `, ${params.address}` : ""}`,
        params.pickupDay ? `Ready for pickup: ${params.pickupDay}` : undefined,
        params.orderUrl ? ["", `Your order: ${params.orderUrl}`, `Add the new drop-off to your calendar: ${params.orderUrl}${CALENDAR_LINK_QUERY}`] : undefined,
      ),
    }),
  }),
  regripReminder: template({
    messageType: "reminder",
    consent: "promotions",
    to: "The order's customer, only with recorded promotional consent",
    when: `${REGRIP_REMINDER_WEEKS} weeks after the order was picked up: a link that books that paddle again`,
    words: ({ order, url }: { order: OrderTextParams; url: string }) =>
      `Regrip: it's been ${REGRIP_REMINDER_WEEKS} weeks since ${paddleOf(order)} got its fresh grip. Time for another? Book it again: ${url} ${OPT_OUT_LINE}`,
  }),
  lowStockSummary: template({
    messageType: "reminder",
    consent: "staffAlert",
    to: "Each admin with a verified phone",
    when: "Daily, when some counted products are at or below their low-stock threshold (also on the dashboard)",
    words: ({ products }: { products: readonly { code: string; name: string; stockQuantity: number }[] }) => {
      const shown = products.slice(0, LOW_STOCK_LISTED);
      const more = products.length - shown.length;
      return `Regrip low stock (${products.length}): ${shown.map((p) => `${p.name} (${p.code}) ${p.stockQuantity} left`).join("; ")}${more > 0 ? `; and ${more} more` : ""}. See the dashboard.`;
    },
  }),
  drawerClosed: staffEmailTemplate({
    messageType: "general",
    consent: "staffAlert",
    to: "Each active admin (the staff roster's, and those with a verified phone) and the shop's own email address (Shop details)",
    when: "A shop's cash drawer is closed: its close report (float, cash in and out, expected against counted, the day's totals)",
    // The report in lines (drawers/report-lines.ts `reportLines`, made by drawers/): the figures are the report's own.
    words: ({ shop, difference }: DrawerClosedParams) => `${shop} drawer closed: ${difference}. See the Drawer page.`,
    email: ({ shop, day, difference, lines }: DrawerClosedParams) => ({
      subject: `${shop} drawer closed ${day}: ${difference}`,
      text: `${lines.join("\n")}\n`,
    }),
  }),
};

export type Templates = typeof templates;
export type TemplateName = keyof Templates;
export type TemplateParams<N extends TemplateName> = Parameters<Templates[N]["words"]>[0];

/** The answer to HELP, word for word (tests and the stored conversation compare with it). */
export const SMS_HELP_REPLY = templates.helpReply.words({});
