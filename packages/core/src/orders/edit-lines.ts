/**
 * PATCH /api/orders/{id}/lines: staff add or remove an order's lines before it is paid and before service starts
 * (a build-up asked for at drop-off). The rules and words are shared/order-edit.ts's; the pricing is
 * pricing/order-edit.ts's (the lines added priced from the catalogue, the totals, tax, promotion, points and cover
 * added up again by the one totals rule).
 *
 * Read, decide, write (db/labelled.ts `readDecideWrite`): the order is read and refused here when it may not change;
 * the edit is priced against it and the change decided in ./edit-change.ts (loaded then); it is written
 * by the one move writer (move-writer.ts) as one transaction: the order's new lines, totals and `stockTaken`,
 * conditioned on its `updatedAt` and payment state as read (optimistic concurrency: two staff editing at once are
 * written one after the other, each priced on the other's result), the stock taken and given back (inventory
 * module: a take below zero cancels it all, 409 naming what is left), and the audit entry `order.lines_changed`.
 * When another write changed the order between the read and the write, it is read and priced again; with the
 * `version` the console sends, an order changed since the editor read it is refused instead (409).
 *
 * After the commit the customer is told what changed and the new bill (notifications/confirmations.ts
 * `linesChangedNotice`, through texts/, as they allow). An order's open card checkout was for the old amount: it
 * is forgotten (`stripeCheckoutSessionId` removed), so the next Pay Now or payment link opens one for the new total
 * (a payment of the old amount is refused by the webhook's amount check).
 */
import * as z from "zod/mini";
import { personOf } from "../actor";
import { fn } from "../actor/fn";
import { db } from "../db";
import { CHANGED, readDecideWrite } from "../db/labelled";
import { conflict, notFound } from "../errors";
import { Id } from "../shared/ids";
import { EDIT_BUSY, EDIT_CHANGED, editRefusal, OrderLinesEdit } from "../shared/order-edit";
import { ORDER_NOT_FOUND } from "../shared/orders";
import { readOrder, writeOrder } from "./move-writer";
import { fullView } from "./full-view";
import { view, type OrderItem, type OrderView } from "./view";

export { OrderLinesEdit } from "../shared/order-edit";

const EditLinesInput = z.object({ id: Id, edit: OrderLinesEdit });

/**
 * Adds and removes lines of order `id` (staff): answers the order as staff see it (with `preview`, as it would be,
 * nothing written). 404 for no such order; 409 when
 * it is paid, comped, canceled or in service (shared/order-edit.ts `editRefusal`), changed since `version`, or a
 * product ran out; 400 for a product not on sale, an unknown line, a bad quantity or weight area.
 */
export const editLines = /* @__PURE__ */ fn({ role: "staff", input: EditLinesInput }, async (staffActor, { id, edit }): Promise<OrderView> => {
  const actor = personOf(staffActor);
  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  const who = { actor, name: user?.firstName || actor.givenName || actor.username };
  const written = await readDecideWrite<OrderItem>(
    async () => {
      const order = await readOrder(id);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (edit.version !== undefined && edit.version !== order.updatedAt) throw conflict(EDIT_CHANGED);
      const refusal = editRefusal(order);
      if (refusal) throw conflict(refusal);
      // The pricing and the decision load once an edit gets this far (a refused one never needs them): the route's
      // cold path stays small (test/infra/bundling.test.ts).
      const change = await (await import("./edit-change")).decideEdit(order, edit, who);
      // A preview: the order as the edit would leave it, nothing written, nobody told.
      if (edit.preview) return { ...order, ...change.set } as OrderItem;
      const written = await writeOrder({ ...change, order });
      return written.committed ? written.order : CHANGED;
    },
    () => conflict(EDIT_BUSY),
  );
  if (edit.preview) return view(written, { staff: true });
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  if (!data) throw notFound(ORDER_NOT_FOUND);
  return fullView(staffActor, data);
});
