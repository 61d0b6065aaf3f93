/**
 * Customers as staff make and edit them (docs/api-staff.md): the form schemas the
 * routes parse with and the console's dialogs check with, their messages word for word, and the view the API
 * answers. Browser-safe, zod/mini.
 */
import * as z from "zod/mini";
import { NAME_MAX_LENGTH } from "./names";
import { INVALID_PHONE, normaliseUsPhone, PHONE_INPUT_MAX_LENGTH, PHONE_REQUIRED } from "./phone";
import type { MembershipBadge } from "./membership";
import type { PersonView } from "./users";

/** What the customer routes answer (docs/api-staff.md). */
export interface CustomerView extends PersonView {
  /** False for a walk-in made by staff who has not signed in yet. */
  hasAccount: boolean;
  /**
   * The live membership (plan, status, regrips left this period, paddles), null without one; and the
   * points balance. Always present in GET /api/customers/{id} and the customer searches; the create and edit
   * answers leave them out.
   */
  membership?: MembershipBadge | null;
  points?: number;
}

export const FIRST_NAME_REQUIRED = "First name is required";
export const LAST_NAME_REQUIRED = "Last name is required";
export const INVALID_EMAIL = "Invalid email";
export { NAME_MAX_LENGTH };
export const EMAIL_MAX_LENGTH = 254;

/** Customer search: 3 or more characters, on the server and in the browser. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_TOO_SHORT = "Type at least 3 characters to search";
/** The hint under a search field until it is long enough (the spec's words). */
export const SEARCH_HINT = `${SEARCH_TOO_SHORT}...`;

export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_LENGTH;
}

/** No control characters (a NUL, a tab, a line break): a name is one line of text, shown on labels and in texts. */
const ONE_LINE = /^[^\p{Cc}]*$/u;

/**
 * The checks of a person's name, one rule for every form that takes one (a customer made by staff could not
 * otherwise save their own profile unchanged): trimmed, at most NAME_MAX_LENGTH, one line.
 */
