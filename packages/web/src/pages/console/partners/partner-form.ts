/**
 * The partner dialog's values and the body it sends: text as typed, empty text sent as null (cleared),
 * the key only on create (lower-cased, as the server keeps it). Its checks are the server's own schemas
 * (@regrip/core/shared/schedule-input.ts, its words in schedule.ts); a refusal only the server can give is placed under the field it is about.
 */
import { fieldErrors } from "@regrip/core/shared/forms";
import { PARTNER_EMAIL_INVALID, PARTNER_KEY_CHARACTERS, PARTNER_KEY_TAKEN, type PartnerAdminView } from "@regrip/core/shared/schedule";
import { PartnerInput, PartnerPatch } from "@regrip/core/shared/schedule-input";
import { refusalField } from "../refusal-field";
import type { PartnerBody } from "./partners-api";

export interface PartnerFormValues {
  locationKey: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  websiteUrl: string;
  mapsUrl: string;
  contactPerson: string;
  notes: string;
  isActive: boolean;
}

export type PartnerField = Exclude<keyof PartnerFormValues, "isActive">;

export function partnerFormValues(partner?: PartnerAdminView): PartnerFormValues {
  return {
    locationKey: partner?.locationKey ?? "",
    name: partner?.name ?? "",
    address: partner?.address ?? "",
    phone: partner?.phone ?? "",
    email: partner?.email ?? "",
    websiteUrl: partner?.websiteUrl ?? "",
    mapsUrl: partner?.mapsUrl ?? "",
    contactPerson: partner?.contactPerson ?? "",
    notes: partner?.notes ?? "",
    isActive: partner?.isActive ?? true,
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The body of POST (with the key, lower-cased) or PATCH (without it). */
export function partnerBody(values: PartnerFormValues, creating: boolean): PartnerBody {
  return {
    ...(creating ? { locationKey: values.locationKey.trim().toLowerCase() } : {}),
    name: values.name.trim(),
    address: orNull(values.address),
    phone: orNull(values.phone),
    email: orNull(values.email),
    websiteUrl: orNull(values.websiteUrl),
    mapsUrl: orNull(values.mapsUrl),
    contactPerson: orNull(values.contactPerson),
    notes: orNull(values.notes),
    isActive: values.isActive,
  };
}

/** The dialog's checks before anything is sent: the server's own schema over the body (shared/schedule-input.ts). */
export function partnerFormErrors(values: PartnerFormValues, creating: boolean): Partial<Record<PartnerField, string>> {
  const body = partnerBody(values, creating);
  return (creating ? fieldErrors(PartnerInput, body) : fieldErrors(PartnerPatch, body)) as Partial<Record<PartnerField, string>>;
}

/** The field a server refusal is about (the key another partner has, a field's own message), else undefined. */
export function partnerRefusalField(message: string): PartnerField | undefined {
  if (message === PARTNER_KEY_TAKEN || message === PARTNER_KEY_CHARACTERS) return "locationKey";
  if (message === PARTNER_EMAIL_INVALID) return "email";
  return refusalField<PartnerField>(message, [
    ["locationKey", /^Location key/],
    ["name", /^Name /],
    ["address", /^Address /],
    ["phone", /^Phone /],
    ["email", /^Email /],
    ["websiteUrl", /^Website /],
    ["mapsUrl", /^Maps link /],
    ["contactPerson", /^Contact person /],
    ["notes", /^Notes /],
  ]);
}
