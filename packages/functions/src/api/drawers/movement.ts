import { addMovement } from "@regrip/core/drawers";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/**
 * POST /api/drawers/{id}/movements {direction: "in" | "out", amountCents, reason} (staff): cash paid in or out;
 * 201 the session with its lines. 409 DRAWER_CLOSED when closed, 409 for a paid out over the expected cash. The
 * same Idempotency-Key answers the same movement.
 */
export const handler = api({ body: addMovement.schema.shape.movement }, async (req) =>
  json(await addMovement(req.user(), { id: req.params.id, movement: req.body(), idempotencyKey: req.header("idempotency-key") || undefined }), 201),
);
