import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
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
 * each write is conditioned on the version it read, and a loser reads again.
 */
export async function take(scope: RateLimitScope, subject: string, limit: Limit): Promise<boolean> {
  const entity = db().entities.rateLimit;
  for (let round = 0; round < 8; round++) {
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
    }
  }
  // Still losing races after several rounds: refuse rather than risk overshooting.
  return false;
}
