import { createHash } from "node:crypto";
import type { EntityItem } from "electrodb";
import * as z from "zod/mini";
import { FORBIDDEN, isStaff, type UserActor } from "../actor";
import { ById, fn, NoInput } from "../actor/fn";
import * as Audit from "../audit";
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import { newId } from "../entities/attributes";
import type { Paddle } from "../entities";
import { IdempotencyKey } from "../shared/idempotency";
import { CreatePaddle, UpdatePaddle } from "../shared/paddle-input";
import { PADDLE_NOT_FOUND, type PaddleView } from "../shared/paddles";
import { forbidden, notFound } from "../errors";
import { CUSTOMER_NOT_FOUND } from "../shared/customers";
import { Id } from "../shared/ids";
import { ImageUpload, presignPut, paddlePhotoKey, type UploadTarget } from "../uploads";
import * as Users from "../users";
import { openOrdersOf } from "./open-orders";
import { UNKNOWN_BRAND } from "../shared/paddles";

export * as Paddles from "./index";
export { freeFromBag, NOT_IN_A_BAG } from "./free-from-bag";

export type PaddleItem = EntityItem<Paddle>;


/** The request schemas live in browser-safe shared/paddle-input: the web app's forms check with them. */
export { CreatePaddle, UpdatePaddle };

/** What the API answers for a paddle (docs/api.md): the browser-safe view type in shared/paddles. */
export type { PaddleView };

export function view(paddle: PaddleItem, bagCode?: string, openOrderId: string | null = null): PaddleView {
  return {
    id: paddle.id,
    userId: paddle.userId,
    brand: paddle.brand,
    model: paddle.model ?? null,
    nickname: paddle.nickname ?? null,
    personality: paddle.personality ?? null,
    coreThickness: paddle.coreThickness ?? null,
    shape: paddle.shape ?? null,
    material: paddle.material ?? null,
    colorway: paddle.colorway ?? null,
    serial: paddle.serial ?? null,
    photoUrl: paddle.photoUrl ?? null,
    photoUrls: paddle.photoUrls ?? null,
    prefs: { tackiness: paddle.prefs?.tackiness ?? null, color: paddle.prefs?.color ?? null },
    bagId: paddle.bagId ?? null,
    bag: paddle.bagId && bagCode ? { code3: bagCode } : null,
    openOrderId,
    ownershipStatus: paddle.ownershipStatus,
    knownDefects: paddle.knownDefects ?? null,
    weightGrams: paddle.weightGrams ?? null,
    gripSize: paddle.gripSize ?? null,
    createdAt: paddle.createdAt,
    updatedAt: paddle.updatedAt,
  };
}

/** What a customer may write; the rest (ids, timestamps, bag, photo list) the shop sets. */
type Writable = Partial<Omit<PaddleItem, "userId" | "id" | "createdAt" | "updatedAt" | "bagId" | "photoUrls">>;
type Clearable = Exclude<keyof UpdatePaddle, "brand" | "nickname" | "ownershipStatus">;

/** Input → attributes to set and to remove ("" and null clear an optional field). */
export function changesOf(input: UpdatePaddle): { set: Writable; remove: Clearable[] } {
  const set: Record<string, unknown> = {};
  const remove: Clearable[] = [];
  for (const [name, value] of Object.entries(input) as [keyof UpdatePaddle, unknown][]) {
    if (value === undefined) continue;
    if (name === "prefs" && value !== null) {
      const prefs = Object.fromEntries(Object.entries(value as object).filter(([, v]) => v !== null && v !== undefined && v !== ""));
      if (Object.keys(prefs).length > 0) set.prefs = prefs;
      else remove.push("prefs");
      continue;
    }
    if (value === null || value === "") remove.push(name as Clearable);
    else set[name] = value;
  }
  return { set: set as Writable, remove };
}

/** The code3 of each bag id (BatchGetItem on the bags' keys). */
async function bagCodes(bagIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(bagIds)];
  if (unique.length === 0) return new Map();
  const { data } = await db().entities.bag.get(unique.map((id) => ({ id }))).go();
  return new Map(data.map((bag) => [bag.id, bag.code3]));
}

