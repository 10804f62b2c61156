import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { walletAccounts, walletTransactions, type WalletKind } from './schema';

/**
 * The wallet (spec §1, §6, §9): credit from referrals and refunds, spent at checkout. Every change
 * is a statement row plus the balance row in the caller's transaction (pass it as `tx`), so the
 * balance is always the sum of the statement.
 */

export type WalletTransactionRow = typeof walletTransactions.$inferSelect;

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`wallet amounts are non-negative integer cents, got ${cents}`);
}

export async function walletBalance(tx: Db, userId: string): Promise<number> {
  const [row] = await prepared(tx, 'wallet_balance', (on, name) =>
    on.select({ balance: walletAccounts.balanceCents }).from(walletAccounts).where(eq(walletAccounts.userId, sql.placeholder('userId'))).prepare(name),
  ).execute({ userId });
  return row?.balance ?? 0;
}

export type DebitResult = { ok: true; balanceCents: number } | { ok: false; code: 'WALLET_INSUFFICIENT' };

/**
 * Spends credit on an order. One conditional UPDATE (balance >= amount) decides: concurrent
 * checkouts of one customer queue on their balance row and can never take it below zero. An order
 * is debited once: calling again for the same order changes nothing and answers ok.
 */
export async function debitWallet(tx: Db, input: { userId: string; orderId: string; cents: number; now: Date }): Promise<DebitResult> {
  assertCents(input.cents);
  if (input.cents === 0) return { ok: true, balanceCents: await walletBalance(tx, input.userId) };
  const [account] = await tx
    .update(walletAccounts)
    .set({ balanceCents: sql`${walletAccounts.balanceCents} - ${input.cents}`, updatedAt: input.now })
    .where(and(eq(walletAccounts.userId, input.userId), sql`${walletAccounts.balanceCents} >= ${input.cents}`))
    .returning({ balance: walletAccounts.balanceCents });
  if (!account) return { ok: false, code: 'WALLET_INSUFFICIENT' };
  const inserted = await tx
    .insert(walletTransactions)
    .values({
      id: randomUUID(),
      userId: input.userId,
      amountCents: -input.cents,
      kind: 'order_debit',
      orderId: input.orderId,
      balanceAfterCents: account.balance,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: walletTransactions.id });
  if (inserted.length === 0) {
    // This order was debited before: give back what was just taken.
    const [restored] = await tx
      .update(walletAccounts)
      .set({ balanceCents: sql`${walletAccounts.balanceCents} + ${input.cents}` })
      .where(eq(walletAccounts.userId, input.userId))
      .returning({ balance: walletAccounts.balanceCents });
    return { ok: true, balanceCents: restored?.balance ?? 0 };
  }
  return { ok: true, balanceCents: account.balance };
}

export type CreditKind = Exclude<WalletKind, 'order_debit'>;

/**
 * Adds credit. With an order id it happens once per (kind, order): a delivered order rewards its
 * referrer once however often delivery is reported. `credited` says whether this call added it.
 */
export async function creditWallet(
  tx: Db,
  input: { userId: string; cents: number; kind: CreditKind; orderId: string | null; now: Date },
): Promise<{ ok: true; credited: boolean; balanceCents: number }> {
  assertCents(input.cents);
  if (input.cents === 0) return { ok: true, credited: false, balanceCents: await walletBalance(tx, input.userId) };
  if (input.orderId !== null) {
    const [existing] = await tx
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.kind, input.kind), eq(walletTransactions.orderId, input.orderId)));
    if (existing) return { ok: true, credited: false, balanceCents: await walletBalance(tx, input.userId) };
  }
  const [account] = await tx
    .insert(walletAccounts)
    .values({ userId: input.userId, balanceCents: input.cents, updatedAt: input.now })
    .onConflictDoUpdate({
      target: walletAccounts.userId,
      set: { balanceCents: sql`${walletAccounts.balanceCents} + ${input.cents}`, updatedAt: input.now },
    })
    .returning({ balance: walletAccounts.balanceCents });
  const balance = account!.balance;
  const inserted = await tx
    .insert(walletTransactions)
    .values({
      id: randomUUID(),
      userId: input.userId,
      amountCents: input.cents,
      kind: input.kind,
      orderId: input.orderId,
      balanceAfterCents: balance,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: walletTransactions.id });
  if (inserted.length === 0) {
    // A concurrent call credited this (kind, order) first.
    const [undone] = await tx
      .update(walletAccounts)
      .set({ balanceCents: sql`${walletAccounts.balanceCents} - ${input.cents}` })
      .where(eq(walletAccounts.userId, input.userId))
      .returning({ balance: walletAccounts.balanceCents });
    return { ok: true, credited: false, balanceCents: undone?.balance ?? 0 };
  }
  return { ok: true, credited: true, balanceCents: balance };
}

/**
 * Gives back the credit an order used (rejected, expired, refunded before delivery). Safe to call
 * repeatedly and for orders that used none: `refundedCents` is 0 then.
 */
export async function refundWalletDebit(tx: Db, input: { orderId: string; now: Date }): Promise<{ ok: true; refundedCents: number }> {
  const [debit] = await tx
    .select({ userId: walletTransactions.userId, amountCents: walletTransactions.amountCents })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.kind, 'order_debit'), eq(walletTransactions.orderId, input.orderId)));
  if (!debit) return { ok: true, refundedCents: 0 };
  const result = await creditWallet(tx, { userId: debit.userId, cents: -debit.amountCents, kind: 'order_refund', orderId: input.orderId, now: input.now });
  return { ok: true, refundedCents: result.credited ? -debit.amountCents : 0 };
}

/** The statement, newest first. */
export async function walletTransactionsOf(db: Db, userId: string, limit = 100): Promise<WalletTransactionRow[]> {
  return db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.balanceAfterCents))
    .limit(limit);
}

/** How many rows of one kind a customer has and their sum (e.g. referral rewards earned). */
export async function walletKindTotals(db: Db, userId: string, kind: WalletKind): Promise<{ count: number; cents: number }> {
  const [row] = await db
    .select({ n: count(), total: sum(walletTransactions.amountCents) })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.kind, kind)));
  return { count: Number(row?.n ?? 0), cents: Number(row?.total ?? 0) };
}

/**
 * Account erasure: the statement stays (bookkeeping, keyed by the tombstone id only); remaining
 * credit lapses with an adjustment row so the balance still equals the statement.
 */
export async function closeWallet(tx: Db, userId: string, { now }: { now: Date }): Promise<void> {
  const [account] = await tx.select({ balance: walletAccounts.balanceCents }).from(walletAccounts).where(eq(walletAccounts.userId, userId)).for('update');
  if (!account || account.balance === 0) return;
  await tx.update(walletAccounts).set({ balanceCents: 0, updatedAt: now }).where(eq(walletAccounts.userId, userId));
  await tx.insert(walletTransactions).values({
    id: randomUUID(),
    userId,
    amountCents: -account.balance,
    kind: 'adjustment',
    orderId: null,
    balanceAfterCents: 0,
    createdAt: now,
  });
}

/** When each of the customer's orders-by-id earned them a referral reward (for the referral screen's states). */
export async function referralRewardOrders(db: Db, userId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ orderId: walletTransactions.orderId, createdAt: walletTransactions.createdAt })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.kind, 'referral_reward')));
  return new Map(rows.flatMap((row) => (row.orderId ? [[row.orderId, row.createdAt] as const] : [])));
}
