import type pg from 'pg';
import type { Db } from './client';
import { commitListenerFor } from './commit-listener-pg';

interface ListeningClient {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

export interface CommitNotifications {
  /**
   * True once every notification of a transaction committed before the call has reached
   * `onNotify`: what the listener copied is as fresh as the database. False when that cannot be
   * promised now (PostgreSQL's listening session is lost): read the database instead.
   */
  caughtUp(): Promise<boolean>;
}

const embeddedClient = (db: Db): ListeningClient | null => {
  const client = (db as { $client?: Partial<ListeningClient> }).$client;
  return client && typeof client.listen === 'function' ? (client as ListeningClient) : null;
};

const poolOf = (db: Db): pg.Pool | null => {
  const client = (db as { $client?: Partial<pg.Pool> }).$client;
  return client && typeof client.connect === 'function' && 'options' in client && 'totalCount' in client ? (client as pg.Pool) : null;
};

/**
 * Subscribes to NOTIFY `channel`, which triggers send as the changes they announce commit, so a
 * process can keep copies of what rarely changes and still never answer from one a committed
 * change has outdated: ask `caughtUp()` before each answer.
 * - The embedded PGlite has one session, which listens: a notification is part of the answer to
 *   the committing statement and reaches `onNotify` before that statement's caller resumes, so
 *   `caughtUp` is always true at once.
 * - On PostgreSQL a dedicated session per process listens (PgCommitListener); `caughtUp` is one
 *   round trip on it, shared by concurrent callers. When that session is lost, `onReset` says that
 *   changes may have gone unheard.
 * Null for a database that can tell of no commit.
 */
export async function listenForCommits(
  db: Db,
  channel: string,
  handlers: { onNotify: (payload: string) => void; onReset: () => void },
): Promise<CommitNotifications | null> {
  const embedded = embeddedClient(db);
  if (embedded) {
    await embedded.listen(channel, handlers.onNotify);
    return { caughtUp: async () => true };
  }
  const pool = poolOf(db);
  if (!pool) return null;
  const listener = commitListenerFor(pool);
  // Unreachable now: the subscription stands, and the next caughtUp connects and listens.
  await listener.listen(channel, handlers).catch(() => undefined);
  return listener;
}
