import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { IntentStatus, PaymentErrorCode, PaymentMethodFacts, PaymentMethodType, PaymentResult } from './types';

/*
 * The built-in demo payment provider's own state, when the shop runs on PostgreSQL: "the provider"
 * is then every server process of `npm run start:cluster`, so an intent made through one process
 * is confirmed, challenged (3-D Secure), captured or refunded through any other, and a restart
 * forgets none. Nothing here is the shop's: the shop's tables never join these, and with Stripe
 * they stay empty. No card number, CVC or IBAN is ever stored: what a method is known by (brand,
 * last four digits, expiry), as the shop hears it too.
 */

/** One PaymentIntent, with the states Stripe's has (requires_payment_method … succeeded, canceled). */
export const demoPaymentIntents = pgTable('demo_payment_intents', {
  /** pi_demo_<amount>_<random>. */
  id: text('id').primaryKey(),
  /** The shop's key of the create call: a retry on another process answers the same intent. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** Handed to the customer's browser only; the hosted pages check it. */
  clientSecret: text('client_secret').notNull(),
  status: text('status').$type<IntentStatus>().notNull(),
  amountCents: integer('amount_cents').notNull(),
  amountCapturableCents: integer('amount_capturable_cents').notNull(),
  amountReceivedCents: integer('amount_received_cents').notNull(),
  amountRefundedCents: integer('amount_refunded_cents').notNull(),
  captureMethod: text('capture_method').$type<'manual' | 'automatic'>().notNull(),
  orderId: text('order_id'),
  customerId: text('customer_id'),
  paymentMethod: jsonb('payment_method').$type<PaymentMethodFacts>(),
  saveMethod: boolean('save_method').notNull(),
  lastError: text('last_error').$type<PaymentErrorCode>(),
  returnUrl: text('return_url'),
  /** The methods offered for this intent. */
  methods: jsonb('methods').$type<PaymentMethodType[]>().notNull(),
  /** How often it was really captured (tests: never twice). */
  captureCount: integer('capture_count').notNull(),
  refunds: jsonb('refunds').$type<{ id: string; amountCents: number }[]>().notNull(),
  /** sepa_debit: the failing test IBAN's debit fails when the bank answers (settleDebits). */
  debitFails: boolean('debit_fails').notNull(),
  /** The answers of capture and refund calls by idempotency key: a retry through any process gets the first answer. */
  answers: jsonb('answers').$type<Record<string, PaymentResult<Record<string, unknown>>>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (table) => [index('demo_payment_intents_status').on(table.status)]);

/** A payment method the demo provider made (a typed test card), attached to a customer when saved. */
export const demoPaymentMethods = pgTable('demo_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id'),
  facts: jsonb('facts').$type<PaymentMethodFacts>().notNull(),
  /** What the test card does when it is used (success, three_d_secure, declined …), not its number. */
  outcome: text('outcome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (table) => [index('demo_payment_methods_customer').on(table.customerId)]);

/** A provider customer (one per shop account that saves a method). */
export const demoPaymentCustomers = pgTable('demo_payment_customers', {
  id: text('id').primaryKey(),
  /** The shop's key of the create call (customer:<user id>): one customer per account, whichever process asks. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** Deleted at the provider (account deletion); asked for again with the same key, it is back under its id, as before. */
  deleted: boolean('deleted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
