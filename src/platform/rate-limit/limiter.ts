import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from './table';

/** A limit: at most `limit` hits per subject in each window of `windowMs`. */
export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

function bucketKey(rule: RateRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject.toLowerCase()).digest('base64url')}`;
}

/** Every so many hits a process sweeps expired rows of all keys, so the table stays small. */
const SWEEP_EVERY = 200;
let hitsSinceSweep = 0;

/**
 * Counts one hit and says whether it is within the limit. The insert-or-increment is one atomic
 * statement, so concurrent requests (from any process) cannot both slip under the limit.
 */
export async function hit(db: Db, rule: RateRule, subject: string, now: Date): Promise<RateDecision> {
  const key = bucketKey(rule, subject);
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const windowStart = new Date(start);
  const windowEnd = new Date(start + rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  if (++hitsSinceSweep >= SWEEP_EVERY) {
    hitsSinceSweep = 0;
    await pruneRateLimits(db, now);
  } else if (count === 1) {
    // A new window began for this key: its old windows can go.
    await db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, windowStart)));
  }
  if (count <= rule.limit) return { allowed: true, remaining: rule.limit - count };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)) };
}

/** Checks several rules (e.g. per e-mail and per IP); every rule is counted, the strictest answer wins. */
export async function hitAll(db: Db, checks: ReadonlyArray<{ rule: RateRule; subject: string | null | undefined }>, now: Date): Promise<RateDecision> {
  let decision: RateDecision = { allowed: true, remaining: Number.POSITIVE_INFINITY };
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const next = await hit(db, rule, subject, now);
    if (!next.allowed) {
      if (decision.allowed || next.retryAfterSeconds > decision.retryAfterSeconds) decision = next;
    } else if (decision.allowed) {
      decision = { allowed: true, remaining: Math.min(decision.remaining, next.remaining) };
    }
  }
  return decision;
}

/**
 * Takes back a hit counted earlier in the same window (a login that turned out to be right counts
 * only failures). Never below zero; a window that has passed meanwhile is left alone.
 */
export async function refund(db: Db, rule: RateRule, subject: string, at: Date): Promise<void> {
  const windowStart = new Date(Math.floor(at.getTime() / rule.windowMs) * rule.windowMs);
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, bucketKey(rule, subject)), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
}

/** refund for each rule that hitAll counted with the same checks and time. */
export async function refundAll(db: Db, checks: ReadonlyArray<{ rule: RateRule; subject: string | null | undefined }>, at: Date): Promise<void> {
  for (const { rule, subject } of checks) if (subject) await refund(db, rule, subject, at);
}

export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}
