import pg from 'pg';
import { NOTIFY_CHANNEL, toEvent } from './event-log';
import type { RealtimeEvent } from './hub';

export interface PgListenerOptions {
  connectionString: string;
  onEvent: (event: RealtimeEvent) => void;
  /** Waits before reconnecting: 250 ms doubling to 5 s. */
  backoffMs?: (attempt: number) => number;
}

export const LISTENER_APPLICATION_NAME = 'apobote realtime listener';
const CATCH_UP_BATCH = 500;
/** Ids already delivered, remembered so an event heard twice (catch-up and NOTIFY) is delivered once. */
const REMEMBERED_IDS = 2048;

const warn = (msg: string, error?: unknown) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg, ...(error ? { error: String(error) } : {}) }));

/**
 * One dedicated PostgreSQL connection per process that LISTENs for published events (a pooled
 * connection cannot: LISTEN belongs to its session). It connects on first use. When the connection
 * drops it reconnects with backoff and then reads the events it missed meanwhile from the events
 * table, so subscribers of this process lose nothing to a database restart or failover.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The newest event id delivered; null before the first connection. */
  private lastId: number | null = null;
  private readonly seen = new Set<number>();
  private readonly seenOrder: number[] = [];

  constructor(private readonly options: PgListenerOptions) {}

  /** Resolves once LISTEN is active (connecting if needed); rejects when the database cannot be reached now. */
  ready(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('realtime listener closed'));
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    // Named, so an operator sees it in pg_stat_activity.
    const client = new pg.Client({ connectionString: this.options.connectionString, keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
      try {
        this.deliver(toEvent(JSON.parse(message.payload)));
      } catch (error) {
        warn('realtime notification not understood', error);
      }
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.attempt = 0;
      await this.catchUp(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (this.client === client) this.client = null;
      throw error;
    }
  }

  /** First connection: start from the newest event. Reconnection: deliver what was published meanwhile. */
  private async catchUp(client: pg.Client): Promise<void> {
    if (this.lastId === null) {
      const { rows } = await client.query<{ newest: string | null }>('select max(id) as newest from realtime_events');
      this.lastId = Math.max(this.lastId ?? 0, Number(rows[0]?.newest ?? 0));
      return;
    }
    for (;;) {
      const { rows } = await client.query('select id, topic, type, data, created_at from realtime_events where id > $1 order by id limit $2', [this.lastId, CATCH_UP_BATCH]);
      for (const row of rows) this.deliver(toEvent(row));
      if (rows.length < CATCH_UP_BATCH) return;
    }
  }

  private deliver(event: RealtimeEvent): void {
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    this.seenOrder.push(event.id);
    if (this.seenOrder.length > REMEMBERED_IDS) this.seen.delete(this.seenOrder.shift()!);
    this.lastId = Math.max(this.lastId ?? 0, event.id);
    this.options.onEvent(event);
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.closed) return;
    warn('realtime LISTEN connection lost, reconnecting', error);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.attempt += 1;
    const delay = this.options.backoffMs?.(this.attempt) ?? Math.min(5_000, 250 * 2 ** (this.attempt - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ready().catch((error: unknown) => {
        warn('realtime LISTEN reconnect failed', error);
        this.scheduleReconnect();
      });
    }, delay);
    // A pending reconnect must not keep a finished process alive.
    this.retryTimer.unref();
  }
}
