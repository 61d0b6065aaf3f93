/**
 * The counter: the storefront's catalogue and invoice, and the quick sale
 * (docs/api-staff.md "Storefront and quick sale").
 * Both make their order through the one order-creation module
 * (orders/create.ts), priced here on the server from the catalogue; then a
 * payment link is opened and texted to the customer (the `paymentLink`
 * template of texts/templates.ts, `storefront_order` in the communications
 * log). A text that fails never undoes the order. A paid counter sale ends
 * on its receipt (receipts/), reached by the link made with the order.
 *
 * Imported as a namespace: `import { Storefront } from "@regrip/core/storefront"`.
 */
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { isAdmin, personOf, type UserActor } from "../actor";
import { fn, NoInput } from "../actor/fn";
import { allProducts, catalogueProduct, productFromSku, productsByIds } from "../catalogue";
import { db } from "../db";
import { uniqueKey } from "../entities";
import * as Bags from "../bags";
import { conflict, forbidden, invalid, notFound, precondition, unavailable, type DomainError } from "../errors";
import { CUSTOMER_NOT_FOUND } from "../shared/customers";
import { charged, createOrder, SentIdempotencyKey, type OrderDraft } from "../orders/create";
import { type OrderItem, view } from "../orders/view";
import * as Paddles from "../paddles";
// The checkout (the provider, its lines) loads once the order is written, off the cold start (npm run bench:lambda).
const checkout = () => import("../payments/checkout");
import { isNotSetUp } from "../payments/provider";
import { find as findOrder } from "../orders/owned";
import type { PointsToRedeem } from "../pricing";
import { priceSale, type PricedSale } from "../pricing/cart";
import { newReceiptToken } from "../receipts/token";
import * as Promotions from "../promotions";
import { bagInUse, bagNotActive, NO_FREE_BAG } from "../shared/bags";
import { coreServiceOf, type Product } from "../shared/catalogue";
import type { TotalsDiscount } from "../shared/totals";
import { DEFAULT_DROPOFF_LOCATION, type BookableLocation } from "../shared/location-names";
import { COMP_NEEDS_REASON, discountOverLimit, employeeDiscountLimitCents, ZERO_TOTAL_IS_COMP } from "../shared/money-settings";
import { moneySettings } from "../settings";
import { receiptUrl } from "../shared/receipts";
import { billOf } from "../shared/bill";
import { orderReference } from "../shared/orders";
import type { OrderStatus } from "../shared/lifecycle";
import { PADDLE_NOT_FOUND } from "../shared/paddles";
import { PAY_AT_COUNTER, PhoneConfirmedInput, saleLinkRefusal, type SalePayment } from "../shared/counter-sale";
import {
  discountDollarsToCents,
  QUICK_SALE_SERVICES,
  QuickSaleBooking,
  quickSalePrices,
  quickSaleTaxable,
} from "../shared/quick-sale";
import { Id } from "../shared/ids";
import {
  PHONE_FOR_PAYMENT_LINK,
  PRODUCT_UNAVAILABLE,
  storefrontGroups,
  StorefrontInvoice,
  type InvoiceAnswer,
  type PaymentLinkAnswer,
  type QuickSaleAnswer,
  type SmsStatus,
  type StorefrontProducts,
} from "../shared/storefront";
import * as Users from "../users";
import type { UserItem } from "../users";
import type { Coverage } from "../memberships/allowance";
import { membershipOf, type Allowance } from "../memberships/membership-step";

export * as Storefront from "./index";
export * from "../shared/storefront";
export * from "../shared/quick-sale";

/**
 * GET /api/storefront/products: one Query on the catalogue index (a shop's catalogue is small), grouped in the storefront's category order,
 * and the quick sale's prices from the same read (its items are hidden, so in no group).
 */
export const products = /* @__PURE__ */ fn({ role: "staff", input: NoInput }, async (): Promise<StorefrontProducts> => {
  const skus = (await allProducts()).map(productFromSku);
  const visible = skus.filter((sku) => sku.isVisible);
  return {
    groups: storefrontGroups(visible.map((sku) => ({ ...catalogueProduct(sku), displayOrder: sku.displayOrder }))),
    quickSale: quickSalePrices(skus),
    quickSaleTaxable: quickSaleTaxable(skus),
  };
});

