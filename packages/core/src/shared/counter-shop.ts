/**
 * The shop a counter sale is made at (the storefront and the quick sale send it; the console remembers the
 * counter's shop on the device): its sales tax rate applies (shared/money-settings.ts). Browser-safe, zod/mini.
 */
import * as z from "zod/mini";
import { BOOKABLE_LOCATIONS } from "./location-names";

export const COUNTER_SHOP_INVALID = "Choose the shop this counter is at";

export const CounterShop = z.optional(z.enum(BOOKABLE_LOCATIONS, { error: COUNTER_SHOP_INVALID }));
