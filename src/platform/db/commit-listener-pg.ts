import type pg from 'pg';
import { coalescedRead } from './coalesced-read';

export const COMMIT_LISTENER_APPLICATION_NAME = 'apobote commit listener';
/** A listening session that takes longer than this to answer `select 1` is given up (callers read the database). */
const FENCE_TIMEOUT_MS = 2_000;

type Subscriber = { onNotify: (payload: string) => void; onReset: () => void };

const warn = (msg: string, error?: unknown) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg, ...(error ? { error: String(error) } : {}) }));

/**
 * One dedicated PostgreSQL session per pool that LISTENs for the triggers' commit notifications
 * (a pooled session cannot: LISTEN belongs to its session), so a process can keep copies of what
 * they announce. The server sends a listening session the notifications of every transaction that
 * committed before a query it then runs ahead of that query's answer, so `caughtUp` (a `select 1`
 * on this session, shared by concurrent callers) has delivered every change committed before it
 * was called. Whenever the session is lost, subscribers are reset (what they copied may have
 * changed unheard), and until it is back `caughtUp` answers false: read the database instead.
 */
export class PgCommitListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  private readonly channels = new Map<string, Set<Subscriber>>();

  constructor(private readonly pool: pg.Pool) {}

  /** Resolves once `channel` is listened to; rejects when the database cannot be reached now. */
  async listen(channel: string, subscriber: Subscriber): Promise<void> {
    let subscribers = this.channels.get(channel);
    const first = !subscribers;
    if (!subscribers) this.channels.set(channel, (subscribers = new Set()));
    subscribers.add(subscriber);
    const client = await this.connected();
    if (first) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  }

  /**
   * True once every notification of a transaction committed before this call has reached its
   * subscribers; false when the session is lost and cannot be opened again now. Concurrent callers
   * share one round trip, but never one that began before they called.
   */
  readonly caughtUp: () => Promise<boolean> = coalescedRead(() => this.fence());

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async fence(): Promise<boolean> {
    let client: pg.Client;
    try {
      client = await this.connected();
    } catch {
      return false;
    }
    try {
      await client.query('select 1');
      return true;
    } catch (error) {
      // A session that does not answer (timed out) hears nothing either: start afresh.
      this.lost(client, error);
      return false;
    }
  }

  private connected(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('commit listener closed'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const { Client } = (await import('pg')).default;
    // The pool's own settings (URL, TLS, credentials); named, so an operator sees it in pg_stat_activity.
    const client = new Client({ ...this.pool.options, keepAlive: true, query_timeout: FENCE_TIMEOUT_MS, application_name: COMMIT_LISTENER_APPLICATION_NAME });
    client.on('notification', (message) => {
      for (const subscriber of this.channels.get(message.channel) ?? []) subscriber.onNotify(message.payload ?? '');
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      throw new Error('commit listener closed');
    }
    this.client = client;
    return client;
  }

  /** The next caller reconnects; until then nothing copied can be trusted. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (!this.closed) warn('commit LISTEN connection lost', error);
    for (const subscribers of this.channels.values()) for (const subscriber of subscribers) subscriber.onReset();
  }
}

const listeners = new WeakMap<pg.Pool, PgCommitListener>();

/** The pool's listener, made on first use: one listening session per pool. */
export function commitListenerFor(pool: pg.Pool): PgCommitListener {
  let listener = listeners.get(pool);
  if (!listener) listeners.set(pool, (listener = new PgCommitListener(pool)));
  return listener;
}

/** Ends the pool's listening session, if it has one, as the pool closes. */
export async function closeCommitListener(pool: pg.Pool): Promise<void> {
  await listeners.get(pool)?.close();
}