/**
 * What a sale at the counter is told besides its form: the request's `Idempotency-Key` (a repeat answers the
 * first order; checked where the order is made) and the site's address the payment link points to.
 */
export const counterSale = <S extends z.ZodMiniType>(form: S) =>
  z.object({ form, idempotencyKey: SentIdempotencyKey, siteUrl: z.string() });

export interface CounterSale {
  order: OrderItem;
  checkoutUrl: string | null;
  smsStatus: SmsStatus;
}

export async function customerOf(customerId: string): Promise<UserItem> {
  const customer = await Users.get(customerId);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return customer;
}

/** The fields every counter sale shares: the customer, who took it, where, and what it costs. */
export function counterSaleFields(
  actor: UserActor,
  staffName: string,
  customer: UserItem,
  priced: PricedSale,
  note: string,
  now: Date,
  shop: BookableLocation,
): Pick<
  OrderDraft,
  | "userId" | "status" | "statusHistory" | "dropoffLocation" | "dropoffDateTime" | "pickupLocation" | "isOnsite" | "counterShop" | "lineItems"
  | "subtotalCents" | "discountAmountCents" | "promoCode" | "taxCents" | "totalCents" | "paymentMethod" | "paymentStatus"
  | "processedByStaffId" | "customer" | "receiptToken"
> {
  const money = charged(priced);
  // A new storefront order waits on payment; one with nothing to pay (a comp) goes straight into the queue.
  const status: OrderStatus = money.paymentStatus === "comp" ? "SERVICE_QUEUE" : "WAITING_ON_PAYMENT";
  const at = now.toISOString();
  return {
    userId: customer.userId,
    status,
    statusHistory: [{ to: status, actorId: actor.userId, actorName: staffName, note, at }],
    // A counter sale: made and picked up at the shop's counter, no club day (shared/location-names.ts).
    dropoffLocation: "COUNTER",
    dropoffDateTime: at,
    pickupLocation: "COUNTER",
    isOnsite: false,
    counterShop: shop,
    ...money,
    processedByStaffId: actor.userId,
    customer: { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: customer.phone },
    // The walk-in's receipt link (receipts/): made with the order, so a repeated request answers the same one.
    receiptToken: newReceiptToken(),
  };
}

/**
 * A member's allowance on a counter sale: one unit of the core line at `index` covered when `coverage` is given,
 * the totals added up again with the sale's discount and then its redeemed points; the order's fields, the regrip's write and its refusal to add
 * to the sale's own.
 */
function covering(
  allowance: Allowance | undefined,
  priced: PricedSale,
  coverage: Coverage | null,
  index: number,
  discount: Omit<TotalsDiscount, "pointsCents">,
  points?: PointsToRedeem,
) {
  if (!allowance || !coverage || index < 0) return { priced, fields: {}, writes: () => [], refusal: () => undefined };
  const covered = allowance.coverLine(priced, index, discount, points);
  return {
    priced: covered,
    fields: allowance.coveredOrder(coverage, covered.coveredCents, covered.totalCents),
    writes: (entities: Parameters<Allowance["takeRegrip"]>[0]) => allowance.takeRegrip(entities, coverage),
    refusal: allowance.allowanceRefusal,
  };
}

/** Else, when no membership covers it, a pack's credit (packs/credit.ts `orPack`, off the cold start). */
const packs = () => import("../packs/credit");

/** What covered the sale, for its audit entry: the membership or the pack, and the price covered. */
const coverAudit = ({ subscriptionId, packCreditId, coveredCents }: Record<string, unknown>) =>
  subscriptionId || packCreditId ? { ...(subscriptionId ? { subscriptionId } : { packCreditId }), coveredCents } : {};

/** A counter sale's money once covered: a sale left with nothing to pay goes into the queue paid by the membership (or the pack). */
function withCoverage<O extends { status: OrderStatus; paymentMethod?: string; paymentStatus?: string }>(
  order: O,
  fields: { paymentStatus?: string } & Record<string, unknown>,
): O {
  if (!("subscriptionId" in fields) && !("packCreditId" in fields)) return order;
  return { ...order, ...fields, ...(fields.paymentStatus === "comp" ? { status: "SERVICE_QUEUE" as OrderStatus } : {}) };
}

/**
 * What a counter sale may do about its payment (shared/counter-sale.ts): taken at the counter, nothing more is
 * asked; a payment link, only to a phone the customer verified or the employee confirmed with them (400 with no
 * phone, 428 unconfirmed).
 */
