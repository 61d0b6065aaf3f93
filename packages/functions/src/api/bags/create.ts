import * as Bags from "@regrip/core/bags";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/** POST /api/admin/bags/create {count}: 201 BagView[], the new bags (audit `bag.created` each). Staff. */
export const handler = api({ body: Bags.create.schema }, async (req) => json(await Bags.create(req.user(), req.body()), 201));
