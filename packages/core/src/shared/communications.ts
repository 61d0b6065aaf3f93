/**
 * Communications as admins use them (docs/api-admin.md): the Test
 * SMS and Bulk SMS rules and their messages word for word, the log's filters, and the views the API answers.
 * Browser-safe (zod/mini, no AWS): the console's Communications page checks with the same schemas the routes
 * parse with.
 */
import * as z from "zod/mini";
import { pageCursor, pageLimit } from "../paging";
import { COMMUNICATION_CHANNELS, COMMUNICATION_MESSAGE_TYPES, COMMUNICATION_STATUSES } from "../entities/enums";
import { boundedId } from "./ids";
import { E164, INVALID_E164 } from "./phone";

export { INVALID_E164 };

// The closed sets of the log, stored as entities/enums.ts has them (a file without imports: browser-safe).
export { COMMUNICATION_CHANNELS, COMMUNICATION_MESSAGE_TYPES, COMMUNICATION_STATUSES };
export type CommunicationChannelName = (typeof COMMUNICATION_CHANNELS)[number];
export type CommunicationTypeName = (typeof COMMUNICATION_MESSAGE_TYPES)[number];
export type CommunicationStatusName = (typeof COMMUNICATION_STATUSES)[number];

// The spec's messages, word for word.
export const TEST_SMS_REQUIRED = "Please provide both phone number and message";
export const BULK_SMS_NO_RECIPIENTS = "Please select at least one customer";
export const BULK_SMS_NO_MESSAGE = "Please enter a message to send";
/** The spec's confirmation before a broadcast. */
export const bulkSmsConfirmation = (count: number) => `Send SMS to ${count} customer(s)?`;

// The spec's toasts, word for word.
export const TEST_SMS_SENT = "Test SMS Sent!";
export const TEST_SMS_FAILED = "Failed to Send SMS";
export const BULK_SMS_FAILED = "Failed to Send Bulk SMS";
export const bulkSmsSent = (sent: number, failed: number) => `Bulk SMS Sent! (Sent: ${sent}, Failed: ${failed})`;

// What the page says to staff who are not admins (the spec's words).
export const ADMIN_ONLY = "Access denied - Admin only";

/**
 * Replies the SMS webhook honours (the carriers' and Twilio's standard keywords): the whole text, trimmed, any
 * case. STOP and its synonyms stop every later text to the number until START; HELP is answered with the
 * `helpReply` template (texts/templates.ts, where every text's words are).
 */
export const SMS_STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"] as const;
export const SMS_START_WORDS = ["START", "YES", "UNSTOP"] as const;
export const SMS_HELP_WORDS = ["HELP", "INFO"] as const;

/** The Test SMS form's default text, a sample message. */
export const SAMPLE_TEST_SMS = "This is a test message from Regrip. Reply STOP to opt out.";

/**
 * One text is at most 1,600 characters (Twilio's limit: ten segments). A broadcast reaches at most 200
 * customers per call: the texts go out while the call waits, 8 at a time, and API Gateway answers 503 after
 * 30 s; a larger audience is sent as several broadcasts.
 */
export const SMS_MAX_LENGTH = 1600;
export const BULK_SMS_MAX_RECIPIENTS = 200;
export const SMS_TOO_LONG = `Message must be at most ${SMS_MAX_LENGTH} characters`;
export const BULK_SMS_TOO_MANY = `A broadcast can reach at most ${BULK_SMS_MAX_RECIPIENTS} customers at a time`;
export const USER_ID_INVALID = "Each recipient must be a customer id";

/** The phone as typed in the Test SMS form (trimmed): both fields required, then E.164. */
export const TestSmsInput = z.object({
  phone: z.pipe(
    z.optional(z.nullable(z.string({ error: TEST_SMS_REQUIRED }).check(z.maxLength(40, INVALID_E164)))),
    z.transform((value, ctx): string => {
      const text = (value ?? "").trim();
      if (!text) ctx.issues.push({ code: "custom", message: TEST_SMS_REQUIRED, input: value });
      else if (!E164.test(text)) ctx.issues.push({ code: "custom", message: INVALID_E164, input: value });
      return text;
    }),
  ),
  message: z.pipe(
    z.optional(z.nullable(z.string({ error: TEST_SMS_REQUIRED }).check(z.maxLength(SMS_MAX_LENGTH, SMS_TOO_LONG)))),
    z.transform((value, ctx): string => {
      const text = (value ?? "").trim();
      if (!text) ctx.issues.push({ code: "custom", message: TEST_SMS_REQUIRED, input: value });
      return text;
    }),
  ),
});
export type TestSmsInput = z.output<typeof TestSmsInput>;

export const BulkSmsInput = z.object({
  userIds: z.pipe(
    z.optional(
      z.nullable(
        z
          .array(boundedId(USER_ID_INVALID), { error: BULK_SMS_NO_RECIPIENTS })
          .check(z.maxLength(BULK_SMS_MAX_RECIPIENTS, BULK_SMS_TOO_MANY)),
      ),
    ),
    z.transform((ids, ctx): string[] => {
      const unique = [...new Set(ids ?? [])];
      if (unique.length === 0) ctx.issues.push({ code: "custom", message: BULK_SMS_NO_RECIPIENTS, input: ids });
      return unique;
    }),
  ),
  message: z.pipe(
    z.optional(z.nullable(z.string({ error: BULK_SMS_NO_MESSAGE }).check(z.maxLength(SMS_MAX_LENGTH, SMS_TOO_LONG)))),
    z.transform((value, ctx): string => {
      const text = (value ?? "").trim();
      if (!text) ctx.issues.push({ code: "custom", message: BULK_SMS_NO_MESSAGE, input: value });
      return text;
    }),
  ),
});
export type BulkSmsInput = z.output<typeof BulkSmsInput>;