export function paymentAllowed(customer: UserItem, payment: SalePayment, phoneConfirmed: boolean | undefined): void {
  const refusal = saleLinkRefusal(customer, payment, phoneConfirmed);
  if (refusal) throw refusal.kind === "invalid" ? invalid(refusal.message) : precondition(refusal.message);
}

/** The sale's way of paying and, for a link, how its number was confirmed: in the sale's audit entry. */
export const paymentAudit = (customer: UserItem, payment: SalePayment, phoneConfirmed: boolean | undefined) => ({
  payment,
  ...(payment === "link" ? { phoneConfirmedBy: customer.phoneVerified ? "code" : phoneConfirmed ? "staff" : null } : {}),
});

/**
 * The paddle a counter sale is for, the same for the storefront and the quick sale: one of the customer's on file
 * (`paddleId`: it must still be theirs, 404 else; it goes into the order's bag), or a new one made with the order
 * (`paddle`), or none (a storefront sale of goods only).
 */
async function salePaddle(customerId: string, input: { paddleId?: string | null; paddle?: { nickname: string; brand?: string | null; model?: string | null } }) {
  const found = input.paddleId ? (await db().entities.paddle.get({ userId: customerId, id: input.paddleId }).go()).data : null;
  if (input.paddleId && (!found || found.ownershipStatus !== "owned")) throw notFound(PADDLE_NOT_FOUND);
  const onFile: Paddles.PaddleItem | null = found ?? null;
  const fresh = !onFile && input.paddle ? input.paddle : null;
  const paddleId = onFile?.id ?? (fresh ? randomUUID() : undefined);
  const fields = onFile
    ? { paddleId, paddle: { nickname: onFile.nickname, brand: onFile.brand, ...(onFile.model ? { model: onFile.model } : {}) } }
    : fresh
      ? { paddleId, paddle: { nickname: fresh.nickname, brand: fresh.brand || Paddles.UNKNOWN_BRAND, ...(fresh.model ? { model: fresh.model } : {}) } }
      : {};
  return {
    onFile,
    fields,
    /** The paddle's writes in the order's transaction: the one on file into the bag, or the new one made in it. */
    writes: (entities: Parameters<typeof Paddles.madeForCustomer>[0], actor: UserActor, bag: { id: string } | null) => {
      if (onFile) {
        return [
          {
            // The paddle on file must still be the customer's; it goes into the order's bag.
            label: "paddle",
            write: bag
              ? entities.paddle.patch({ userId: customerId, id: onFile.id }).set({ bagId: bag.id }).where((a, { eq }) => eq(a.ownershipStatus, "owned")).commit()
              : entities.paddle.check({ userId: customerId, id: onFile.id }).where((a, { eq }) => eq(a.ownershipStatus, "owned")).commit(),
          },
        ];
      }
      if (!fresh || !paddleId) return [];
      return Paddles.madeForCustomer(entities, actor, {
        id: paddleId,
        userId: customerId,
        nickname: fresh.nickname,
        brand: fresh.brand || undefined,
        model: fresh.model || undefined,
        bagId: bag?.id,
      });
    },
    refusal: (failed: readonly string[]) => (failed.includes("paddle") && onFile ? notFound(PADDLE_NOT_FOUND) : undefined),
  };
}

/**
 * The bag's refusals (orders/create.ts's `bag`, `bag-hold` labels) as the counter needs them: 409s that say which
 * bag; a bag the server chose and another sale took first is tried again with the next free one (Bags.withFreeBag).
 */
function bagRefusal(failed: readonly string[], bagNumber: string, typed: boolean): DomainError | undefined {
  if (!failed.includes(Bags.BAG_LABEL) && !failed.includes(Bags.BAG_HOLD_LABEL)) return undefined;
  if (!typed) throw new Bags.AssignedBagTaken(bagNumber);
  return conflict(failed.includes(Bags.BAG_LABEL) ? bagNotActive(bagNumber) : bagInUse(bagNumber));
}

/** The bag typed, else the lowest free one not just lost to another sale (none free: a 409, never an order without a bag). */
async function saleBag(typed: string | null, lost: ReadonlySet<string>): Promise<string> {
  const bagNumber = typed ?? (await Bags.lowestFree(lost));
  if (!bagNumber) throw conflict(NO_FREE_BAG);
  return bagNumber;
}

