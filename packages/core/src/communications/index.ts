/**
 * Communications as admins run them (docs/api-admin.md, Communications): a test text, a broadcast to chosen
 * customers, the communications log, and the customers a broadcast can reach. Every text goes through
 * `Texts.send` (the `test` and `broadcast` templates of texts/templates.ts), which applies the template's consent
 * rule, reads the number's STOP before sending and writes the log entry with its template and status.
 * Inbound texts and delivery reports are inbound.ts (the SMS webhook).
 */
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import type { Actor } from "../actor";
import { fn } from "../actor/fn";
import * as Audit from "../audit";
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { uniqueKey } from "../entities";
import { conflict } from "../errors";
import { IdempotencyKey, IDEMPOTENCY_TTL_SECONDS } from "../shared/idempotency";
import { consent, optedOutNumbers, Texts } from "../texts";
import type { SkipReason } from "../texts/consent";
import type { UserItem } from "../users";
import { UNKNOWN_ERROR } from "../shared/api-words";
import { BulkSmsInput, TestSmsInput, type BroadcastSkips, type BulkSmsAnswer, type BulkSmsResults } from "../shared/communications";

export * as Communications from "./index";
export { list } from "./list";
export { broadcastUsers } from "./users";

/** Texts in flight at once during a broadcast. */
export const BROADCAST_CONCURRENCY = 8;
export const BROADCAST_IN_PROGRESS =
  "A broadcast with this Idempotency-Key is being sent or was interrupted: it is not sent again. See the communications log.";

export interface TestSmsOutcome {
  /** sent: the provider took it; failed: it refused or did not answer; blocked: the number replied STOP. */
  status: "sent" | "failed" | "blocked";
  to: string;
  logId: string;
  externalId: string | null;
  error?: string;
}

/** POST /api/admin/test-sms: one text, logged as `test`, audited `communication.test_sent`. Admin. */
export const testSms = /* @__PURE__ */ fn({ role: "admin", input: TestSmsInput }, async (actor, input): Promise<TestSmsOutcome> => {
  const result = await Texts.send("test", { message: input.message }, { phone: input.phone });
  await Audit.record({
    actor,
    action: "communication.test_sent",
    targetType: "communication",
    targetId: result.logId,
    diff: { to: input.phone, status: result.status, ...(result.error ? { error: result.error } : {}) },
  });
  return { status: result.status, to: input.phone, logId: result.logId, externalId: result.externalId ?? null, error: result.error };
});

/** A consent rule's reason as the broadcast counts it: switched off and never asked are both "not opted in". */
function skipOf(reason: SkipReason): keyof BroadcastSkips {
  return reason === "promotionsOff" || reason === "noConsentRecord" || reason === "notificationsOff" ? "noConsent" : reason;
}

async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** A broadcast: the form (`BulkSmsInput`) and the request's `Idempotency-Key`, when it sent one. */
const BulkSms = z.object({ broadcast: BulkSmsInput, idempotencyKey: z.optional(IdempotencyKey) });

/** Whose Idempotency-Key a reservation is: the admin's, or the system part's that sent it. */
const keyOwner = (actor: Actor) => (actor.type === "user" ? actor.userId : `system:${actor.name}`);

/**
 * POST /api/admin/bulk-sms: texts the chosen customers, each once, logged as `broadcast`. Admin.
 *
 * Left out, and counted by reason: customers without promotional consent on record, numbers that replied STOP, customers
 * without a phone, unknown ids, and a second customer with a number already being texted. With an
 * `Idempotency-Key`, the key is reserved before the first text: a repeat answers the first call's counts and
 * sends nothing (409 while the first is still sending, or when it was interrupted: never a second round).
 */
export const bulkSms = /* @__PURE__ */ fn({ role: "admin", input: BulkSms }, async (actor, { broadcast: input, idempotencyKey }): Promise<BulkSmsAnswer> => {
  const broadcastId = randomUUID();
  const now = new Date();
  const reservation = idempotencyKey === undefined ? undefined : uniqueKey("idempotencyKey", `${keyOwner(actor)}:bulk-sms:${idempotencyKey}`);
  if (reservation) {
    try {
      await db()
        .entities.uniqueValue.create({ ...reservation, ownerId: broadcastId, expiresAtEpoch: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS })
        .go();
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      const { data } = await db().entities.uniqueValue.get(reservation).go({ consistent: true });
      const earlier = data?.result as Omit<BulkSmsAnswer, "replayed"> | undefined;
      if (earlier) return { ...earlier, replayed: true };
      throw conflict(BROADCAST_IN_PROGRESS);
    }
  }

  const { data } = await db()
    .entities.user.get(input.userIds.map((userId) => ({ userId })))
    .go();
  const users = new Map((data as UserItem[]).map((user) => [user.userId, user]));
  const skippedBecause: BroadcastSkips = { noConsent: 0, optedOut: 0, noPhone: 0, notFound: 0, duplicatePhone: 0 };
  const candidates: { user: UserItem; phone: string }[] = [];
  for (const userId of input.userIds) {
    const user = users.get(userId);
    // The broadcast template's rule, counted here by reason; Texts.send applies the same rule again as it sends.
    const allowed = consent(Texts.templates.broadcast.consent, user);
    if ("skipped" in allowed) skippedBecause[skipOf(allowed.skipped)]++;
    else candidates.push({ user: user!, phone: allowed.phone });
  }
  const stopped = await optedOutNumbers(candidates.map((c) => c.phone));
  const recipients: { user: UserItem; phone: string }[] = [];
  const texted = new Set<string>();
  for (const candidate of candidates) {
    if (stopped.has(candidate.phone)) skippedBecause.optedOut++;
    else if (texted.has(candidate.phone)) skippedBecause.duplicatePhone++;
    else {
      texted.add(candidate.phone);
      recipients.push(candidate);
    }
  }

  const results: BulkSmsResults = {
    sent: 0,
    failed: 0,
    skipped: Object.values(skippedBecause).reduce((a, b) => a + b, 0),
    skippedBecause,
    failures: [],
  };
  await inPool(recipients, BROADCAST_CONCURRENCY, async ({ user }) => {
    const outcome = await Texts.send("broadcast", { message: input.message }, { user });
    if (outcome.status === "sent") results.sent++;
    else if (outcome.status === "skipped") {
      // Not reached: the same rule let this customer through above.
      results.skipped++;
      skippedBecause[skipOf(outcome.reason)]++;
    } else if (outcome.status === "blocked") {
      // A STOP that arrived after the check above: send() read it and sent nothing.
      results.skipped++;
      skippedBecause.optedOut++;
    } else {
      results.failed++;
      results.failures.push({ userId: user.userId, error: outcome.error ?? UNKNOWN_ERROR });
    }
  });

  const answer: Omit<BulkSmsAnswer, "replayed"> = { success: true, broadcastId, results };
  await Audit.record({
    actor,
    action: "communication.broadcast_sent",
    targetType: "communication",
    targetId: broadcastId,
    diff: {
      chosen: input.userIds.length,
      sent: results.sent,
      failed: results.failed,
      skipped: results.skipped,
      skippedBecause,
      message: input.message,
    },
  });
  if (reservation) await db().entities.uniqueValue.patch(reservation).set({ result: answer }).go();
  return { ...answer, replayed: false };
});