export const COMMUNICATIONS_PAGE_SIZE = 50;
export const COMMUNICATIONS_MAX_PAGE_SIZE = 100;
/**
 * At most this many log entries are read for one page, whatever the filters: a filter that matches little
 * answers a short (even empty) page with a cursor rather than reading on through the log.
 */
export const COMMUNICATIONS_READ_BUDGET = 200;

const oneOf = <T extends readonly string[]>(values: T, name: string) => {
  const message = `${name} must be one of ${values.join(", ")}`;
  return z.pipe(
    z.optional(z.string().check(z.maxLength(40, message))),
    z.transform((raw: string | undefined, ctx): T[number] | undefined => {
      if (raw === undefined || raw === "") return undefined;
      if (!(values as readonly string[]).includes(raw)) {
        ctx.issues.push({ code: "custom", message, input: raw });
        return z.NEVER;
      }
      return raw as T[number];
    }),
  );
};

/** `?channel=&type=&status=&limit=&cursor=`. */
export const CommunicationsQuery = z.object({
  channel: oneOf(COMMUNICATION_CHANNELS, "channel"),
  type: oneOf(COMMUNICATION_MESSAGE_TYPES, "type"),
  status: oneOf(COMMUNICATION_STATUSES, "status"),
  limit: pageLimit(COMMUNICATIONS_PAGE_SIZE, COMMUNICATIONS_MAX_PAGE_SIZE),
  cursor: pageCursor(512),
});
export type CommunicationsQuery = z.output<typeof CommunicationsQuery>;

/** A communication log entry, with the spec's fields. */
export interface CommunicationView {
  id: string;
  channel: CommunicationChannelName;
  messageType: CommunicationTypeName;
  status: CommunicationStatusName;
  recipient: string;
  sentAt: string;
  orderId: string | null;
  userId: string | null;
  subject: string | null;
  message: string;
  errorMessage: string | null;
  externalId: string | null;
  /** The template the text was made from (texts/templates.ts: `orderReady`, `paymentLink`...); null on older entries. */
  template: string | null;
}

export interface CommunicationsPage {
  items: CommunicationView[];
  /** Hand back as `?cursor=`; null when the log has no more. A filtered page may be short and still have one. */
  cursor: string | null;
}

export const BROADCAST_USERS_PAGE_SIZE = 20;
export const BROADCAST_USERS_MAX_PAGE_SIZE = 50;
/** Users read for one page of the unsearched list (most customers have a phone; staff and walk-ins may not). */
export const BROADCAST_USERS_READ_BUDGET = 100;

/** `GET /api/admin/users?q=&limit=&cursor=`: `q` (3 characters or more) searches name, phone and email. */
export const BroadcastUsersQuery = z.object({
  q: z.pipe(
    z.optional(z.string().check(z.maxLength(100, "Search must be at most 100 characters"))),
    z.transform((raw: string | undefined) => (raw ?? "").trim()),
  ),
  limit: pageLimit(BROADCAST_USERS_PAGE_SIZE, BROADCAST_USERS_MAX_PAGE_SIZE),
  cursor: pageCursor(512),
});
export type BroadcastUsersQuery = z.output<typeof BroadcastUsersQuery>;

/** A customer a broadcast can reach (only users with a phone are listed: a broadcast texts). */
export interface BroadcastUserView {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** `phone`, else the card provider's `stripePhone`. */
  phone: string;
  /**
   * True only when the customer opted in to promotional texts with their consent on record (texts/consent.ts:
   * the words, the time, the address); a broadcast skips every other customer.
   */
  smsPromotions: boolean;
  /** True when the number replied STOP (and not START since): a broadcast skips them. */
  optedOut: boolean;
}

export interface BroadcastUsersPage {
  items: BroadcastUserView[];
  cursor: string | null;
}

/** Why a broadcast left a chosen customer out. */
export interface BroadcastSkips {
  /** The customer has not opted in to promotional texts with their consent on record (switched off, never asked, a walk-in). */
  noConsent: number;
  /** The number replied STOP. */
  optedOut: number;
  /** No phone on file. */
  noPhone: number;
  /** No such customer. */
  notFound: number;
  /** Another chosen customer has the same number: it is texted once. */
  duplicatePhone: number;
}

export interface BulkSmsResults {
  sent: number;
  failed: number;
  /** Left out before sending: the sum of `skippedBecause`. */
  skipped: number;
  skippedBecause: BroadcastSkips;
  /** The customers whose text the provider refused, with its words. */
  failures: { userId: string; error: string }[];
}

export interface BulkSmsAnswer {
  success: boolean;
  broadcastId: string;
  results: BulkSmsResults;
  /** True when this answers a repeat of an Idempotency-Key: nothing was sent now. */
  replayed: boolean;
}

export interface TestSmsAnswer {
  success: boolean;
  /** The number texted. */
  to: string;
  logId: string;
  /** The provider's message id. */
  externalId: string | null;
}

/** The toast after a broadcast (the spec's words), with the skipped customers said when there were any. */
export function bulkSmsSummary(results: Pick<BulkSmsResults, "sent" | "failed" | "skipped" | "skippedBecause">): string {
  const base = bulkSmsSent(results.sent, results.failed);
  if (!results.skipped) return base;
  const why = results.skippedBecause;
  const parts = [
    why.noConsent && `${why.noConsent} not opted in to promotional texts`,
    why.optedOut && `${why.optedOut} replied STOP`,
    why.noPhone && `${why.noPhone} without a phone`,
    why.notFound && `${why.notFound} not found`,
    why.duplicatePhone && `${why.duplicatePhone} sharing a number`,
  ].filter(Boolean);
  return `${base} Skipped ${results.skipped}: ${parts.join(", ")}.`;
}
