/**
 * The fields a customer types into the booking page (docs/api.md POST /api/book-service): their
 * limits and words. Browser-safe and without zod: the booking page's first load reads them (its budget,
 * scripts/lib/bundle-budget.ts). The server's BookService (orders/booking.ts) is built from these and
 * ./booking-input.
 */
export const BOOKING_REQUIRED = "Please complete all required fields";

/** Special instructions: at most 500 characters. */
export const CUSTOMER_NOTES_MAX_LENGTH = 500;
export const CUSTOMER_NOTES_TOO_LONG = `Notes must be ${CUSTOMER_NOTES_MAX_LENGTH} characters or less`;

/** "I don't have a bag yet" (`needsBag`) when every active bag holds an open order. */
export const NO_BAG_FREE = "No bag is free right now. Please call the shop or bring a Regrip bag you have.";