const SMS_SENT = "Payment link sent by text";
const NOTHING_TO_PAY = "Nothing to pay: no payment link was sent";
const NO_CARD_PAYMENTS = "Card payments are not set up: no payment link was sent. Take the payment at the counter.";

async function lastLinkText(orderId: string): Promise<SmsStatus | null> {
  const { data } = await db().entities.communication.query.byOrder({ orderId }).go({ order: "desc", limit: 10 });
  const text = data.find((entry) => entry.messageType === "storefront_order");
  if (!text) return null;
  return text.status === "failed" ? { success: false, message: text.errorMessage ?? "The text could not be sent" } : { success: true, message: SMS_SENT };
}

/**
 * After the order is written (or named again by its Idempotency-Key): the
 * payment link, kept on the order (`invoiceUrl`) so a repeat answers the same
 * one, and the text. A repeat texts again only when no text was logged for the
 * order yet (the first request stopped between the order and the text).
 */
export async function linkAndText(
  order: OrderItem,
  options: { siteUrl: string; replayed: boolean; fresh?: boolean; sale?: boolean; payment?: SalePayment },
): Promise<CounterSale> {
  if (order.totalCents <= 0 || order.paymentStatus !== "unpaid") {
    return { order, checkoutUrl: order.invoiceUrl ?? null, smsStatus: { success: false, message: NOTHING_TO_PAY } };
  }
  // Paid at the counter straight after the sale (the order page's payment dialog): no link is made or texted.
  if (options.payment === "counter") return { order, checkoutUrl: null, smsStatus: { success: false, message: PAY_AT_COUNTER } };
  let current = order;
  if (!current.invoiceUrl || options.fresh) {
    let opened;
    try {
      opened = await (await checkout()).openCheckout(current, { siteUrl: options.siteUrl });
    } catch (error) {
      // A stage without card payments (payments/provider.ts) still sells at the counter: the sale stands, unpaid and
      // with no link, for cash or the terminal. Sending the link again is refused with the 503 instead.
      if (options.sale && isNotSetUp(error)) return { order: current, checkoutUrl: null, smsStatus: { success: false, message: NO_CARD_PAYMENTS } };
      throw error;
    }
    const { url } = opened;
    // The receipt's link beside the payment link: the checkout returns there, and the webhook texts it once paid.
    const receipt = current.receiptToken ? { receiptUrl: receiptUrl(options.siteUrl, current.id, current.receiptToken) } : {};
    const { data } = await db()
      .entities.serviceOrder.patch({ id: current.id })
      .set({ invoiceUrl: url, ...receipt })
      .go({ response: "all_new" });
    current = data as OrderItem;
  }
  const url = current.invoiceUrl!;
  if (options.replayed) {
    const earlier = await lastLinkText(current.id);
    if (earlier) return { order: current, checkoutUrl: url, smsStatus: earlier };
  }
  const phone = current.customer?.phone;
  if (!phone) return { order: current, checkoutUrl: url, smsStatus: { success: false, message: PHONE_FOR_PAYMENT_LINK } };
  // The text's code (its templates, consent rules and the provider) loads with the first text, off the cold start
  // of the three routes that import this module (npm run bench:lambda).
  const { Texts } = await import("../texts");
  const sent = await Texts.send("paymentLink", { order: current, bill: billOf(current), url }, { phone, userId: current.userId, orderId: current.id });
  const smsStatus = sent.status === "sent" ? { success: true, message: SMS_SENT } : { success: false, message: sent.error ?? "The text could not be sent" };
  return { order: current, checkoutUrl: url, smsStatus };
}

const InvoiceInput = counterSale(StorefrontInvoice);
/**
 * POST /api/storefront/invoice: the cart priced from the catalogue (visible
 * skus only) and the promotion, the order awaiting payment with the stock it
 * takes, its paddle (one on file, or a new one made with it) in its bag (the
 * one typed, else the lowest free bag, as the quick sale assigns), then the
 * payment taken at the counter (`payment: "counter"`, nothing texted) or the
 * payment link texted to a confirmed number (`"link"`, the default).
 */
