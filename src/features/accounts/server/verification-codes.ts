import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { CODE_DIGITS, CODE_MAX_ATTEMPTS, CODE_TTL_MS, type CodePurpose } from '../model/limits';
import { verificationCodes } from './schema';

/**
 * One-time codes. A 6-digit code has only a million values, so a plain hash would be reversed in
 * no time; it is stored as an HMAC under the server's code key instead. Each code is bound to its
 * purpose, can be tried CODE_MAX_ATTEMPTS times, and is consumed by its first successful use.
 */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

function hashCode(secret: Buffer, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface NewCode {
  purpose: CodePurpose;
  target: string;
  userId: string | null;
}

/** Issues a fresh code; earlier unused codes for the same purpose and target stop working. */
/** `secret` is the server's code key (verificationCodeKey), resolved once per request. */
export async function createCode(tx: Db, secret: Buffer, spec: NewCode, now: Date): Promise<{ code: string; expiresInSeconds: number }> {
  const code = generateCode();
  await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.purpose, spec.purpose), eq(verificationCodes.target, spec.target), isNull(verificationCodes.consumedAt)));
  // Long-dead codes of this target are removed while we are here.
  await tx.delete(verificationCodes).where(and(eq(verificationCodes.target, spec.target), lt(verificationCodes.expiresAt, new Date(now.getTime() - 24 * 3600 * 1000))));
  const ttl = CODE_TTL_MS[spec.purpose];
  await tx.insert(verificationCodes).values({
    id: randomUUID(),
    purpose: spec.purpose,
    userId: spec.userId,
    target: spec.target,
    codeHash: hashCode(secret, spec.purpose, code),
    expiresAt: new Date(now.getTime() + ttl),
    createdAt: now,
  });
  return { code, expiresInSeconds: ttl / 1000 };
}

export type CodeCheck =
  | { ok: true; id: string; userId: string | null; target: string }
  /** none: no live code (expired, used, never sent); exhausted: too many wrong tries; wrong: try again. */
  | { ok: false; reason: 'none' | 'exhausted' | 'wrong' };

/**
 * Checks a code against the newest live code for (purpose, target[, user]) and counts the try.
 * Does not consume it: the caller may still refuse (e.g. two accounts for one phone).
 */
export async function checkCode(db: Db, secret: Buffer, spec: { purpose: CodePurpose; target: string; userId?: string }, code: string, now: Date): Promise<CodeCheck> {
  const conditions = [
    eq(verificationCodes.purpose, spec.purpose),
    eq(verificationCodes.target, spec.target),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, now),
  ];
  if (spec.userId) conditions.push(eq(verificationCodes.userId, spec.userId));
  const [latest] = await db.select().from(verificationCodes).where(and(...conditions)).orderBy(desc(verificationCodes.createdAt)).limit(1);
  if (!latest) return { ok: false, reason: 'none' };
  // The try is counted atomically before comparing, so parallel guesses cannot exceed the limit.
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: latest.attempts + 1 })
    .where(and(eq(verificationCodes.id, latest.id), eq(verificationCodes.attempts, latest.attempts), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) return { ok: false, reason: 'exhausted' };
  if (!sameHash(latest.codeHash, hashCode(secret, spec.purpose, code.trim()))) {
    return { ok: false, reason: counted.attempts >= CODE_MAX_ATTEMPTS ? 'exhausted' : 'wrong' };
  }
  return { ok: true, id: latest.id, userId: latest.userId, target: latest.target };
}

/**
 * Finds a live code by its value alone (reset and verification links that carry only the code).
 * Two live codes with the same value are ambiguous and match nothing.
 */
export async function findCodeByValue(db: Db, secret: Buffer, purpose: CodePurpose, code: string, now: Date): Promise<CodeCheck> {
  const rows = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.codeHash, hashCode(secret, purpose, code.trim())),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .limit(2);
  const [row] = rows;
  if (!row || rows.length > 1) return { ok: false, reason: 'none' };
  return { ok: true, id: row.id, userId: row.userId, target: row.target };
}

/** Marks a checked code used; false when a parallel request used it first. */
export async function consumeCode(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
