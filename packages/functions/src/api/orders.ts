import { Orders } from "@regrip/core/orders";
import { api } from "../http/handler";
import { json } from "../http/reply";

/** POST /api/book-service: 201 {id, requiresPayment}; a repeat with the same Idempotency-Key answers the same order. */
export const book = api({ body: Orders.BookService }, async (req) => {
  const actor = req.user();
  const input = req.body();
  return json(await Orders.book(actor, input, { idempotencyKey: req.header("idempotency-key") }), 201);
});

/** GET /api/orders?limit=&cursor=: the caller's own orders (staff too: My Grips is one's own), newest first. */
export const list = api({ query: Orders.OrderListQuery }, async (req) => Orders.list(req.user(), req.query));

/** GET /api/orders/{id}: the order, for its owner or staff; anyone else gets 404 as for a missing id. */
export const get = api(async (req) => Orders.get(req.user(), req.params.id ?? ""));