export const invoice = /* @__PURE__ */ fn({ role: "staff", input: InvoiceInput }, async (staff, { form: input, ...options }): Promise<InvoiceAnswer> => {
  const actor = personOf(staff);
  const payment = input.payment ?? "link";
  const typedBag = input.bagNumber || null;
  const make = (lost: ReadonlySet<string>) => createOrder(
    actor,
    async (now) => {
      const customer = await customerOf(input.customerId);
      paymentAllowed(customer, payment, input.phoneConfirmed);
      const shop = input.shop ?? DEFAULT_DROPOFF_LOCATION;
      const [skus, promotion, { allowance, subscription }, redemption, settings, paddle] = await Promise.all([
        productsByIds(input.items.map((line) => line.id)),
        input.promoCode ? Promotions.byCode(input.promoCode) : null,
        membershipOf(customer.userId),
        // The redemption's code loads only for an invoice that redeems points (npm run bench:lambda).
        input.redeemPoints ? import("../loyalty/redeem").then((redeem) => redeem.redemption(customer.userId, input.redeemPoints!, now.toISOString(), invalid)) : undefined,
        moneySettings(),
        salePaddle(customer.userId, input),
      ]);
      const taxRateBps = settings.taxRateBps[shop];
      const full = priceSale({
        skus,
        lines: input.items.map((line) => ({ skuId: line.id, quantity: line.quantity })),
        promotion,
        points: redemption?.points,
        requireVisible: true,
        unavailable: PRODUCT_UNAVAILABLE,
        taxRateBps,
      });
      // A member with a regrip left: one unit of the cart's first core service is covered.
      const core = full.lineItems.findIndex((line) => {
        const sku = skus.find((candidate) => candidate.id === line.skuId);
        return !!sku && sku.type !== "ADD_ON" && !!coreServiceOf(sku.name);
      });
      const cover = await (await packs()).orPack(
        covering(allowance, full, allowance.coverageOf(subscription, undefined, now), core, { promotion, taxRateBps }, redemption?.points),
        customer.userId,
        full,
        core,
        full.lineItems[core]?.name,
        { promotion, taxRateBps },
        redemption?.points,
        now,
      );
      const priced = cover.priced;
      const bagNumber = await saleBag(typedBag, lost);
      return {
        order: withCoverage(
          {
            ...counterSaleFields(actor, await Users.firstNameOf(actor), customer, priced, "Invoiced at the storefront", now, shop),
            bagNumber,
            ...paddle.fields,
            ...(input.myGripNotes ? { myGripNotes: input.myGripNotes } : {}),
          },
          cover.fields,
        ),
        stockTakes: priced.stockTakes,
        audit: {
          action: "order.invoiced",
          diff: {
            customerId: customer.userId,
            totalCents: priced.totalCents,
            promoCode: priced.promoCode ?? null,
            bagNumber,
            bagAssigned: !typedBag,
            ...(paddle.fields.paddleId ? { paddleId: paddle.fields.paddleId } : {}),
            source: "storefront",
            ...paymentAudit(customer, payment, input.phoneConfirmed),
            ...coverAudit(cover.fields),
            ...(priced.pointsRedeemed ? { pointsRedeemed: priced.pointsRedeemed } : {}),
          },
        },
        // The membership's regrip, the customer's redeemed points and the paddle, written in the order's transaction.
        writes: (entities, context) => [
          ...cover.writes(entities),
          ...(redemption?.writes(entities, context) ?? []),
          ...paddle.writes(entities, actor, context.bag),
        ],
        refusal: async (failed) =>
          bagRefusal(failed, bagNumber, !!typedBag) ?? paddle.refusal(failed) ?? cover.refusal(failed) ?? (await redemption?.refused(failed)),
      };
    },
    { idempotencyKey: options.idempotencyKey },
  );
  const { order, replayed } = await Bags.withFreeBag(make, () => conflict(NO_FREE_BAG));
  const sale = await linkAndText(order, { siteUrl: options.siteUrl, replayed, sale: true, payment });
  return {
    orderId: sale.order.id,
    reference: orderReference(sale.order),
    bagAssigned: !typedBag,
    checkoutUrl: sale.checkoutUrl,
    smsStatus: sale.smsStatus,
    order: view(sale.order, { staff: true }),
  };
});

