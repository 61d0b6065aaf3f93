import type { UserActor } from "../../packages/core/src/actor";
import * as Orders from "../../packages/core/src/orders";
import * as Paddles from "../../packages/core/src/paddles";
import * as Storefront from "../../packages/core/src/storefront";
import { Bags } from "../../packages/core/src/bags";
import { db } from "../../packages/core/src/db";
import { writeLabelled } from "../../packages/core/src/db/labelled";
import { claim } from "../../packages/core/src/paddles/open-order";
import { hoursOn, instantOf, pickupDateFor } from "../../packages/core/src/shared/calendar";
import { shopLocation } from "../../packages/core/src/shared/locations";
import { env } from "../env";

/**
 * The demo shop's orders, so staff who sign in on a fresh `npm start` find a queue to run: four of the demo
 * customer's paddles, one in each of the queue's working stages. Each is made and moved through the very code
 * the API runs (booking, the storefront invoice, the status moves), so stock, bag holds, the stage counters, the
 * audit log and the texts are what the shop would have:
 *
 * | bag | how it came in | where it is |
 * |---|---|---|
 * | 121 | storefront invoice at the counter (the payment link texted) | Waiting Payment |
 * | 122 | booked by Casey, moved on by staff | Service Queue |
 * | 123 | booked by Casey | Being Serviced |
 * | 124 | booked by Casey | Complete (ready, Casey texted) |
 *
 * Every one is whole: its paddle (Casey's "Walk-in Special" for 121), Highlands Ranch as its drop-off and
 * pickup, its drop-off time and the pickup day the calendar promises, and its paddle's one-open-order claim.
 *
 * Bags 121 to 124 are held by these orders; the tests book other bags. Drop-off is Highlands Ranch, so the demo's
 * ready text is told apart from the tests' (Littleton). Orders moved on by staff are not under the unpaid hold,
 * and counter sales never are, so the demo queue does not empty itself after an hour. Skipped when the demo
 * customer has any order already (seeding is idempotent).
 */
export async function seedDemoOrders(customer: UserActor, employee: UserActor): Promise<void> {
  const existing = await Orders.list(customer, { limit: "1" });
  if (existing.orders.length > 0) return;

  const siteUrl = process.env[env.siteUrl] || "http://localhost:3000";
  const paddle = (nickname: string, brand: string, model: string) => Paddles.create(customer, { nickname, brand, model });
  const book = async (paddleId: string, bagNumber: string, service: string, addOns: string[] = []) =>
    (
      await Orders.book(customer, {
        form: { paddleId, bagNumber, dropoffLocation: "HIGHLANDS_RANCH", service, addOns },
        idempotencyKey: `demo-order-${bagNumber}`,
      })
    ).id;
  const move = async (id: string, ...statuses: ("IN_QUEUE" | "IN_SERVICE" | "READY")[]) => {
    for (const status of statuses) {
      await Orders.moveOrder(employee, { id, change: { status } });
    }
  };

  const invoiced = await Storefront.invoice(employee, {
    form: {
      customerId: customer.userId,
      bagNumber: "121",
      items: [{ id: "sku-strip-and-grip-black-tacky", quantity: 1 }],
      myGripNotes: "Walk-in: wants it back by Saturday",
    },
    idempotencyKey: "demo-order-121",
    siteUrl,
  });
  // A counter invoice names no paddle and no shop (it is made at the counter): the demo's is Casey's paddle, brought
  // to Highlands Ranch, so its order page and the queue show a paddle, a shop and a pickup day.
  await atTheShop(invoiced.orderId, await paddle("Walk-in Special", "Selkirk", "Amped"));

  const queued = await paddle("Big Red", "Joola", "Perseus");
  await move(await book(queued.id, "122", "sku-strip-and-grip-red-tacky"), "IN_QUEUE");

  const inService = await paddle("Backup", "Selkirk", "Vanguard");
  await move(await book(inService.id, "123", "sku-premium-regrip-black-cushioned", ["sku-edge-tape"]), "IN_QUEUE", "IN_SERVICE");

  const ready = await paddle("Club Paddle", "Engage", "Pursuit");
  await move(await book(ready.id, "124", "sku-strip-and-grip-white-dry"), "IN_QUEUE", "IN_SERVICE", "READY");
}

/**
 * Makes counter sale `orderId` whole for the demo: the paddle it is for (its copy, and its one-open-order claim),
 * Highlands Ranch as its drop-off and pickup at the time it was made, and the pickup day the calendar promises.
 * One transaction, on the condition that the order names no paddle yet (the seed runs once).
 */
async function atTheShop(orderId: string, paddle: { id: string; nickname: string | null; brand: string; model: string | null }): Promise<void> {
  const { data: order } = await db().entities.serviceOrder.get({ id: orderId }).go({ consistent: true });
  if (!order || order.paddleId) return;
  const shop = shopLocation("HIGHLANDS_RANCH")!;
  const dropoff = new Date(order.createdAt);
  const pickupDate = pickupDateFor(shop, dropoff);
  const bagId = order.bagCode ? await Bags.idOf(order.bagCode) : null;
  const result = await writeLabelled((entities) => [
    {
      label: "order",
      write: entities.serviceOrder
        .patch({ id: orderId })
        .set({
          paddleId: paddle.id,
          paddle: { brand: paddle.brand, ...(paddle.nickname ? { nickname: paddle.nickname } : {}), ...(paddle.model ? { model: paddle.model } : {}) },
          dropoffLocation: shop.value,
          pickupLocation: shop.value,
          isOnsite: false,
          dropoffDateTime: dropoff.toISOString(),
          pickupDate,
          pickupDateTime: instantOf(pickupDate, hoursOn(shop, pickupDate)!.open).toISOString(),
        })
        .where((a, { notExists }) => notExists(a.paddleId))
        .commit(),
    },
    ...claim(entities, paddle.id, orderId),
    // The paddle is in the order's bag, as a booked paddle is.
    ...(bagId ? [{ label: "paddle", write: entities.paddle.patch({ userId: order.userId, id: paddle.id }).set({ bagId }).commit() }] : []),
  ]);
  if (!result.committed) throw new Error(`Making demo order ${orderId} whole was cancelled: ${JSON.stringify(result.codes)}`);
}
