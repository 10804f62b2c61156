import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const WALLET_KINDS = ['referral_reward', 'order_debit', 'order_refund', 'adjustment'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/**
 * The balance per customer. Debits are one conditional UPDATE (balance >= amount) on this row, so
 * concurrent checkouts queue on it and the CHECK keeps the balance from ever going below zero.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    userId: text('user_id').primaryKey(),
    balanceCents: integer('balance_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('wallet_accounts_balance_not_negative', sql`${table.balanceCents} >= 0`)],
);

/**
 * The statement: signed cents, newest rows last. One row per (kind, order): a delivered order
 * rewards its referrer once, an order is debited once and refunded once, whatever retries happen.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind').$type<WalletKind>().notNull(),
    orderId: text('order_id'),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('wallet_transactions_kind_order_unique').on(table.kind, table.orderId).where(sql`${table.orderId} is not null`),
    index('wallet_transactions_user_idx').on(table.userId, table.createdAt),
    check('wallet_transactions_amount_not_zero', sql`${table.amountCents} <> 0`),
    check('wallet_transactions_kind_known', sql`${table.kind} in ('referral_reward', 'order_debit', 'order_refund', 'adjustment')`),
  ],
);
