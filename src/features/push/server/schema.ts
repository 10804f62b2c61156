import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { authSessions } from '../../../platform/auth/tables';

/**
 * Web push subscriptions (issue 10): one row per browser on a device that said yes, with the login
 * it was made under. The row goes with that login (cascade): logging out, a password change that
 * ends other sessions and account deletion all stop the device's notifications at once. The
 * endpoint is the push service's URL and a capability: it is never logged.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint), index('push_subscriptions_user_idx').on(table.userId, table.createdAt), index('push_subscriptions_session_idx').on(table.sessionId)],
);
