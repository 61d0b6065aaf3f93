import { Shops } from "@regrip/core/settings/shops";
import { ShopContactInput, ShopParams } from "@regrip/core/shared/shop-contact-input";
import { api } from "../../http/handler";

/** PUT /api/admin/locations/{key} (key = LITTLETON, HIGHLANDS_RANCH) {address, phone, email, hours, mapsUrl}: the shop's contact saved. Audit `settings.shop_changed`. Admin. */
export const handler = api({ params: ShopParams, body: ShopContactInput }, async (req) => Shops.updateShop(req.user(), { key: req.params.key, contact: req.body() }));
