import * as Schedule from "@regrip/core/schedule";
import { PartnerParams } from "@regrip/core/shared/schedule-input";
import { api } from "../../http/handler";

/** PATCH /api/admin/partners/{id} (id = location key) {any field but the key}: PartnerAdminView. Audit `partner.updated`. Admin. */
export const handler = api({ params: PartnerParams, body: Schedule.updatePartner.schema.shape.patch }, async (req) =>
  Schedule.updatePartner(req.user(), { id: req.params.id, patch: req.body() }),
);
