/**
 * How a time is written, once for every module that reads one back (cursors, stored attributes, a booking's
 * drop-off time). Browser-safe, no imports.
 */

/** A time as the shop writes it (`Date.toISOString()`): UTC, to the millisecond. Every cursor's times are these. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A date and time as a client may send one: ISO 8601, a date then a time, and one `Date` can read. */
export const isIsoDateTime = (value: string): boolean => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
