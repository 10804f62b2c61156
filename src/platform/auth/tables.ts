import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Login sessions. The login token is a random string the client holds; the row keeps only its
 * SHA-256, so a copy of the database opens no session. Deleting the row (logout, password change,
 * account deletion) makes the token worthless at once.
 * No foreign key to users: the platform does not know the accounts feature, which deletes the rows.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').notNull(),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('auth_sessions_token_hash_idx').on(table.tokenHash), index('auth_sessions_user_idx').on(table.userId)],
);

/** Keys the server generates for itself (the one-time code key), shared by all its processes. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
