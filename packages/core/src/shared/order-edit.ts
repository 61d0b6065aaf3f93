/**
 * Editing an order's lines (PATCH /api/orders/{id}/lines, orders/edit-lines.ts): who may, when, the request and the
 * refusals' words. Browser-safe: the console's Edit lines shows the button and its refusals from these, and the
 * server enforces the same.
 *
 * When: staff (an employee or an admin) may add or remove lines while nothing has been paid on the order and
 * service has not started: stages Awaiting Payment, Scheduled, Checked In and In Queue, payment state unpaid, or a
 * comp with nothing waived (a booking a membership, a pack or points paid in full). A paid or refunded order, an
 * admin's comp (a balance waived), an order in service, ready, picked up or canceled is refused with 409 and the
 * words below. After payment, more is a new balance to pay: an added order (./order-balance.ts).
 *
 * A line is named by its id (`lineIdOf`, shared/orders.ts): the id stored on it, or, on a line written before lines had ids, its place
 * in the order ("line-1" for the first). An edit writes every line's id, so the names never move.
 */
import * as z from "zod/mini";
import { boundedId } from "./ids";
import { stageOfStatus, type OrderStatus, type Stage } from "./lifecycle";
import type { PaymentStatus } from "./lifecycle";

/** The stages whose orders' lines may change: before service starts. */
export const EDITABLE_STAGES: readonly Stage[] = ["awaiting_payment", "scheduled", "checked_in", "in_queue"];

export const EDIT_PAID = "This order is paid, so its lines can no longer change. Add anything more with Add to This Order: a new balance to pay.";
export const EDIT_REFUNDED = "This order was refunded, so its lines can no longer change.";
export const EDIT_COMPED = "This order was comped by an admin, so its lines can no longer change.";
export const EDIT_CANCELED = "This order is canceled, so its lines can no longer change.";
export const EDIT_IN_SERVICE = "Service on this paddle has started, so its lines can no longer change.";
export const EDIT_CHANGED =
  "Someone else changed this order while you were editing it. Look at its lines again and make your change once more.";
export const EDIT_BUSY = "This order is being changed by someone else right now. Please try again.";
export const EDIT_NOTHING = "Add or remove at least one line";
export const EDIT_UNKNOWN_LINE = "That line is not on this order. Look at its lines again.";
export const EDIT_COVERED_LINE =
  "This line is covered by the customer's membership or pack, so it cannot be removed. Cancel the order to give the regrip back.";
export const EDIT_NO_LINES_LEFT = "An order needs at least one line. Cancel the order instead.";
export const EDIT_SECOND_SERVICE = "This order already has a service. Remove it first to choose another.";
export const EDIT_PRODUCT_UNAVAILABLE = "That product is not available";
/** Most of one product one edit adds. */
export const EDIT_MAX_QUANTITY = 20;
export const EDIT_QUANTITY_RANGE = `Quantity must be a whole number from 1 to ${EDIT_MAX_QUANTITY}`;
export const EDIT_TOO_MANY = "At most 10 lines added and 20 removed in one edit";

export interface EditableOrder {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  totalCents: number;
}

/** Why the order's lines cannot change now, in the words staff read; null when they can. */
export function editRefusal(order: EditableOrder): string | null {
  const stage = stageOfStatus[order.status];
  if (stage === "canceled") return EDIT_CANCELED;
  if (order.paymentStatus === "paid") return EDIT_PAID;
  if (order.paymentStatus === "refunded") return EDIT_REFUNDED;
  // A comp with a total is an admin's: the balance was waived, and an edit would bring it back.
  if (order.paymentStatus === "comp" && order.totalCents > 0) return EDIT_COMPED;
  if (!EDITABLE_STAGES.includes(stage)) return EDIT_IN_SERVICE;
  return null;
}

export { lineIdOf } from "./orders";

/** One product added: its id, how many (default 1), and for a weight the areas it goes on (then one per area). */
export const EditLineAdd = z.object({
  skuId: boundedId(EDIT_PRODUCT_UNAVAILABLE),
  quantity: z.optional(
    z.number({ error: EDIT_QUANTITY_RANGE }).check(z.int(EDIT_QUANTITY_RANGE), z.minimum(1, EDIT_QUANTITY_RANGE), z.maximum(EDIT_MAX_QUANTITY, EDIT_QUANTITY_RANGE)),
  ),
  options: z.optional(
    z.object({
      weightAreas: z.optional(
        z
          .array(z.string({ error: "That weight area is not available" }).check(z.maxLength(40, "That weight area is not available")), {
            error: "That weight area is not available",
          })
          .check(z.maxLength(5, "Choose at most 5 areas for the weight")),
      ),
    }),
  ),
});
export type EditLineAdd = z.output<typeof EditLineAdd>;

/**
 * The body of PATCH /api/orders/{id}/lines. `preview` prices the edit and answers the order as it would be, writing
 * nothing (the console shows the new bill before saving, priced by the server). `version` is the order's `updatedAt` as the editor read it: when sent, an
 * order changed since is refused (409 EDIT_CHANGED) rather than edited blind; the console always sends it.
 */
export const OrderLinesEdit = z
  .object({
    add: z.optional(z.array(EditLineAdd, { error: EDIT_PRODUCT_UNAVAILABLE }).check(z.maxLength(10, EDIT_TOO_MANY))),
    remove: z.optional(z.array(boundedId(EDIT_UNKNOWN_LINE), { error: EDIT_UNKNOWN_LINE }).check(z.maxLength(20, EDIT_TOO_MANY))),
    version: z.optional(z.string({ error: EDIT_CHANGED }).check(z.maxLength(40, EDIT_CHANGED))),
    /** True: answer the order as the edit would leave it (its new bill), writing nothing: the console's preview. */
    preview: z.optional(z.boolean({ error: "preview must be true or false" })),
  })
  .check(z.refine((edit) => (edit.add?.length ?? 0) + (edit.remove?.length ?? 0) > 0, { message: EDIT_NOTHING }));
export type OrderLinesEdit = z.output<typeof OrderLinesEdit>;
