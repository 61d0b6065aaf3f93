/**
 * Packs of regrips (shared/packs.ts has the rules and words): the public list, a customer's checkout and their
 * packs, and the admin's list, create and edit (./admin.ts).
 *
 * A checkout (POST /api/packs/{id}/checkout) writes a pending packCredit with the pack's terms as sold (the amount
 * the payment page shows and the webhook checks, never the browser's) and opens a card checkout in payment mode;
 * the webhook makes it paid exactly once (./record.ts). A booking of a covered service takes a credit in the
 * order's transaction (./credit.ts); a cancel gives it back (./credit-return.ts).
 */
import * as z from "zod/mini";
import { ById, fn, NoInput } from "../actor/fn";
import { db } from "../db";
import { balanceOf } from "./read";
import { allPacks, packView } from "./view";
import { notFound, unavailable } from "../errors";
import { paymentProvider } from "../payments/provider";
import { Id } from "../shared/ids";
import { PACK_CURRENCY, PACK_NOT_FOR_SALE, PACK_NOT_FOUND, packReturnUrls, type PackView } from "../shared/packs";

export * as Packs from "./index";
export { create, list as adminList, update } from "./admin";
export { balanceOf, creditView, paidCreditsOf, type PackCreditItem } from "./read";
export { allPacks, PACK_LIST_LIMIT, packView, type PackItem } from "./view";

/** GET /api/packs: the packs on sale, for anyone. */
export const list = /* @__PURE__ */ fn({ role: "public", input: NoInput }, async (): Promise<{ items: PackView[] }> => ({
  items: (await allPacks()).filter((pack) => pack.isActive).map(packView),
}));

/** GET /api/packs/mine: the caller's bought packs and their balance. */
export const mine = /* @__PURE__ */ fn({ role: "customer", input: NoInput }, async (actor) => balanceOf(actor.userId));

/** GET /api/customers/{id}/packs: a customer's bought packs and their balance, for staff at the counter (none for an unknown id). */
export const ofCustomer = /* @__PURE__ */ fn({ role: "staff", input: ById }, async (_actor, { id }) => balanceOf(id));

const CheckoutInput = z.object({ id: Id, siteUrl: z.string() });

/**
 * POST /api/packs/{id}/checkout: 201 {url} of a card checkout for the pack at its price now; 404 for an unknown
 * pack, 409 for one no longer on sale. The pack is credited by the webhook once paid.
 */
export const checkout = /* @__PURE__ */ fn({ role: "customer", input: CheckoutInput }, async (actor, { id, siteUrl }): Promise<{ url: string }> => {
  const { data: pack } = await db().entities.pack.get({ id }).go({ consistent: true });
  if (!pack) throw notFound(PACK_NOT_FOUND);
  if (!pack.isActive) throw notFound(PACK_NOT_FOR_SALE);
  // Before the pending pack is written: a stage without card payments refuses with nothing written (payments/provider.ts).
  const provider = await paymentProvider();
  const { data: pending } = await db()
    .entities.packCredit.create({
      userId: actor.userId,
      packId: pack.id,
      name: pack.name,
      regrips: pack.regrips,
      services: pack.services,
      ...(pack.validDays ? { validDays: pack.validDays } : {}),
      priceCents: pack.priceCents,
      status: "pending",
    })
    .go();
  let session;
  try {
    session = await provider.createPackCheckout(
      { packCreditId: pending.id, userId: actor.userId, name: pack.name, amountCents: pending.priceCents, currency: PACK_CURRENCY, email: actor.email },
      { ...packReturnUrls(siteUrl), siteUrl },
    );
  } catch (error) {
    console.error(`Pack checkout for pack ${pack.id} failed`, error);
    throw unavailable("Card payments are not available right now. Please try again in a few minutes.");
  }
  // The session the payment page and the webhook match the pending pack with.
  await db().entities.packCredit.patch({ userId: actor.userId, id: pending.id }).set({ stripeCheckoutSessionId: session.id }).go();
  return { url: session.url };
});
