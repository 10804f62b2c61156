import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/*
 * One cart per customer, kept on the server so it follows them to another device. User ids and
 * PZNs are plain text rather than foreign keys into the accounts and catalog features: features
 * share no tables, a deleted account keeps a tombstone row (so a cascade would never fire), and the
 * cart is erased through the accounts feature's onAccountErased hook instead.
 */
export const carts = pgTable('carts', {
  userId: text('user_id').primaryKey(),
  /** The pharmacy whose stock the cart is checked against; null until one is chosen. */
  pharmacyId: text('pharmacy_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per product; (user, pzn) is the key the atomic upserts rely on. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: text('user_id').notNull(),
    pzn: text('pzn').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.pzn] }), check('cart_items_quantity_positive', sql`${table.quantity} > 0`)],
);
