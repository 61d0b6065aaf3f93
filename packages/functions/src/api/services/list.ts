import * as Catalogue from "@regrip/core/catalogue";
import { api } from "../../http/handler";

/** GET /api/services: the catalogue as the booking page reads it. */
export const handler = api(async (req) => Catalogue.services(req.actor));
