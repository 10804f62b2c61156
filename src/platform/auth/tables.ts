import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Login sessions. A token names its session; deleting the row (logout, password change, account
 * deletion) makes the token worthless at once, even though its signature and expiry still hold.
 * No foreign key to users: the platform does not know the accounts feature, which deletes the rows.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Secrets the server generates for itself (demo mode token key), shared by all its processes. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