async function withBag(paddle: PaddleItem): Promise<PaddleView> {
  const [codes, open] = await Promise.all([bagCodes(paddle.bagId ? [paddle.bagId] : []), openOrdersOf([paddle.id])]);
  return view(paddle, paddle.bagId ? codes.get(paddle.bagId) : undefined, open.get(paddle.id) ?? null);
}

/** Paddles newest first, each with its bag's code and the open order it is in (one BatchGet each). */
async function withBags(data: PaddleItem[]): Promise<PaddleView[]> {
  const [codes, open] = await Promise.all([
    bagCodes(data.flatMap((paddle) => (paddle.bagId ? [paddle.bagId] : []))),
    openOrdersOf(data.map((paddle) => paddle.id)),
  ]);
  return data
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((paddle) => view(paddle, paddle.bagId ? codes.get(paddle.bagId) : undefined, open.get(paddle.id) ?? null));
}

/** C5: the caller's paddles they still own, newest first, each with its bag's code and the open order it is in (one BatchGet each). */
export const list = /* @__PURE__ */ fn({ role: "customer", input: NoInput }, (actor): Promise<PaddleView[]> => ownedPaddles(actor.userId));

/**
 * GET /api/customers/{id}/paddles (staff): the customer's paddles they still own, newest first, as C5 answers them:
 * the counter's sale offers them first (one already in an open order is shown as in the shop). None for an unknown id.
 */
export const ofCustomer = /* @__PURE__ */ fn({ role: "staff", input: ById }, (_actor, { id }): Promise<PaddleView[]> => ownedPaddles(id));

async function ownedPaddles(userId: string): Promise<PaddleView[]> {
  const { data } = await db()
    .entities.paddle.query.byOwner({ userId })
    .where(({ ownershipStatus }, { eq }) => eq(ownershipStatus, "owned"))
    .go({ pages: "all" });
  return withBags(data);
}

/**
 * A customer's paddles as staff see them on the customer page (customers/summary.ts): at most `limit` of their
 * partition's paddles (one Query of `limit + 1`, sold or given away ones too, with their ownership status), newest
 * first, with bag codes and open orders; `more` when they have more.
 */
export async function recentOfCustomer(userId: string, limit: number): Promise<{ items: PaddleView[]; more: boolean }> {
  const { data } = await db().entities.paddle.query.byOwner({ userId }).go({ limit: limit + 1 });
  return { items: await withBags(data.slice(0, limit)), more: data.length > limit };
}

/** One paddle of `userId`; another customer's paddle is as missing as an unknown id. */
async function get(userId: string, id: string): Promise<PaddleItem> {
  const { data } = await db().entities.paddle.get({ userId, id }).go();
  if (!data) throw notFound(PADDLE_NOT_FOUND);
  return data;
}

/**
 * A paddle the caller may act on: their own only. Staff reach a customer's
 * paddles through the staff calls that need them (creating one at the
 * counter, below; the order views carry the paddle's names), never through
 * the customer's own edit, photo and delete routes: there another
 * customer's paddle is as missing as an unknown id, whoever asks.
 */
export const find = /* @__PURE__ */ fn({ role: "customer", input: ById }, async (actor, { id }) => get(actor.userId, id));

/** C6 / S10. A customer creates for themselves; staff may name the customer. */
export const create = /* @__PURE__ */ fn({ role: "customer", input: CreatePaddle }, (actor, input) => createPaddle(actor, input, newId()));

const CreateOnce = z.object({ paddle: CreatePaddle, idempotencyKey: z.optional(IdempotencyKey) });

/**
 * POST /api/paddles with its Idempotency-Key: a repeat of the key (a double click on Add Paddle, a retry) answers the
 * paddle the first request made, and makes no second one. The paddle's id is derived from the caller and the key, so
 * the repeat's create finds the first one's item and reads it back; without a key, a new paddle each time.
 */
export const createOnce = /* @__PURE__ */ fn(
  { role: "customer", input: CreateOnce },
  async (actor, { paddle, idempotencyKey }): Promise<PaddleView> => {
    if (!idempotencyKey) return createPaddle(actor, paddle, newId());
    const hex = createHash("sha256").update(`paddle:${actor.userId}:${idempotencyKey}`).digest("hex");
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
    try {
      return await createPaddle(actor, paddle, id);
    } catch (error) {
      // The create's condition (or, staff for a customer, the transaction's) failed: the first request's paddle.
      const { data: first } = await db().entities.paddle.get({ userId: paddle.userId ?? actor.userId, id }).go();
      if (first) return withBag(first);
      throw error;
    }
  },
);

