import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Saved cards (spec §3): the payment provider's token and what the customer recognises the card by.
 * Never the card number or the CVC: they pass through memory on the way to the provider only.
 * Saving the same card again (brand, last four, expiry) replaces its token instead of adding a row.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** The provider's payment-method id (Stripe pm_…), attached to the customer below. */
    token: text('token').notNull(),
    /** The provider's customer the method belongs to (Stripe cus_…). */
    customerRef: text('customer_ref'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('saved_cards_same_card').on(table.userId, table.brand, table.last4, table.expMonth, table.expYear),
    index('saved_cards_user_idx').on(table.userId, table.createdAt),
    check('saved_cards_last4_digits', sql`${table.last4} ~ '^[0-9]{4}$'`),
    check('saved_cards_exp_month', sql`${table.expMonth} between 1 and 12`),
    check('saved_cards_exp_year', sql`${table.expYear} between 2000 and 2199`),
  ],
);

/** The payment provider's customer for one shop account: saved payment methods belong to it. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: text('user_id').notNull(),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (table) => [uniqueIndex('payment_customers_user_provider').on(table.userId, table.provider)]);

/**
 * Provider customers of deleted accounts that the provider could not delete at the time (down,
 * timeout). The account's deletion does not wait for a third party; the sweep tries again until
 * the provider confirms (retryPaymentErasures). Holds the provider's id only, nothing personal.
 */
export const paymentCustomerErasures = pgTable('payment_customer_erasures', {
  customerId: text('customer_id').primaryKey(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
});
