/**
 * Words the web app's error handling (lib/api-error.ts) reads, without zod: it is on every page's first load, the
 * booking page's included, which must not load zod for them. The server answers with the same constants.
 */

/** A failure without the server's words: a bulk text's failed send, a toast of a request that failed. */
export const UNKNOWN_ERROR = "Unknown error";

/** 428 to a booking or a quick sale for a customer whose phone is not verified yet. */
export const PHONE_VERIFICATION_REQUIRED = "Phone number verification required";
