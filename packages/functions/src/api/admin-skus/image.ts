import * as Products from "@regrip/core/products";
import { api } from "../../http/handler";

/** POST /api/admin/skus/{id}/image {contentType, size, variant}: where to PUT the thumbnail (150x150) or full (600x600) image; then PATCH its URL. Admin. */
export const handler = api({ body: Products.imageUpload.schema.shape.upload }, async (req) =>
  Products.imageUpload(req.user(), { id: req.params.id, upload: req.body() }),
);
