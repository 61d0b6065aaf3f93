/**
 * A person's first or last name, wherever it is typed: staff's customer forms, the customer's profile and sign-up.
 * Kept free of zod so the customer pages can read the limit without loading it (shared/customers holds the checks).
 */
export const NAME_MAX_LENGTH = 50;
