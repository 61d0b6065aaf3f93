import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { timestamps } from "./attributes";
import { keyed, primary, SERVICE } from "./keys";

/** The kinds of settings item: one item each in the `settings` partition. */
const SETTINGS_NAMES = ["money", "shop_LITTLETON", "shop_HIGHLANDS_RANCH"] as const;

const isBps = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 2_000);
const isPercent = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 100);

/**
 * The shop's settings an admin edits in the console (settings/), one item per kind in the `settings` partition:
 * `money` holds the sales tax rates (shared/money-settings.ts), the employee discount limit and the drawers' floats; `shop_<location>` a
 * shop's contact (shared/shop-contact.ts: address, phone, email, hours, map link). A setting never
 * written reads as its default there, so a new stage needs no seed for it.
 */
export const shopSettings = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "shopSettings", version: "1" },
      attributes: {
        name: { type: SETTINGS_NAMES, required: true, readOnly: true },
        taxRateBps: {
          type: "map",
          properties: {
            LITTLETON: { type: "number", validate: isBps },
            HIGHLANDS_RANCH: { type: "number", validate: isBps },
            ONSITE: { type: "number", validate: isBps },
          },
        },
        employeeDiscountLimitPercent: { type: "number", validate: isPercent },
        /** The float each shop's cash drawer opens with (drawers/), in cents by location, as MoneySettingsInput checked it. */
        drawerFloatCents: { type: "any" },
        address: { type: "list", items: { type: "string" } },
        phone: { type: "string" },
        email: { type: "string" },
        hours: { type: "list", items: { type: "map", properties: { days: { type: "string", required: true }, times: { type: "string", required: true } } } },
        mapsUrl: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byName: keyed(primary, [], "settings", ["name"], "settings#${name}"),
      },
    },
    config,
  );
export type ShopSettings = ReturnType<typeof shopSettings>;
