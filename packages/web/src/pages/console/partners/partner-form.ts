/**
 * The partner dialog's values and the body it sends (issue 22): text as typed, empty text sent as null (cleared),
 * the key only on create. Its checks are the server's (@regrip/core/shared/schedule); a refusal the server gives
 * is placed under the field its words name.
 */
import { PARTNER_KEY_TAKEN, type PartnerAdminView } from "@regrip/core/shared/schedule";
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

/** The dialog's own checks, before anything is sent. */
export function partnerFormErrors(values: PartnerFormValues, creating: boolean): Partial<Record<PartnerField, string>> {
  const errors: Partial<Record<PartnerField, string>> = {};
  if (creating && !values.locationKey.trim()) errors.locationKey = "Location key is required";
  if (!values.name.trim()) errors.name = "Name is required";
  return errors;
}

/** The field a server refusal is about (the key taken, a bad email or link...), in the order the words are checked. */
export function partnerRefusalField(message: string): PartnerField | undefined {
  if (message === PARTNER_KEY_TAKEN) return "locationKey";
  return refusalField<PartnerField>(message, [
    ["locationKey", /location key|\bkey\b/i],
    ["mapsUrl", /map/i],
    ["websiteUrl", /website|\burl\b|link/i],
    ["email", /e-?mail/i],
    ["phone", /phone/i],
    ["contactPerson", /contact/i],
    ["address", /address/i],
    ["notes", /notes?\b/i],
    ["name", /name/i],
  ]);
}
