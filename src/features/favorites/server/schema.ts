import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * A customer's favourite products. Plain text keys, no foreign keys into accounts or catalog: features
 * share no tables, and erasure runs through the accounts feature's onAccountErased hook.
 */
export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id').notNull(),
    pzn: text('pzn').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.pzn] })],
);
