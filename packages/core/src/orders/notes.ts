/**
 * PUT /api/orders/{id}/notes: the staff's internal MyGripNotes on an order
 * (the queue's inline edit), written with its audit entry in one transaction.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { writeLabelled } from "../db/labelled";
import { notFound } from "../errors";
import { Id } from "../shared/ids";
import { OrderNotes } from "../shared/order-notes";
import { ORDER_NOT_FOUND } from "../shared/orders";
import { find } from "./owned";
import { view, type OrderView } from "./view";
import * as OrderNumbers from "./numbers";

export { OrderNotes } from "../shared/order-notes";

const UpdateNotesInput = z.object({ id: Id, notes: OrderNotes });
/** Sets (or, with "", clears) an order's staff notes. Audit `order.notes_updated`. */
export const updateNotes = /* @__PURE__ */ fn({ role: "staff", input: UpdateNotesInput }, async (actor, { id, notes: input }): Promise<OrderView> => {
  const order = await find(actor, id);
  const notes = input.myGripNotes.trim() ? input.myGripNotes : "";
  const at = new Date().toISOString();
  const result = await writeLabelled((entities) => [
    {
      label: "order",
      write: (notes
        ? entities.serviceOrder.patch({ id }).set({ myGripNotes: notes })
        : entities.serviceOrder.patch({ id }).remove(["myGripNotes"])
      ).commit(),
    },
    {
      label: "audit",
      write: entities.auditLog
        .create({
          ...auditEntry({
            actor,
            action: "order.notes_updated",
            targetType: "order",
            targetId: id,
            diff: { ...OrderNumbers.audited(order), myGripNotes: { from: order.myGripNotes ?? null, to: notes || null } },
          }),
          createdAt: at,
        })
        .commit(),
    },
  ]);
  if (!result.committed) {
    if (result.failed.includes("order")) throw notFound(ORDER_NOT_FOUND);
    throw new Error(`Saving the notes of order ${id} was cancelled: ${JSON.stringify(result.codes)}`);
  }
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  if (!data) throw notFound(ORDER_NOT_FOUND);
  return view(data, { staff: true });
});
