import { randomUUID } from "node:crypto";
import { isIsoDateTime } from "../shared/dates";

/** Attribute definitions several entities share. Factories, so no two entities share one object. */

export const nowIso = (): string => new Date().toISOString();
export const newId = (): string => randomUUID();

/** `createdAt` is set once on create; `updatedAt` on every write. Both ISO-8601 UTC strings. */
export function timestamps() {
  return {
    createdAt: { type: "string", required: true, readOnly: true, default: nowIso },
    updatedAt: {
      type: "string",
      required: true,
      readOnly: true,
      watch: "*",
      default: nowIso,
      set: () => nowIso(),
    },
  } as const;
}

/** An id generated on create when not given. */
export function generatedId() {
  return { type: "string", required: true, readOnly: true, default: newId } as const;
}

/** ElectroDB calls validators with `undefined` for absent optional attributes. */
export const isCents = (value: number | undefined): boolean =>
  value === undefined || (Number.isSafeInteger(value) && value >= 0);

export const isWholeNumber = (value: number | undefined): boolean =>
  value === undefined || (Number.isSafeInteger(value) && value >= 0);

export const isIsoTimestamp = (value: string | undefined): boolean => value === undefined || isIsoDateTime(value);

/** Money: a non-negative integer number of cents. */
export function cents() {
  return { type: "number", validate: isCents } as const;
}

export function requiredCents() {
  return { type: "number", required: true, validate: isCents } as const;
}

export function centsDefaultZero() {
  return { type: "number", required: true, default: 0, validate: isCents } as const;
}

export function currency() {
  return { type: "string", required: true, default: "usd", validate: /^[a-z]{3}$/ } as const;
}

/** An ISO-8601 timestamp that is not one of the entity's own timestamps. */
export function isoTimestamp() {
  return { type: "string", validate: isIsoTimestamp } as const;
}

/** E.164: a plus sign then 10 to 15 digits (spec, settings phone rule). */
export const E164 = /^\+[1-9]\d{9,14}$/;

export function phoneNumber() {
  return { type: "string", validate: E164 } as const;
}

export const normaliseEmail = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : value.trim().toLowerCase();

export const normaliseCode = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : value.trim().toUpperCase();
