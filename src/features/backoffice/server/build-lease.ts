import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { siteBuildLeases } from './schema';

/*
 * "One build at a time" for every server process on the database (docs/decisions/0007-swap-static-pages-with-a-lease.md): two
 * builds into the same dist-next would write over each other's files and swap a mix in.
 *
 * Why a lease row and not a PostgreSQL advisory lock: a session advisory lock has to be held on one
 * connection for the whole build (minutes), taken out of the pool, and it silently goes when that
 * connection does (a database restart, a pooler, an idle timeout) while the build goes on, so a
 * second build could start beside the first without either process noticing; behind a transaction
 * pooler (PgBouncer) session locks do not work at all, and PGlite has one connection per process, on
 * which the lock would be re-entrant. A row claimed with one conditional upsert works the same through
 * any connection on PGlite and PostgreSQL, carries when the build started (what another process's
 * status shows), and its owner can check it still holds it before swapping the build in (a process
 * that lost it stops its build). The cost is the lease: a process that dies mid-build blocks new
 * builds until its lease runs out (LEASE_MS; the running build renews it every RENEW_MS).
 */

export const SITE_BUILD_LEASE_ID = 'site-build';
export const LEASE_MS = 60_000;
export const RENEW_MS = 15_000;

export interface BuildGuard {
  /** Claims the build for this process; false while another (any process) holds an unexpired lease. */
  claim(now: Date): Promise<boolean>;
  /** Extends this process's lease; false when it has lost it (expired and claimed by another). */
  renew(now: Date): Promise<boolean>;
  release(): Promise<void>;
  /** Another process's build running now: when it started; null when none (or the one is ours). */
  elsewhere(now: Date): Promise<{ started_at: string } | null>;
}

/** The in-process guard alone (a process without a database, and tests of the rebuilder itself). */
export const processOnlyGuard: BuildGuard = {
  claim: async () => true,
  renew: async () => true,
  release: async () => {},
  elsewhere: async () => null,
};

export function databaseBuildGuard(getDb: () => Promise<Db>, options: { owner?: string; leaseMs?: number; id?: string } = {}): BuildGuard {
  const owner = options.owner ?? randomUUID();
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const id = options.id ?? SITE_BUILD_LEASE_ID;
  const until = (now: Date) => new Date(now.getTime() + leaseMs);
  const mine = and(eq(siteBuildLeases.id, id), eq(siteBuildLeases.owner, owner));
  return {
    async claim(now) {
      // One statement: on PostgreSQL a concurrent claim waits on the conflicting row and then sees it
      // unexpired, so exactly one of two simultaneous starts gets a row back.
      const claimed = await (await getDb())
        .insert(siteBuildLeases)
        .values({ id, owner, startedAt: now, expiresAt: until(now) })
        .onConflictDoUpdate({
          target: siteBuildLeases.id,
          set: { owner, startedAt: now, expiresAt: until(now) },
          setWhere: lte(siteBuildLeases.expiresAt, now),
        })
        .returning({ owner: siteBuildLeases.owner });
      return claimed[0]?.owner === owner;
    },
    async renew(now) {
      const renewed = await (await getDb()).update(siteBuildLeases).set({ expiresAt: until(now) }).where(mine).returning({ owner: siteBuildLeases.owner });
      return renewed.length === 1;
    },
    async release() {
      await (await getDb()).delete(siteBuildLeases).where(mine);
    },
    async elsewhere(now) {
      const [row] = await (await getDb())
        .select({ owner: siteBuildLeases.owner, startedAt: siteBuildLeases.startedAt })
        .from(siteBuildLeases)
        .where(and(eq(siteBuildLeases.id, id), gt(siteBuildLeases.expiresAt, now)));
      return row && row.owner !== owner ? { started_at: row.startedAt.toISOString() } : null;
    },
  };
}
