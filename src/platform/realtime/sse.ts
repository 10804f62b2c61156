import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { Db } from '../db/client';
import type { RealtimeBus } from './bus';
import { eventBounds, eventsAfter } from './event-log';
import type { RealtimeEvent } from './hub';
import type { Topic } from './topics';

/** More missed events than this is not a reconnect but a stale tab: it re-reads the state instead. */
export const MAX_REPLAY = 500;

export interface StreamOptions {
  bus: RealtimeBus;
  db: Db;
  topic: Topic;
  /** The last event id the client saw (Last-Event-ID), or null for a fresh subscription. */
  lastEventId: number | null;
  heartbeatMs: number;
  maxStreamMs: number;
  /** Runs once when the stream ends, however it ends. */
  onClose: () => void;
}

/** The `ready` event: from here on events arrive live; `resumed` says every event since Last-Event-ID was replayed. */
export interface ReadyData {
  topic: Topic;
  resumed: boolean;
}

/*
 * One event goes to every stream of its topic: it is encoded once (the same object reaches each
 * listener), not once per subscriber, which is most of the fan-out's cost at a thousand streams.
 */
const encoder = new TextEncoder();
const encoded = new WeakMap<RealtimeEvent, Uint8Array>();
function frame(event: RealtimeEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    // JSON has no raw line breaks, so the data fits one `data:` line.
    bytes = encoder.encode(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
    encoded.set(event, bytes);
  }
  return bytes;
}

/**
 * Opens a Server-Sent Events stream of one topic. The subscription is live before the answer's
 * headers leave, so nothing published after the browser's `open` is missed. With Last-Event-ID
 * the events since are replayed from the events table (from any process); when that gap is no
 * longer complete the client is told to re-read the current state instead (`resumed: false`).
 * Then `ready`, then live events; a comment every `heartbeatMs` keeps proxies from closing it.
 */
export async function openEventStream(c: Context, options: StreamOptions): Promise<Response> {
  const early: RealtimeEvent[] = [];
  let forward: ((event: RealtimeEvent) => void) | null = null;
  let unsubscribe: () => void;
  try {
    unsubscribe = await options.bus.subscribe(options.topic, (event) => (forward ? forward(event) : early.push(event)));
  } catch (error) {
    options.onClose();
    throw error;
  }

  const response = streamSSE(c, async (stream) => {
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (end = resolve));
    stream.onAbort(() => end());
    // Writes go out one after another: live events and heartbeats arrive from timers and the hub.
    let writing = Promise.resolve();
    const send = (write: () => Promise<unknown>) => {
      writing = writing.then(write).then(() => undefined);
      return writing;
    };
    const heartbeat = setInterval(() => void send(() => stream.write(': keep-alive\n\n')), options.heartbeatMs);
    const lifetime = setTimeout(() => end(), options.maxStreamMs);
    try {
      const sent = await replay(stream, options);
      for (const event of early) if (!sent.ids.has(event.id)) await send(() => stream.write(frame(event)));
      forward = (event) => void send(() => stream.write(frame(event)));
      const ready: ReadyData = { topic: options.topic, resumed: sent.complete };
      await send(() => stream.writeSSE({ event: 'ready', id: String(sent.highWater), data: JSON.stringify(ready) }));
      await ended;
    } finally {
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe();
      options.onClose();
    }
  });
  // Proxies must neither buffer nor compress the stream (the shop server's compression honours no-transform).
  response.headers.set('Cache-Control', 'no-cache, no-transform');
  response.headers.set('X-Accel-Buffering', 'no');
  return response;
}

/** Writes the events missed since Last-Event-ID; reports which ids went out, whether that was all, and the id to resume from. */
async function replay(stream: SSEStreamingApi, options: StreamOptions): Promise<{ ids: Set<number>; complete: boolean; highWater: number }> {
  const ids = new Set<number>();
  const bounds = await eventBounds(options.db);
  const after = options.lastEventId;
  // Complete only when nothing after `after` can have been pruned: the oldest kept event is at most the next one.
  if (after === null || after > bounds.newest || bounds.oldest === null || bounds.oldest > after + 1) {
    return { ids, complete: false, highWater: bounds.newest };
  }
  const missed = await eventsAfter(options.db, options.topic, after, MAX_REPLAY);
  if (missed.length >= MAX_REPLAY) return { ids, complete: false, highWater: bounds.newest };
  let highWater = bounds.newest;
  for (const event of missed) {
    await stream.write(frame(event));
    ids.add(event.id);
    highWater = Math.max(highWater, event.id);
  }
  return { ids, complete: true, highWater };
}
