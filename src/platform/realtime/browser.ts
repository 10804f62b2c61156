import type { ApiClient } from '../api-client';
import { attempt, type Outcome } from '../api-client/outcome';
import type { Locale } from '../i18n/locales';
import type { Topic } from './topics';

/*
 * The browser side of live events, framework-free (islands wrap it in an effect). One topic per
 * stream: buy a ticket with the login token, open an EventSource with it, and when the stream
 * fails close it (the ticket was single-use, so the browser's own retry would be refused), wait,
 * buy a new ticket and resume from the last event id. While no stream can be held, poll.
 */

/** An event as the server sends it (`data` of a stream message). */
export interface LiveEvent<T = Record<string, unknown>> {
  id: number;
  topic: Topic;
  type: string;
  data: T;
  at: string;
}

/** The part of EventSource this module uses (tests pass a fake). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface FollowOptions {
  /** A fresh stream URL (a new ticket), or null when the server will not stream now: then `fallback` runs. */
  streamUrl: () => Promise<string | null>;
  onEvent: (event: LiveEvent) => void;
  /**
   * The stream is live (again). Unless `resumed` (every event since the last one was replayed),
   * events may have been missed: re-read what the screen shows.
   */
  onReady: (resumed: boolean) => void;
  /** Starts polling while no stream is held; returns the function that stops it. */
  fallback: () => () => void;
  eventSource?: (url: string) => EventSourceLike;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** For the retry jitter; 0 ≤ value < 1. */
  random?: () => number;
}

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

/** Waits 1 s, 2 s, 4 s … up to 30 s, each shortened by up to half at random so tabs do not return all at once. */
export function retryDelay(failures: number, random: number): number {
  const full = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(full * (0.5 + random / 2));
}

/** Follows one topic until the returned function is called. */
export function followTopic(options: FollowOptions): () => void {
  const create = options.eventSource ?? (typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url));
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const random = options.random ?? Math.random;
  let stopped = false;
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let failures = 0;
  let lastEventId = '';
  let stopFallback: (() => void) | null = null;

  const startFallback = () => {
    stopFallback ??= options.fallback();
  };
  const endFallback = () => {
    stopFallback?.();
    stopFallback = null;
  };

  const retry = (withFallback: boolean) => {
    failures += 1;
    // A stream that dropped after working is simply reopened; polling starts once reopening fails too.
    if (withFallback || failures >= 2) startFallback();
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, retryDelay(failures, random()));
  };

  const connect = async () => {
    let url: string | null = null;
    try {
      url = create ? await options.streamUrl() : null;
    } catch {
      url = null;
    }
    if (stopped) return;
    if (!url || !create) {
      retry(true);
      return;
    }
    if (lastEventId) url += `${url.includes('?') ? '&' : '?'}last_event_id=${encodeURIComponent(lastEventId)}`;
    const current = create(url);
    source = current;
    const remember = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    current.addEventListener('ready', (event) => {
      remember(event);
      failures = 0;
      endFallback();
      options.onReady(parseJson<{ resumed?: boolean }>(event.data)?.resumed === true);
    });
    current.addEventListener('message', (event) => {
      remember(event);
      const parsed = parseJson<LiveEvent>(event.data);
      if (parsed) options.onEvent(parsed);
    });
    current.onerror = () => {
      current.close();
      if (source !== current || stopped) return;
      source = null;
      retry(false);
    };
  };

  void connect();
  return () => {
    stopped = true;
    source?.close();
    source = null;
    if (timer !== null) clearTimer(timer);
    endFallback();
  };
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Buys a stream ticket for `topic` with the island's typed client (which carries the login token). */
export async function requestStreamUrl(client: ApiClient, topic: Topic, locale: Locale): Promise<Outcome<string>> {
  const outcome = await attempt(() => client.POST('/api/v1/realtime/tickets', { body: { topic } }), locale);
  return outcome.ok ? { ok: true, data: outcome.data.stream_url } : outcome;
}
