import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { CHANGED, readDecideWrite } from "../db/labelled";
import type { RateLimitScope } from "../entities";

export * as RateLimits from "./index";

export interface Limit {
  /** Uses allowed inside any window. */
  max: number;
  windowMs: number;
}

/** The uses still inside the window ending at `now`, oldest first. */
export function recentUses(uses: readonly string[], now: number, windowMs: number): string[] {
  const start = new Date(now - windowMs).toISOString();
  return uses.filter((at) => at > start).sort();
}

/**
 * Records one use of `scope` by `subject` if fewer than `limit.max` happened
 * in the last `limit.windowMs` (a rolling window, not calendar hours); answers
 * false, recording nothing, otherwise. Concurrent callers cannot overshoot:
 * each write is conditioned on the version it read, and a loser reads again
 * (db/labelled.ts `readDecideWrite`); still losing when the tries run out, it
 * refuses rather than risk overshooting.
 */
export async function take(scope: RateLimitScope, subject: string, limit: Limit): Promise<boolean> {
  const entity = db().entities.rateLimit;
  return readDecideWrite(async () => {
    const now = Date.now();
    const { data } = await entity.get({ scope, subject }).go();
    const uses = recentUses(data?.uses ?? [], now, limit.windowMs);
    if (uses.length >= limit.max) return false;
    uses.push(new Date(now).toISOString());
    const expiresAt = new Date(now + limit.windowMs).toISOString();
    try {
      if (!data) await entity.create({ scope, subject, uses, version: 1, expiresAt }).go();
      else {
        await entity
          .patch({ scope, subject })
          .set({ uses, version: data.version + 1, expiresAt })
          .where(({ version }, { eq }) => eq(version, data.version))
          .go();
      }
      return true;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      return CHANGED;
    }
  }, { answer: false });
}

export interface Take {
  scope: RateLimitScope;
  subject: string;
  limit: Limit;
}

/**
 * Records one use under each of `takes` only if every one of them has room:
 * all in one transaction, each conditioned on the version it read. Answers
 * the index of the first limit that is spent (recording nothing anywhere), or
 * -1 when all were recorded. Why not `take` twice: a refusal by the second
 * would leave the first's use recorded, and a refused request changes nothing.
 * Still losing races when the tries run out, it refuses (as the first limit)
 * rather than risk overshooting.
 */
export async function takeAll(takes: Take[]): Promise<number> {
  const entity = db().entities.rateLimit;
  return readDecideWrite(async () => {
    const now = Date.now();
    const found = await Promise.all(takes.map(({ scope, subject }) => entity.get({ scope, subject }).go({ consistent: true })));
    const next = takes.map(({ limit }, i) => recentUses(found[i].data?.uses ?? [], now, limit.windowMs));
    const spent = next.findIndex((uses, i) => uses.length >= takes[i].limit.max);
    if (spent >= 0) return spent;
    const result = await db()
      .transaction.write(({ rateLimit }) =>
        takes.map(({ scope, subject, limit }, i) => {
          const data = found[i].data;
          const uses = [...next[i], new Date(now).toISOString()];
          const expiresAt = new Date(now + limit.windowMs).toISOString();
          return data
            ? rateLimit
                .patch({ scope, subject })
                .set({ uses, version: data.version + 1, expiresAt })
                .where(({ version }, { eq }) => eq(version, data.version))
                .commit()
            : rateLimit.create({ scope, subject, uses, version: 1, expiresAt }).commit();
        }),
      )
      .go();
    return result.canceled ? CHANGED : -1;
  }, { answer: 0 });
}
