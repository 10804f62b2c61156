import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What a message is on its way to: a provider's seam (mail, SMS, push) or the shop itself (a provider's webhook to process). */
export type OutboxChannel = 'email' | 'sms' | 'push' | 'webhook';
/** pending: due at next_attempt_at; sending: claimed by a worker until locked_until; sent; dead: gave up after the last attempt. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'dead';

/**
 * The transactional outbox (decision 0012): every outgoing e-mail, SMS and push, and every payment
 * webhook received, is a row written in the same transaction as the change that causes it, and a
 * worker delivers it afterwards with retries. The payload holds the message itself (it may name a
 * person: never log it) and is cleared once the message is sent; `recipient` is masked.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What it is, for people and logs: e.g. `order.received`, `chat.reply`, `payment.webhook`. */
    kind: text('kind').notNull(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    /** One message per key: a second enqueue with it is ignored; passed to the provider where it takes one. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The recipient masked (`d***@example.org`, `+49******78`), for the back office. */
    recipient: text('recipient'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** The last failure's error name only (a provider's message may quote an address). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('outbox_messages_key_idx').on(table.idempotencyKey),
    // What a worker claims: due pending rows, and claimed rows whose lease ran out.
    index('outbox_messages_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('outbox_messages_lease_idx').on(table.lockedUntil).where(sql`${table.status} = 'sending'`),
    index('outbox_messages_dead_idx').on(table.createdAt).where(sql`${table.status} = 'dead'`),
  ],
);

/** The delivery log: one row per attempt, with the error's name, never its message. */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    worker: text('worker').notNull(),
    outcome: text('outcome').$type<'sent' | 'failed' | 'dead' | 'gone'>().notNull(),
    errorName: text('error_name'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('outbox_attempts_message_idx').on(table.messageId, table.attempt)],
);

export type OutboxRow = typeof outboxMessages.$inferSelect;
