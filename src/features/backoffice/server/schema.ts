import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * "Rebuild the static pages": who is building, shared by every server process on the database. At
 * most one row per guarded build (id `site-build`); it is a lease, renewed while the build runs and
 * deleted when it ends, so a process that dies mid-build blocks others only until `expires_at`
 * (server/build-lease.ts says why a lease and not an advisory lock).
 */
export const siteBuildLeases = pgTable('site_build_leases', {
  id: text('id').primaryKey(),
  /** The claiming process's random id (never a person). */
  owner: text('owner').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