async function createPaddle(actor: UserActor, input: CreatePaddle, id: string): Promise<PaddleView> {
  const { userId: forUser, ...rest } = input;
  const userId = forUser ?? actor.userId;
  if (userId !== actor.userId) {
    if (!isStaff(actor)) throw forbidden(FORBIDDEN);
    if (!(await Users.get(userId))) throw notFound(CUSTOMER_NOT_FOUND);
  }
  const { set } = changesOf(rest);
  const item = { ...set, id, userId, brand: rest.brand, nickname: rest.nickname };
  if (userId === actor.userId) {
    const { data } = await db().entities.paddle.create(item).go();
    return view(data);
  }
  // Staff at the counter, for a customer: the paddle and its audit entry are written together.
  await db()
    .transaction.write(({ paddle, auditLog }) => [
      paddle.create(item).commit(),
      auditLog
        .create(
          Audit.entry({
            actor,
            action: "paddle.created_for_customer",
            targetType: "paddle",
            targetId: item.id,
            diff: { userId, nickname: item.nickname, brand: item.brand },
          }),
        )
        .commit(),
    ])
    .go();
  return view(await get(userId, item.id));
}

const UpdateInput = z.object({ id: Id, patch: UpdatePaddle });
/** C7 (S18 for staff): the fields sent, on the caller's own paddle. */
export const update = /* @__PURE__ */ fn({ role: "customer", input: UpdateInput }, async (actor, { id, patch: input }): Promise<PaddleView> => {
  const userId = actor.userId;
  const { set, remove } = changesOf(input);
  if (Object.keys(set).length === 0 && remove.length === 0) return withBag(await get(userId, id));
  try {
    let patch = db().entities.paddle.patch({ userId, id }).set(set);
    if (remove.length > 0) patch = patch.remove(remove);
    const { data } = await patch.go({ response: "all_new" });
    return withBag(data as PaddleItem);
  } catch (error) {
    if (isConditionFailed(error)) throw notFound(PADDLE_NOT_FOUND);
    throw error;
  }
});

export const remove = /* @__PURE__ */ fn({ role: "customer", input: ById }, async (actor, { id }): Promise<void> => {
  try {
    await db().entities.paddle.remove({ userId: actor.userId, id }).go();
  } catch (error) {
    if (isConditionFailed(error)) throw notFound(PADDLE_NOT_FOUND);
    throw error;
  }
});

const PhotoUploadInput = z.object({ id: Id, upload: ImageUpload });
/** Where to PUT a new photo of the caller's paddle; the browser then PATCHes `photoUrl`. */
export const photoUpload = /* @__PURE__ */ fn({ role: "customer", input: PhotoUploadInput }, async (actor, { id, upload }): Promise<UploadTarget> => {
  const paddle = await get(actor.userId, id);
  return presignPut(paddlePhotoKey(paddle.userId, paddle.id, upload.contentType), upload);
});

/** The brand a paddle made at the counter gets when staff do not know it (brand is required on a paddle). */
export { UNKNOWN_BRAND };

/**
 * A paddle staff make for a customer inside another transaction (a quick
 * sale's order): the paddle and its audit entry as labelled writes
 * (`paddle`, `paddle-audit`), and the new paddle's id.
 */
export function madeForCustomer(
  entities: TransactionEntities,
  actor: UserActor,
  input: { id: string; userId: string; nickname: string; brand?: string; model?: string; bagId?: string },
): LabelledWrite[] {
  const brand = input.brand ?? UNKNOWN_BRAND;
  return [
    {
      label: "paddle",
      write: entities.paddle
        .create({ id: input.id, userId: input.userId, nickname: input.nickname, brand, ...(input.model ? { model: input.model } : {}), ...(input.bagId ? { bagId: input.bagId } : {}) })
        .commit(),
    },
    {
      label: "paddle-audit",
      write: entities.auditLog
        .create(
          Audit.entry({
            actor,
            action: "paddle.created_for_customer",
            targetType: "paddle",
            targetId: input.id,
            diff: { userId: input.userId, nickname: input.nickname, brand },
          }),
        )
        .commit(),
    },
  ];
}
