import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every published event, briefly. The id is the stream's event id: a browser that reconnects with
 * Last-Event-ID gets what it missed from here, whichever process it reaches, and a process whose
 * LISTEN connection dropped catches up from here. Rows older than the retention are pruned; a
 * client asking from before that is told to re-read the current state instead.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('realtime_events_topic_idx').on(table.topic, table.id), index('realtime_events_created_idx').on(table.createdAt)],
);

/**
 * Stream tickets. EventSource cannot send an Authorization header, so an authenticated call buys a
 * ticket for one topic, valid about a minute and once: only its SHA-256 is stored, and redeeming
 * deletes the row. It names the login session, so logging out makes unused tickets worthless.
 * No foreign keys: the platform does not know the accounts feature.
 */
export const realtimeTickets = pgTable(
  'realtime_tickets',
  {
    hash: text('hash').primaryKey(),
    userId: text('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    topic: text('topic').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('realtime_tickets_expires_idx').on(table.expiresAt)],
);