/** The quick-sale services' skus, found by their codes (the uniqueValue reservations), hidden or not. */
async function quickSaleSkus(): Promise<Map<string, Product>> {
  const keys = QUICK_SALE_SERVICES.map((service) => uniqueKey("skuCode", service.code) as { kind: "skuCode"; value: string });
  const { data: reservations } = await db().entities.uniqueValue.get(keys).go();
  const skus = await productsByIds(reservations.map((reservation) => reservation.ownerId));
  return new Map(skus.map((sku) => [sku.code.toUpperCase(), sku]));
}

/**
 * The shop's money permissions on a staff discount: an employee takes off at most the shop's limit (a share of the
 * subtotal, settings/), else 403 naming it; a discount that leaves nothing to pay is a comp, an admin's alone, and
 * needs its reason (the discount notes, kept on the order and in the audit entry). A membership's coverage that
 * leaves nothing to pay is not a discount and needs neither.
 */
function staffDiscountAllowed(staff: Parameters<typeof isAdmin>[0], priced: PricedSale, limitPercent: number, notes: string | undefined): void {
  if (priced.discountAmountCents === 0) return;
  const admin = isAdmin(staff);
  if (!admin && priced.discountAmountCents > employeeDiscountLimitCents(priced.subtotalCents, limitPercent)) {
    throw forbidden(discountOverLimit(limitPercent, priced.subtotalCents));
  }
  if (priced.totalCents === 0) {
    if (!admin) throw forbidden(ZERO_TOTAL_IS_COMP);
    if (!notes?.trim()) throw invalid(COMP_NEEDS_REASON);
  }
}

const QuickSaleInput = /* @__PURE__ */ counterSale(QuickSaleBooking);
/**
 * The quick-sale form of POST /api/book-service: the paddle made for the
 * customer, the chosen services priced from their products, a staff
 * discount in dollars (total never below 0) recorded with who gave it, then
 * the same payment link and text as an invoice. The customer must have a
 * verified phone (428; the console verifies it with them and retries).
 *
 * The order holds a bag, in its own transaction (orders/create.ts): the one
 * typed (409 when it is not an active bag or holds another open order), else
 * the lowest free active bag (409 `NO_FREE_BAG` when none is). A repeat of the
 * Idempotency-Key answers the first order and its bag, taking no other.
 */
