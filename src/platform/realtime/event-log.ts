import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { RealtimeEvent } from './hub';
import { realtimeEvents } from './tables';
import type { Topic } from './topics';

/** The PostgreSQL NOTIFY channel every process LISTENs on. */
export const NOTIFY_CHANNEL = 'apobote_realtime';

/**
 * NOTIFY payloads end at 8000 bytes. Events say what changed (ids, a status), never the whole
 * entity: subscribers re-read what they show. 2 KB of data leaves ample room for topic and type.
 */
export const MAX_EVENT_DATA_BYTES = 2048;
const EVENT_TYPE = /^[a-z][a-z0-9_.-]{0,63}$/;

export class RealtimeEventTooLargeError extends RangeError {}

interface EventRow {
  id: number | string | bigint;
  topic: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date | string;
}

/** Reshapes a row (or a NOTIFY payload) once: drivers give int8 as string or bigint, times as Date or text. */
export function toEvent(row: EventRow): RealtimeEvent {
  return { id: Number(row.id), topic: row.topic as Topic, type: row.type, data: row.data, at: new Date(row.created_at).toISOString() };
}

export function checkEvent(type: string, data: Record<string, unknown>): void {
  if (!EVENT_TYPE.test(type)) throw new RangeError(`not a valid event type: ${type}`);
  const bytes = Buffer.byteLength(JSON.stringify(data), 'utf8');
  if (bytes > MAX_EVENT_DATA_BYTES) throw new RealtimeEventTooLargeError(`event data is ${bytes} bytes; publish ids and statuses (at most ${MAX_EVENT_DATA_BYTES})`);
}

/** One event to store: where it goes, what it says. */
export interface EventToAppend {
  topic: Topic;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Stores events and, with `notify`, announces each to every process in the same statement: the
 * notifications go out when the rows commit, so a listener never hears of an event it cannot read.
 * Several events are one statement (one round trip), in the order given (ids ascend with it).
 */
export async function appendEvents(db: Db, events: readonly EventToAppend[], options: { notify: boolean }): Promise<RealtimeEvent[]> {
  if (events.length === 0) return [];
  for (const event of events) checkEvent(event.type, event.data);
  const notify = options.notify
    ? sql`, pg_notify(${NOTIFY_CHANNEL}, json_build_object('id', id, 'topic', topic, 'type', type, 'data', data, 'created_at', created_at)::text)`
    : sql``;
  const values = sql.join(
    events.map((event) => sql`(${event.topic}, ${event.type}, ${JSON.stringify(event.data)}::jsonb)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with inserted as (
      insert into ${realtimeEvents} (topic, type, data) values ${values}
      returning id, topic, type, data, created_at
    )
    select id, topic, type, data, created_at${notify} from inserted order by id`);
  const rows = (result as unknown as { rows: EventRow[] }).rows;
  if (rows.length !== events.length) throw new Error('realtime events were not stored');
  return rows.map(toEvent);
}

/** A topic's events after `afterId`, oldest first. */
export async function eventsAfter(db: Db, topic: Topic, afterId: number, limit: number): Promise<RealtimeEvent[]> {
  const rows = await db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.topic, topic), gt(realtimeEvents.id, afterId)))
    .orderBy(asc(realtimeEvents.id))
    .limit(limit);
  return rows.map((row) => toEvent({ ...row, created_at: row.createdAt }));
}

/** The newest event id (0 when none) and the oldest one still kept (null when none). */
export async function eventBounds(db: Db): Promise<{ newest: number; oldest: number | null }> {
  const [row] = await db
    .select({ newest: sql<string | number | null>`max(${realtimeEvents.id})`, oldest: sql<string | number | null>`min(${realtimeEvents.id})` })
    .from(realtimeEvents);
  return { newest: Number(row?.newest ?? 0), oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
}

/** Forgets events older than the retention (database time: these rows carry no business meaning). */
export async function pruneEvents(db: Db, retentionSeconds: number): Promise<void> {
  await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, sql`now() - make_interval(secs => ${retentionSeconds})`));
}