export const nameChecks = (label: string, required?: string) =>
  [
    z.trim(),
    ...(required ? [z.minLength(1, required)] : []),
    z.maxLength(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`),
    z.regex(ONE_LINE, `${label} cannot contain control characters`),
  ] as const;

const name = (required: string, label: string) => z.string({ error: required }).check(...nameChecks(label, required));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional email: empty or missing is null, else a valid address, lower-cased. */
const email = z.pipe(
  z.optional(z.nullable(z.string({ error: INVALID_EMAIL }).check(z.maxLength(EMAIL_MAX_LENGTH, INVALID_EMAIL)))),
  z.transform((value, ctx): string | null => {
    const text = (value ?? "").trim().toLowerCase();
    if (!text) return null;
    if (text.length > EMAIL_MAX_LENGTH || !EMAIL.test(text)) {
      ctx.issues.push({ code: "custom", message: INVALID_EMAIL, input: value });
      return z.NEVER;
    }
    return text;
  }),
);

/** A US phone as typed (at most 18 characters), stored as E.164; `required` refuses empty with its message. */
const phone = (required?: string) =>
  z.pipe(
    // Bounded as typed, so no long text reaches the rule (the input holds 18 characters).
    z.optional(z.nullable(z.string({ error: INVALID_PHONE }).check(z.maxLength(PHONE_INPUT_MAX_LENGTH, required ?? INVALID_PHONE)))),
    z.transform((value, ctx): string | null => {
      const text = (value ?? "").trim();
      if (!text) {
        if (required) ctx.issues.push({ code: "custom", message: required, input: value });
        return required ? z.NEVER : null;
      }
      const stored = text.length <= PHONE_INPUT_MAX_LENGTH ? normaliseUsPhone(text) : null;
      if (!stored) {
        ctx.issues.push({ code: "custom", message: required ?? INVALID_PHONE, input: value });
        return z.NEVER;
      }
      return stored;
    }),
  );

/**
 * POST /api/admin/customers and PUT /api/admin/customers/{id}, and the Create New Customer / Edit Customer
 * dialogs: names required, phone and email optional (empty clears them).
 */
export const CustomerForm = z.object({
  firstName: name(FIRST_NAME_REQUIRED, "First name"),
  lastName: name(LAST_NAME_REQUIRED, "Last name"),
  phone: phone(),
  email,
});
export type CustomerFormInput = z.input<typeof CustomerForm>;
export type CustomerForm = z.output<typeof CustomerForm>;

/**
 * The storefront's edit dialog (PATCH /api/customers/{id}): the same rules, and the phone cannot be empty
 * ('Phone number is required (10 digits)').
 */
export const StorefrontCustomerForm = z.object({
  firstName: name(FIRST_NAME_REQUIRED, "First name"),
  lastName: name(LAST_NAME_REQUIRED, "Last name"),
  phone: phone(PHONE_REQUIRED),
  email,
});
export type StorefrontCustomerForm = z.output<typeof StorefrontCustomerForm>;

/** PATCH /api/customers/{id}: any of the fields; a phone given cannot be empty. */
export const CustomerPatch = z.partial(StorefrontCustomerForm);
export type CustomerPatch = z.output<typeof CustomerPatch>;

/**
 * A phone already on another customer (families share phones, so staff may confirm a second): the create and the
 * edits answer 409 with this message and the customer on file (`PhoneOnFile`), unless the request says
 * `allowSharedPhone: true`.
 */
export const phoneOnFileMessage = (name: string) => `A customer with this phone is already on file: ${name}`;

/** The 409's body beside its message: the customer on file, for the dialog's "Use this customer". */
export interface PhoneOnFile {
  existingCustomerId: string;
  existingCustomer: CustomerView;
}

/** What a create or an edit adds to its form: the staff member confirmed a second customer with this phone. */
const sharedPhone = { allowSharedPhone: z.optional(z.boolean({ error: "allowSharedPhone must be true or false" })) };
/** POST /api/admin/customers and PUT /api/admin/customers/{id}: the form, and whether a phone on file may be shared. */
export const CustomerRequest = z.extend(CustomerForm, sharedPhone);
export type CustomerRequest = z.output<typeof CustomerRequest>;
/** Staff's notes on a customer (PUT /api/customers/{id}/notes, the customer page): up to 2,000 characters; empty clears them. */
export const CUSTOMER_NOTES_MAX = 2000;
export const CUSTOMER_NOTES_TOO_LONG = `Notes must be ${CUSTOMER_NOTES_MAX.toLocaleString("en-US")} characters or less`;
export const CustomerNotes = z.object({
  notes: z.string({ error: "Notes must be text" }).check(z.maxLength(CUSTOMER_NOTES_MAX * 4, CUSTOMER_NOTES_TOO_LONG), z.trim(), z.maxLength(CUSTOMER_NOTES_MAX, CUSTOMER_NOTES_TOO_LONG)),
});

/** PATCH /api/customers/{id}: the fields sent, and whether a phone on file may be shared. */
export const CustomerPatchRequest = z.extend(CustomerPatch, sharedPhone);
export type CustomerPatchRequest = z.output<typeof CustomerPatchRequest>;

/** "First Last", else the email, else the phone. */
export function customerName(customer: Pick<CustomerView, "firstName" | "lastName" | "email" | "phone">): string {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ").trim();
  return name || customer.email || customer.phone || "Customer";
}

export const CUSTOMER_NOT_FOUND = "Customer not found";
/** A search answers at most this many customers (docs/api-staff.md). */
export const SEARCH_RESULTS_MAX = 20;

/** `?q=` of GET /api/customers/search and GET /api/admin/customers/search: trimmed, 3 to 100 characters. */
export const CustomerSearchQuery = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .check(
      z.trim(),
      z.minLength(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT),
      z.maxLength(SEARCH_MAX_LENGTH, `Search text must be at most ${SEARCH_MAX_LENGTH} characters`),
    ),
});
export type CustomerSearchQuery = z.output<typeof CustomerSearchQuery>;
