import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Remote config flags (spec §3): changed in the database, read at run time, no rebuild. */
export const remoteConfig = pgTable('remote_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
