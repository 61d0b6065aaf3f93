import * as Paddles from "@regrip/core/paddles";
import * as Uploads from "@regrip/core/uploads";
import { api } from "../../http/handler";

/**
 * POST /api/paddles/{id}/photo {contentType, size}: where to PUT the photo. The paddle is looked up first, so
 * another customer's is a 404 whatever the body.
 */
export const handler = api({ body: Uploads.ImageUpload }, async (req) => {
  const paddle = await Paddles.forActor(req.user(), req.params.id ?? "");
  return Paddles.photoUpload(paddle, req.body());
});
