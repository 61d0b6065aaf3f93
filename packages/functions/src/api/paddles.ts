import { Paddles } from "@regrip/core/paddles";
import { Uploads } from "@regrip/core/uploads";
import { api } from "../http/handler";
import { json, noContent } from "../http/reply";

/** GET /api/paddles: the caller's paddles they still own, newest first. */
export const list = api(async (req) => Paddles.list(req.user().userId));

/** POST /api/paddles: 201 Paddle. Staff may send `userId` to create for a customer (audited). */
export const create = api({ body: Paddles.CreatePaddle }, async (req) => json(await Paddles.create(req.user(), req.body()), 201));

/** PATCH /api/paddles/{id}: any subset of the fields, or the ownership status; the caller's own paddle only (staff too). */
export const update = api({ body: Paddles.UpdatePaddle }, async (req) => Paddles.update(req.user(), req.params.id ?? "", req.body()));

/** DELETE /api/paddles/{id}: 204; the caller's own paddle only (staff too). */
export const remove = api(async (req) => {
  await Paddles.remove(req.user(), req.params.id ?? "");
  return noContent();
});

/**
 * POST /api/paddles/{id}/photo {contentType, size}: where to PUT the photo. The paddle is looked up first, so
 * another customer's is a 404 whatever the body.
 */
export const photo = api({ body: Uploads.ImageUpload }, async (req) => {
  const paddle = await Paddles.forActor(req.user(), req.params.id ?? "");
  return Paddles.photoUpload(paddle, req.body());
});
