import { serverConfig } from '../config/env';
import type { Db } from '../db/client';
import { appendEvents, pruneEvents, type EventToAppend } from './event-log';
import { Hub, type RealtimeEvent, type RealtimeListener } from './hub';
import { PgListener } from './pg-listener';
import type { Topic } from './topics';

/** How long events are kept for reconnecting streams; older gaps are answered with "re-read the state". */
export const EVENT_RETENTION_SECONDS = 15 * 60;
const PRUNE_EVERY_MS = 60_000;

/**
 * The one publish/subscribe seam. Events are stored in `realtime_events` (their id resumes a
 * stream) and fanned out to this process's subscribers. With one process (PGlite) `publish` hands
 * the event to the in-memory hub directly; with PostgreSQL it NOTIFYs, and every process (this one
 * included) hears it on its LISTEN connection, so a subscriber on any process gets it.
 */
export interface RealtimeBus {
  readonly mode: 'memory' | 'postgres';
  /**
   * Publishes after the change it announces has committed (subscribers re-read state at once).
   * Data is small (ids, a status): at most MAX_EVENT_DATA_BYTES.
   */
  publish<T extends Record<string, unknown>>(db: Db, topic: Topic, type: string, data: T): Promise<RealtimeEvent<T>>;
  /** Publishes several events in one statement (one round trip), in the order given. */
  publishAll(db: Db, events: readonly EventToAppend[]): Promise<RealtimeEvent[]>;
  /** Resolves once events published from now on reach `listener`; call the returned function to stop. */
  subscribe(topic: Topic, listener: RealtimeListener): Promise<() => void>;
  /** Current subscriptions (tests, bench). */
  subscriptions(topic?: Topic): number;
  close(): Promise<void>;
}

export interface BusOptions {
  /** PostgreSQL connection string for LISTEN; without it events stay in this process. */
  databaseUrl?: string | undefined;
}

export function createRealtimeBus(options: BusOptions = {}): RealtimeBus {
  const hub = new Hub();
  const listener = options.databaseUrl ? new PgListener({ connectionString: options.databaseUrl, onEvent: (event) => hub.deliver(event) }) : null;
  let lastPrune = 0;

  const prune = (db: Db) => {
    const now = Date.now();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    pruneEvents(db, EVENT_RETENTION_SECONDS).catch((error: unknown) => console.error(JSON.stringify({ level: 'warn', msg: 'realtime prune failed', error: String(error) })));
  };

  const publishAll = async (db: Db, events: readonly EventToAppend[]): Promise<RealtimeEvent[]> => {
    const stored = await appendEvents(db, events, { notify: listener !== null });
    if (!listener) for (const event of stored) hub.deliver(event);
    prune(db);
    return stored;
  };

  return {
    mode: listener ? 'postgres' : 'memory',
    async publish(db, topic, type, data) {
      const [event] = await publishAll(db, [{ topic, type, data }]);
      return event as RealtimeEvent<typeof data>;
    },
    publishAll,
    async subscribe(topic, fn) {
      const unsubscribe = hub.subscribe(topic, fn);
      try {
        await listener?.ready();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    subscriptions: (topic) => hub.count(topic),
    close: async () => {
      await listener?.close();
    },
  };
}

/*
 * One bus per process, on globalThis for the same reason as the database handle: scripts/start.ts
 * (which runs the order expiry sweep) and the bundled API are separate module graphs, and an
 * event published by either must reach the streams the API holds.
 */
const GLOBAL_KEY = Symbol.for('apobote.realtime');
type Holder = { [GLOBAL_KEY]?: RealtimeBus };

export function realtimeBus(): RealtimeBus {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= createRealtimeBus({ databaseUrl: serverConfig().databaseUrl });
  return holder[GLOBAL_KEY];
}

/** Replaces the process's bus (tests and benches that bring their own database). */
export function setRealtimeBus(bus: RealtimeBus): void {
  (globalThis as Holder)[GLOBAL_KEY] = bus;
}
