import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { paymentCustomerErasures, paymentCustomers, savedCards } from './schema';

export type SavedCardRow = typeof savedCards.$inferSelect;

export interface SaveCardInput {
  userId: string;
  /** The payment provider's payment-method id (Stripe pm_…), never a card number. */
  token: string;
  /** The provider's customer it is attached to. */
  customerRef: string | null;
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
      customerRef: input.customerRef,
      brand: input.brand,
      last4: input.last4,
      expMonth: input.expMonth,
      expYear: input.expYear,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: [savedCards.userId, savedCards.brand, savedCards.last4, savedCards.expMonth, savedCards.expYear],
      set: { token: input.token, customerRef: input.customerRef },
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

/**
 * Account erasure: saved cards and the provider customer's reference go with the account. Answers
 * every provider customer they named (the account's, and any a saved card was attached to), to be
 * deleted at the provider.
 */
export async function eraseCards(tx: Db, userId: string): Promise<string[]> {
  const cards = await tx.delete(savedCards).where(eq(savedCards.userId, userId)).returning({ customerRef: savedCards.customerRef });
  const customers = await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId)).returning({ customerId: paymentCustomers.customerId });
  return [...new Set([...customers.map((row) => row.customerId), ...cards.map((row) => row.customerRef).filter((ref): ref is string => ref !== null)])];
}

/** A provider customer the provider could not delete now: kept for the retry, in the deletion's transaction. */
export async function recordPendingErasure(tx: Db, input: { customerId: string; now: Date }): Promise<void> {
  await tx.insert(paymentCustomerErasures).values({ customerId: input.customerId, recordedAt: input.now }).onConflictDoNothing();
}

export async function pendingErasures(db: Db, limit: number): Promise<{ customerId: string; attempts: number }[]> {
  return db
    .select({ customerId: paymentCustomerErasures.customerId, attempts: paymentCustomerErasures.attempts })
    .from(paymentCustomerErasures)
    .orderBy(asc(paymentCustomerErasures.recordedAt))
    .limit(limit);
}

export async function finishErasure(db: Db, customerId: string): Promise<void> {
  await db.delete(paymentCustomerErasures).where(eq(paymentCustomerErasures.customerId, customerId));
}

export async function countFailedErasure(db: Db, input: { customerId: string; now: Date }): Promise<void> {
  await db
    .update(paymentCustomerErasures)
    .set({ attempts: sql`${paymentCustomerErasures.attempts} + 1`, lastAttemptAt: input.now })
    .where(eq(paymentCustomerErasures.customerId, input.customerId));
}

/** The provider's customer of this account, if one was made. */
export async function findPaymentCustomer(db: Db, input: { userId: string; provider: string }): Promise<string | null> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, input.userId), eq(paymentCustomers.provider, input.provider)));
  return row?.customerId ?? null;
}

/** Remembers the provider's customer; a concurrent second one loses to the first (its id is returned). */
export async function rememberPaymentCustomer(db: Db, input: { userId: string; provider: string; customerId: string; now: Date }): Promise<string> {
  await db.insert(paymentCustomers).values({ userId: input.userId, provider: input.provider, customerId: input.customerId, createdAt: input.now }).onConflictDoNothing();
  return (await findPaymentCustomer(db, input)) ?? input.customerId;
}
