/**
 * A customer's grip preferences (users.defaultPrefs; Shop Tools' Grip Prefs tab): the core service, its color and
 * tack, and the drop-off location they usually book. The booking page starts from them. Browser-safe: the profile
 * update validates with `GripPrefs`, the Shop Tools form with the same schema.
 */
import * as z from "zod/mini";
import { coreServiceNames } from "./catalogue";
import { BOOKABLE_LOCATIONS } from "./location-names";

export const GRIP_PREF_TEXT_MAX = 40;
export const GRIP_PREFS_INVALID = "Grip preferences must be an object";
export const PREFERENCES_SAVED = "Preferences Saved";

const choice = (label: string) =>
  z.optional(
    z.nullable(
      z
        .string({ error: `${label} must be text` })
        .check(z.trim(), z.maxLength(GRIP_PREF_TEXT_MAX, `${label} must be at most ${GRIP_PREF_TEXT_MAX} characters`)),
    ),
  );

/** What PUT /api/auth/user takes as `defaultPrefs` (null clears them); unknown keys are dropped. */
export const GripPrefs = z.object(
  {
    service: z.optional(z.nullable(z.enum(coreServiceNames, { error: `Service must be one of ${coreServiceNames.join(", ")}` }))),
    color: choice("Grip color"),
    feel: choice("Grip tack"),
    location: z.optional(z.nullable(z.enum(BOOKABLE_LOCATIONS, { error: "Please choose a drop-off location" }))),
  },
  { error: GRIP_PREFS_INVALID },
);
export type GripPrefsInput = z.output<typeof GripPrefs>;

/** Preferences as stored and answered: only the fields that are set. */
export interface GripPrefsView {
  service?: (typeof coreServiceNames)[number];
  color?: string;
  feel?: string;
  location?: (typeof BOOKABLE_LOCATIONS)[number];
}

/** The set fields of `input` (empty strings and nulls left out); null when nothing is set. */
export function compactGripPrefs(input: GripPrefsInput | null | undefined): GripPrefsView | null {
  if (!input) return null;
  const out: GripPrefsView = {};
  if (input.service) out.service = input.service;
  if (input.color) out.color = input.color;
  if (input.feel) out.feel = input.feel;
  if (input.location) out.location = input.location;
  return Object.keys(out).length ? out : null;
}

/** A stored value read back: what the schema accepts of it, else null (an item written before the schema). */
export function readGripPrefs(stored: unknown): GripPrefsView | null {
  const parsed = GripPrefs.safeParse(stored);
  return parsed.success ? compactGripPrefs(parsed.data) : null;
}
