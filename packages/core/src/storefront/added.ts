/**
 * POST /api/orders/{id}/added (staff): more for a paid order, as a new balance to pay (shared/order-balance.ts has the
 * rule and its words). The products are priced from the catalogue as an edit prices its adds (pricing/order-edit.ts:
 * color and feel, a weight's areas, tax at the paid order's rate, stock taken in the transaction), then made an
 * **added order** through the one order-creation module (orders/create.ts): a counter sale for the same customer at
 * the same counter, linked to the paid order, holding no bag and claiming no paddle (they stay with the paid order).
 *
 * In the same transaction the paid order lists it (`addedOrderIds`), conditioned on the paid order's stage, payment
 * and `updatedAt` as read: a pickup, cancel or refund landing meanwhile refuses this one (409), and the pickup and
 * cancel, conditioned on `updatedAt` in turn, never miss an added order made meanwhile (orders/move-order.ts).
 *
 * Then it is paid as any counter sale is (storefront/index.ts `linkAndText`): `payment: "counter"` (the console opens
 * its payment dialog), or the payment link texted to a confirmed number. A repeat of the Idempotency-Key answers the
 * first added order and writes nothing.
 */
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { personOf } from "../actor";
import { fn } from "../actor/fn";
import { productsByIds } from "../catalogue";
import { conflict, notFound } from "../errors";
import { createOrder } from "../orders/create";
import { readOrder } from "../orders/move-writer";
import { view, type OrderItem } from "../orders/view";
import type { PricedSale } from "../pricing/cart";
import { Id } from "../shared/ids";
import { ADD_CHANGED, addToPaidRefusal, AddToPaidOrder } from "../shared/order-balance";
import { orderNumberText, orderReference, ORDER_NOT_FOUND } from "../shared/orders";
import { DEFAULT_DROPOFF_LOCATION } from "../shared/location-names";
import type { InvoiceAnswer } from "../shared/storefront";
import * as Users from "../users";
import { counterSale, counterSaleFields, customerOf, linkAndText, paymentAllowed, paymentAudit } from "./index";

const AddedInput = z.extend(counterSale(AddToPaidOrder), { id: Id });

/** The label of the paid order's write in the added order's transaction. */
const PAID_ORDER_LABEL = "added-to";

/**
 * Prices the products added to `paid` as its added order (throws the edit's refusals: a product not on sale, a second
 * service on the paddle's visit, a bad quantity, too few in stock).
 */
async function priceAdded(paid: OrderItem, add: AddToPaidOrder["add"]) {
  // The edit's pricing loads with the request, off the route's cold start (test/infra/bundling.test.ts), as Edit Lines' does.
  const [skus, { priceLineEdit }] = await Promise.all([productsByIds(add.map((line) => line.skuId)), import("../pricing/order-edit")]);
  const newLineId = () => randomUUID().replaceAll("-", "").slice(0, 12);
  // The paddle's visit has one service: priced beside the paid order's lines only to refuse a second one.
  priceLineEdit({ order: { ...paid, stockTaken: [] }, add, remove: [], skus, promotion: null, newLineId });
  const priced = priceLineEdit({
    order: { lineItems: [], paddleId: undefined, promoCode: undefined, discountAmountCents: 0, taxRateBps: paid.taxRateBps ?? 0, stockTaken: [], paymentStatus: "unpaid", paymentMethod: "STRIPE" },
    add,
    remove: [],
    skus,
    promotion: null,
    newLineId,
  });
  const sale: PricedSale = {
    // Every line added names its product (and keeps the id the edit gave it).
    lineItems: priced.lineItems.map((line) => ({ ...line, skuId: line.skuId! })),
    subtotalCents: priced.subtotalCents,
    discountAmountCents: 0,
    promoCode: undefined,
    taxCents: priced.taxCents,
    taxRateBps: paid.taxRateBps ?? 0,
    totalCents: priced.totalCents,
    pointsRedeemed: 0,
    pointsDiscountCents: 0,
    stockTakes: priced.takes,
  };
  return sale;
}

/** Makes an added order for paid order `id`; answers it as a counter sale is answered (201). */
export const addToPaid = /* @__PURE__ */ fn({ role: "staff", input: AddedInput }, async (staff, { id, form, idempotencyKey, siteUrl }): Promise<InvoiceAnswer> => {
  const actor = personOf(staff);
  const payment = form.payment ?? "counter";
  const { order, replayed } = await createOrder(
    actor,
    async (now) => {
      const paid = await readOrder(id);
      if (!paid) throw notFound(ORDER_NOT_FOUND);
      const refusal = addToPaidRefusal(paid);
      if (refusal) throw conflict(refusal);
      const customer = await customerOf(paid.userId);
      paymentAllowed(customer, payment, form.phoneConfirmed);
      const priced = await priceAdded(paid, form.add);
      const shop = paid.counterShop ?? (paid.dropoffLocation === "HIGHLANDS_RANCH" || paid.dropoffLocation === "LITTLETON" ? paid.dropoffLocation : DEFAULT_DROPOFF_LOCATION);
      const reference = paid.number === undefined ? paid.id.slice(-6).toUpperCase() : orderNumberText(paid.number);
      const at = now.toISOString();
      const fields = counterSaleFields(actor, await Users.firstNameOf(actor), customer, priced, `Added to ${reference} after payment`, now, shop);
      return {
        order: {
          ...fields,
          // Nothing to pay (a free product): done at once, as a paid one is.
          ...(fields.paymentStatus === "comp" ? { status: "PICKED_UP" as const, pickedUpAt: at } : {}),
          addedToOrderId: paid.id,
          ...(paid.number !== undefined ? { addedToNumber: paid.number } : {}),
          ...(paid.paddle ? { paddle: paid.paddle } : {}),
        },
        stockTakes: priced.stockTakes,
        audit: {
          action: "order.added_to_paid",
          diff: { addedTo: paid.id, addedToNumber: paid.number ?? null, totalCents: priced.totalCents, lines: priced.lineItems.map((line) => `${line.quantity} × ${line.name}`), ...paymentAudit(customer, payment, form.phoneConfirmed) },
        },
        writes: (entities, { orderId }) => [
          {
            label: PAID_ORDER_LABEL,
            write: entities.serviceOrder
              .patch({ id: paid.id })
              // updatedAt moves with it (entities/attributes.ts): the pickup's and the cancel's condition.
              .append({ addedOrderIds: [orderId] })
              .where((a, { eq }) => [eq(a.status, paid.status), eq(a.paymentStatus, paid.paymentStatus), eq(a.updatedAt, paid.updatedAt)].join(" AND "))
              .commit(),
          },
        ],
        refusal: (failed) => (failed.includes(PAID_ORDER_LABEL) ? conflict(ADD_CHANGED) : undefined),
      };
    },
    { idempotencyKey },
  );
  const sale = await linkAndText(order, { siteUrl, replayed, sale: true, payment });
  return {
    orderId: sale.order.id,
    reference: orderReference(sale.order),
    bagAssigned: false,
    checkoutUrl: sale.checkoutUrl,
    smsStatus: sale.smsStatus,
    order: view(sale.order, { staff: true }),
  };
});

