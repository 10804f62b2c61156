import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { socialTokenUses } from './schema';

/** An ID token that passed verification, as the replay guard remembers it. */
export interface IdTokenUse {
  provider: 'apple' | 'google';
  key: string;
  /** Until then the token could still pass verification somewhere. */
  guardUntil: Date;
}

/** Has this token been used for a sign-in already? (Early answer; the claim below is what counts.) */
export async function idTokenAlreadyUsed(db: Db, use: IdTokenUse): Promise<boolean> {
  const [row] = await db.select({ key: socialTokenUses.key }).from(socialTokenUses).where(eq(socialTokenUses.key, use.key)).limit(1);
  return row !== undefined;
}

/** Forgets tokens that can no longer pass verification. Run outside a transaction. */
export async function pruneIdTokenUses(db: Db, now: Date): Promise<void> {
  await db.delete(socialTokenUses).where(lt(socialTokenUses.expiresAt, now));
}

/**
 * Marks the token used, in the transaction that signs in: false when another request holds it
 * already. On PostgreSQL a concurrent claim of the same key waits for the first transaction and
 * then finds the row (false); if that transaction rolls back, the key is free again.
 */
export async function claimIdTokenUse(tx: Db, use: IdTokenUse, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(socialTokenUses)
    .values({ key: use.key, provider: use.provider, expiresAt: use.guardUntil, usedAt: now })
    .onConflictDoNothing()
    .returning({ key: socialTokenUses.key });
  return inserted.length === 1;
}
