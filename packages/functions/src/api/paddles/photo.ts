import * as Paddles from "@regrip/core/paddles";
import { api } from "../../http/handler";

/**
 * POST /api/paddles/{id}/photo {contentType, size}: where to PUT the photo. The paddle is looked up first, so
 * another customer's is a 404 whatever the body.
 */
export const handler = api({ body: Paddles.photoUpload.schema.shape.upload }, async (req) => {
  const actor = req.user();
  await Paddles.find(actor, { id: req.params.id });
  return Paddles.photoUpload(actor, { id: req.params.id, upload: req.body() });
});
