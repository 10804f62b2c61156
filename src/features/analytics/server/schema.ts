import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The built-in product-analytics collector (issue 10): events as the browser sent them, with a
 * random session id and no user id, address or other personal data.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    type: text('type').notNull(),
    path: text('path').notNull(),
    props: jsonb('props').$type<Record<string, string | number | boolean>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('analytics_events_occurred_idx').on(table.occurredAt), index('analytics_events_type_idx').on(table.type, table.occurredAt)],
);
