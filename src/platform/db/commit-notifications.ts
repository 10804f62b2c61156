import type { Db } from './client';

interface ListeningClient {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

const listenerOf = (db: Db): ListeningClient | null => {
  const client = (db as { $client?: Partial<ListeningClient> }).$client;
  return client && typeof client.listen === 'function' ? (client as ListeningClient) : null;
};

/**
 * Subscribes to NOTIFY `channel` on the one database session every query of this process shares,
 * if there is one: the embedded PGlite. There a notification is part of the answer to the
 * committing statement and reaches `onNotify` before that statement's caller resumes, so once a
 * write has committed, no later read in this process can act on what it changed without the
 * listener having been told. Answers false on PostgreSQL, where a process holds a pool of sessions
 * and notifications reach a listening one some time after the commit: callers read the database.
 *
 * Triggers that notify should do so only when the writing session itself listens
 * (`'channel' = ANY (ARRAY(SELECT pg_listening_channels()))`), which spares PostgreSQL the cost of
 * NOTIFY on every write when nobody could hear it.
 */
export async function listenOnSharedSession(db: Db, channel: string, onNotify: (payload: string) => void): Promise<boolean> {
  const client = listenerOf(db);
  if (!client) return false;
  await client.listen(channel, onNotify);
  return true;
}