export const quickSale = /* @__PURE__ */ fn({ role: "staff", input: QuickSaleInput }, async (staff, { form: input, ...options }): Promise<QuickSaleAnswer> => {
  const actor = personOf(staff);
  const payment = input.payment ?? "link";
  const typedBag = input.bagNumber || null;
  // A bag the server chose that another sale took first: the next try skips it (Bags.withFreeBag).
  const make = (lost: ReadonlySet<string>) => createOrder(
    actor,
    async (now) => {
      const customer = await customerOf(input.customerId);
      // Paid at the counter, no code is asked (the walk-in pays cash); a link goes only to a confirmed number.
      paymentAllowed(customer, payment, input.phoneConfirmed);
      const shop = input.shop ?? DEFAULT_DROPOFF_LOCATION;
      const [byCode, paddle, membership, settings] = await Promise.all([
        quickSaleSkus(),
        // A paddle of the customer's on file (its id sent): the sale is for it, and a membership covering it applies.
        salePaddle(customer.userId, input),
        input.paddleId ? membershipOf(customer.userId) : undefined,
        moneySettings(),
      ]);
      const onFile = paddle.onFile;
      const chosen = QUICK_SALE_SERVICES.filter((service) => input.services.includes(service.id));
      const lines = chosen.map((service) => {
        const sku = byCode.get(service.code);
        if (!sku) throw unavailable(`${service.label} is not in the catalogue. Ask an admin to add ${service.code}.`);
        return { skuId: sku.id, quantity: 1 };
      });
      const discountCents = input.discount ? discountDollarsToCents(input.discount.amount) : 0;
      const taxRateBps = settings.taxRateBps[shop];
      const full = priceSale({ skus: [...byCode.values()], lines, discountCents, requireVisible: false, unavailable: PRODUCT_UNAVAILABLE, taxRateBps });
      // Its core regrip is covered when the paddle is assigned to the customer's membership with a regrip left.
      const regripSku = byCode.get(QUICK_SALE_SERVICES.find((service) => service.id === "regrip")!.code)?.id;
      const core = full.lineItems.findIndex((line) => line.skuId === regripSku);
      const coverage = onFile && membership ? membership.allowance.coverageOf(membership.subscription, onFile.id, now) : null;
      const cover = await (await packs()).orPack(covering(membership?.allowance, full, coverage, core, { staffCents: discountCents, taxRateBps }), customer.userId, full, core, full.lineItems[core]?.name, { staffCents: discountCents, taxRateBps }, undefined, now);
      const priced = cover.priced;
      staffDiscountAllowed(staff, priced, settings.employeeDiscountLimitPercent, input.discount?.notes ?? undefined);
      const bagNumber = await saleBag(typedBag, lost);
      const discounted = priced.discountAmountCents > 0;
      // The staff member's notes on the discount are kept with it, and also when they typed notes but no amount
      // (the wizard used to send notes only with an amount, and lost them).
      const notes = input.discount?.notes || undefined;
      const staffName = await Users.firstNameOf(actor);
      return {
        order: {
          ...withCoverage(counterSaleFields(actor, staffName, customer, priced, "Quick sale", now, shop), cover.fields),
          bagNumber,
          ...paddle.fields,
          ...(discounted || notes
            ? { discountByStaffId: actor.userId, discountByStaffName: staffName, ...(notes ? { discountNotes: notes } : {}) }
            : {}),
        },
        stockTakes: priced.stockTakes,
        audit: {
          action: "order.quick_sale",
          diff: {
            customerId: customer.userId,
            services: chosen.map((service) => service.id),
            subtotalCents: priced.subtotalCents,
            discountCents: priced.discountAmountCents,
            totalCents: priced.totalCents,
            bagNumber,
            bagAssigned: !typedBag,
            source: "quick sale",
            ...paymentAudit(customer, payment, input.phoneConfirmed),
            ...coverAudit(cover.fields),
          },
        },
        refusal: (failed) => bagRefusal(failed, bagNumber, !!typedBag) ?? paddle.refusal(failed) ?? cover.refusal(failed),
        // The paddle is in the order's bag (as a booking's is), until the pickup or cancel takes it out.
        writes: (entities, { bag }) => [...cover.writes(entities), ...paddle.writes(entities, actor, bag)],
      };
    },
    { idempotencyKey: options.idempotencyKey },
  );
  const { order, replayed } = await Bags.withFreeBag(make, () => conflict(NO_FREE_BAG));
  const sale = await linkAndText(order, { siteUrl: options.siteUrl, replayed, sale: true, payment });
  return {
    id: sale.order.id,
    orderId: sale.order.id,
    reference: orderReference(sale.order),
    bagNumber: sale.order.bagNumber ?? null,
    bagAssigned: !typedBag,
    checkoutUrl: sale.checkoutUrl,
    smsStatus: sale.smsStatus,
    requiresPayment: sale.order.totalCents > 0,
  };
});

const ResendLinkInput = z.object({ id: Id, siteUrl: z.string(), phoneConfirmed: PhoneConfirmedInput });
/**
 * POST /api/orders/{id}/payment-link (staff): the counter's "send the link again" for an order with a balance: a
 * fresh checkout (an old link may have closed), kept on the order, texted to the customer's phone on the order.
 * Answers the link and how the text went; 409 when nothing is owed, 400 when the order has no phone, 428 when the
 * number is neither the customer's verified phone nor confirmed with them by the employee now (`phoneConfirmed`).
 */
export const resendPaymentLink = /* @__PURE__ */ fn({ role: "staff", input: ResendLinkInput }, async (staff, { id, siteUrl, phoneConfirmed }): Promise<PaymentLinkAnswer> => {
  const order = await findOrder(staff, id);
  const refusal = (await checkout()).checkoutRefusal(order);
  if (refusal) throw conflict(`${refusal}.`);
  if (!order.customer?.phone) throw invalid(PHONE_FOR_PAYMENT_LINK);
  // Only a confirmed number gets a link, as at the sale: the customer's own verified phone, or confirmed now.
  const { data: owner } = await db().entities.user.get({ userId: order.userId }).go();
  const verified = !!owner?.phoneVerified && owner.phone === order.customer.phone;
  const linkRefusal = saleLinkRefusal({ phone: order.customer.phone, phoneVerified: verified }, "link", phoneConfirmed);
  if (linkRefusal) throw precondition(linkRefusal.message);
  const sale = await linkAndText(order, { siteUrl, replayed: false, fresh: true });
  return { checkoutUrl: sale.checkoutUrl, smsStatus: sale.smsStatus, order: view(sale.order, { staff: true }) };
});
