import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { savedCards } from './schema';

export type SavedCardRow = typeof savedCards.$inferSelect;

export interface SaveCardInput {
  userId: string;
  /** The payment provider's token (PaymentGateway.tokenizeCard), never a card number. */
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  now: Date;
}

/**
 * Stores a card the customer chose to save, inside the caller's transaction. Saving the same card
 * again (brand, last four, expiry) keeps one row and takes the newer token. A value that looks like
 * a card number is refused outright: it must never reach the database, whoever calls this.
 */
export async function saveCard(tx: Db, input: SaveCardInput): Promise<SavedCardRow> {
  if (!/^\d{4}$/.test(input.last4)) throw new RangeError('last4 must be four digits');
  if (/\d{12,}/.test(input.token.replace(/[\s-]/g, ''))) throw new RangeError('a card token must not contain a card number');
  const [row] = await tx
    .insert(savedCards)
    .values({
      id: randomUUID(),
      userId: input.userId,
      token: input.token,
      brand: input.brand,
      last4: input.last4,
      expMonth: input.expMonth,
      expYear: input.expYear,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: [savedCards.userId, savedCards.brand, savedCards.last4, savedCards.expMonth, savedCards.expYear],
      set: { token: input.token },
    })
    .returning();
  return row!;
}

/** The customer's card with this id; another customer's card is null, as an unknown one. */
export async function findCard(tx: Db, input: { userId: string; cardId: string }): Promise<SavedCardRow | null> {
  const [row] = await tx
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, input.cardId), eq(savedCards.userId, input.userId)));
  return row ?? null;
}

export async function listCards(db: Db, userId: string): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(desc(savedCards.createdAt), savedCards.id);
}

export async function deleteCard(db: Db, input: { userId: string; cardId: string }): Promise<SavedCardRow | null> {
  const [row] = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, input.cardId), eq(savedCards.userId, input.userId)))
    .returning();
  return row ?? null;
}

/** Account erasure: saved cards go with the account. */
export async function eraseCards(tx: Db, userId: string): Promise<void> {
  await tx.delete(savedCards).where(eq(savedCards.userId, userId));
}
