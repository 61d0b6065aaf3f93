/**
 * The customer forms staff fill in (staff-and-admin-side §5), written once for
 * the console and the server: the Create/Edit Customer dialogs validate with
 * these schemas and show the message under the field, and the routes parse
 * their bodies with the same ones. Browser-safe: zod/mini and the phone rule only.
 */
import * as z from "zod/mini";
import { normaliseUsPhone } from "./phone";

export const FIRST_NAME_REQUIRED = "First name is required";
export const LAST_NAME_REQUIRED = "Last name is required";
export const INVALID_CUSTOMER_PHONE = "Invalid phone number. Please enter a complete 10-digit phone number.";
export const PHONE_REQUIRED = "Phone number is required (10 digits)";
export const INVALID_EMAIL = "Invalid email";
export const EMAIL_IN_USE = "That email is already in use";
export const CUSTOMER_NOT_FOUND = "Customer not found";
export const SEARCH_TOO_SHORT = "Type at least 3 characters to search";

/** The phone field as typed (formatted while typing: `(303) 555-0142`). */
export const PHONE_INPUT_MAX = 18;
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
/** Customer search: from 3 characters (§5, §9), at most 100, at most 20 customers answered. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 100;
export const SEARCH_RESULTS_MAX = 20;

/** What the customer routes answer (docs/api-staff.md, Customers). */
export interface CustomerView {
  id: string;
  firstName: string;
  lastName: string;
  /** Lower-case, or null. */
  email: string | null;
  /** E.164 (`+1XXXXXXXXXX`), or null. */
  phone: string | null;
  phoneVerified: boolean;
  /** False for a walk-in staff made (no sign-in yet). */
  hasAccount: boolean;
}

const name = (required: string, label: string) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`));

/** Stored E.164, or null for "" (no phone). */
const optionalPhone = z.pipe(
  z.string({ error: INVALID_CUSTOMER_PHONE }).check(z.maxLength(PHONE_INPUT_MAX, INVALID_CUSTOMER_PHONE)),
  z.transform((raw: string, ctx) => {
    if (raw.trim() === "") return null;
    const phone = normaliseUsPhone(raw);
    if (!phone) {
      ctx.issues.push({ code: "custom", message: INVALID_CUSTOMER_PHONE, input: raw });
      return z.NEVER;
    }
    return phone;
  }),
);

/** The storefront's edit: a phone is required (10 digits), and must be a whole US number. */
const requiredPhone = z.pipe(
  z.string({ error: PHONE_REQUIRED }).check(z.maxLength(PHONE_INPUT_MAX, INVALID_CUSTOMER_PHONE)),
  z.transform((raw: string, ctx) => {
    if (raw.replace(/\D/g, "").length < 10) {
      ctx.issues.push({ code: "custom", message: PHONE_REQUIRED, input: raw });
      return z.NEVER;
    }
    const phone = normaliseUsPhone(raw);
    if (!phone) {
      ctx.issues.push({ code: "custom", message: INVALID_CUSTOMER_PHONE, input: raw });
      return z.NEVER;
    }
    return phone;
  }),
);

const EMAIL_SHAPE = z.email();

/** Lower-case email, or null for "" (no email). */
const optionalEmail = z.pipe(
  z.string({ error: INVALID_EMAIL }).check(z.maxLength(EMAIL_MAX, INVALID_EMAIL), z.trim(), z.toLowerCase()),
  z.transform((email: string, ctx) => {
    if (email === "") return null;
    if (!EMAIL_SHAPE.safeParse(email).success) {
      ctx.issues.push({ code: "custom", message: INVALID_EMAIL, input: email });
      return z.NEVER;
    }
    return email;
  }),
);

/**
 * POST /api/admin/customers and PUT /api/admin/customers/{id} (the whole
 * customer): names required; phone and email optional, and "", null or left
 * out means none (a PUT clears them).
 */
export const CustomerInput = z.object({
  firstName: name(FIRST_NAME_REQUIRED, "First name"),
  lastName: name(LAST_NAME_REQUIRED, "Last name"),
  phone: z.pipe(
    z.optional(z.nullable(optionalPhone)),
    z.transform((value: string | null | undefined) => value ?? null),
  ),
  email: z.pipe(
    z.optional(z.nullable(optionalEmail)),
    z.transform((value: string | null | undefined) => value ?? null),
  ),
});
export type CustomerInput = z.output<typeof CustomerInput>;
/** The form's fields as typed. */
export type CustomerForm = z.input<typeof CustomerInput>;

/**
 * PATCH /api/customers/{id} (the storefront's edit dialog): a field left out
 * is left alone; the phone cannot be cleared ('Phone number is required (10 digits)').
 */
export const CustomerPatch = z.object({
  firstName: z.optional(name(FIRST_NAME_REQUIRED, "First name")),
  lastName: z.optional(name(LAST_NAME_REQUIRED, "Last name")),
  phone: z.optional(requiredPhone),
  email: z.optional(z.nullable(optionalEmail)),
});
export type CustomerPatch = z.output<typeof CustomerPatch>;

/** `?q=` of the customer searches: trimmed, 3 to 100 characters. */
export const CustomerSearchQuery = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .check(z.trim(), z.minLength(SEARCH_MIN, SEARCH_TOO_SHORT), z.maxLength(SEARCH_MAX, `Search text must be at most ${SEARCH_MAX} characters`)),
});
export type CustomerSearchQuery = z.output<typeof CustomerSearchQuery>;
