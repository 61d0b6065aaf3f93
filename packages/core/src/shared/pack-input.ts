/**
 * The admin's pack input (POST and PATCH /api/admin/packs), checked with the same schema on the Packs page and the
 * server. Apart from shared/packs.ts so the pages that only read packs (the booking page's first load) carry no zod.
 */
import * as z from "zod/mini";
import { coreServiceNames } from "./catalogue";
import {
  PACK_ACTIVE_FLAG,
  PACK_NAME_REQUIRED,
  PACK_NAME_TOO_LONG,
  PACK_NOTHING_TO_CHANGE,
  PACK_PRICE_RANGE,
  PACK_REGRIPS_RANGE,
  PACK_SERVICE_UNKNOWN,
  PACK_SERVICES_REQUIRED,
  PACK_VALID_DAYS_RANGE,
} from "./packs";

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.refine((n: number) => Number.isInteger(n) && n >= min && n <= max, message));

const PackName = z.string({ error: PACK_NAME_REQUIRED }).check(z.trim(), z.minLength(1, PACK_NAME_REQUIRED), z.maxLength(60, PACK_NAME_TOO_LONG));
const PackRegrips = whole(1, 100, PACK_REGRIPS_RANGE);
const PackPrice = whole(1, 1_000_000, PACK_PRICE_RANGE);
const PackServices = z
  .array(z.enum(coreServiceNames, { error: PACK_SERVICE_UNKNOWN }), { error: PACK_SERVICES_REQUIRED })
  .check(z.minLength(1, PACK_SERVICES_REQUIRED), z.maxLength(coreServiceNames.length, PACK_SERVICES_REQUIRED));
const PackValidDays = z.nullable(whole(1, 3650, PACK_VALID_DAYS_RANGE));
const PackActive = z.boolean({ error: PACK_ACTIVE_FLAG });

/** POST /api/admin/packs. */
export const PackInput = z.object({
  name: PackName,
  regrips: PackRegrips,
  priceCents: PackPrice,
  services: PackServices,
  validDays: z.optional(PackValidDays),
  isActive: z.optional(PackActive),
});

/** PATCH /api/admin/packs/{id}: any of the fields. */
export const PackPatch = z
  .object({
    name: z.optional(PackName),
    regrips: z.optional(PackRegrips),
    priceCents: z.optional(PackPrice),
    services: z.optional(PackServices),
    validDays: z.optional(PackValidDays),
    isActive: z.optional(PackActive),
  })
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), PACK_NOTHING_TO_CHANGE));
