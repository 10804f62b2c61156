import { describe, expect, it } from 'vitest';
import { followTopic, retryDelay, type EventSourceLike, type LiveEvent } from '../../../src/platform/realtime/browser';

/** An EventSource stand-in the test drives: it records its URL and is told what the server sends. */
class FakeSource implements EventSourceLike {
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

function harness(urls: (string | null)[]) {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const events: LiveEvent[] = [];
  const readies: boolean[] = [];
  const fallback = { starts: 0, stops: 0 };
  let asked = 0;
  const stop = followTopic({
    streamUrl: async () => urls[Math.min(asked++, urls.length - 1)] ?? null,
    onEvent: (event) => events.push(event),
    onReady: (resumed) => readies.push(resumed),
    fallback: () => {
      fallback.starts++;
      return () => fallback.stops++;
    },
    eventSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    random: () => 1 - Number.EPSILON,
  });
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const runTimer = async () => {
    timers.shift()!.run();
    await settle();
  };
  return { sources, timers, events, readies, fallback, stop, settle, runTimer, asked: () => asked };
}

const statusEvent = (id: number, status: string): LiveEvent => ({ id, topic: 'order:o1', type: 'order.status', data: { order_id: 'o1', status }, at: '2026-06-16T08:00:00.000Z' });

describe('followTopic (browser)', () => {
  it('opens the stream of a fresh ticket, reports ready and hands on events', async () => {
    const h = harness(['/api/v1/realtime/stream?ticket=t1']);
    await h.settle();
    expect(h.sources.map((source) => source.url)).toEqual(['/api/v1/realtime/stream?ticket=t1']);
    h.sources[0]!.emit('ready', { topic: 'order:o1', resumed: false }, '41');
    h.sources[0]!.emit('message', statusEvent(42, 'paid'), '42');
    expect(h.readies).toEqual([false]);
    expect(h.events).toEqual([statusEvent(42, 'paid')]);
    expect(h.fallback.starts).toBe(0);
    h.stop();
    expect(h.sources[0]!.closed).toBe(true);
  });

  it('after a drop buys a new ticket and resumes from the last event id; polls only once reopening fails too', async () => {
    const h = harness(['/s?ticket=t1', '/s?ticket=t2', '/s?ticket=t3']);
    await h.settle();
    const [first] = h.sources;
    first!.emit('ready', { resumed: false }, '10');
    first!.emit('message', statusEvent(11, 'paid'), '11');
    first!.fail();
    // The browser's own retry would reuse the spent ticket: the source is closed instead.
    expect(first!.closed).toBe(true);
    expect(h.fallback.starts).toBe(0);
    expect(h.timers.map((timer) => timer.ms)).toEqual([1000]);

    await h.runTimer();
    expect(h.sources[1]!.url).toBe('/s?ticket=t2&last_event_id=11');
    h.sources[1]!.fail();
    expect(h.fallback.starts).toBe(1);
    expect(h.timers.map((timer) => timer.ms)).toEqual([2000]);

    await h.runTimer();
    expect(h.sources[2]!.url).toBe('/s?ticket=t3&last_event_id=11');
    h.sources[2]!.emit('ready', { resumed: true }, '12');
    expect(h.readies).toEqual([false, true]);
    expect(h.fallback.stops).toBe(1);
    h.stop();
  });

  it('polls at once when the server will not stream (no ticket), and keeps trying with growing pauses', async () => {
    const h = harness([null, null, '/s?ticket=t9']);
    await h.settle();
    expect(h.sources).toHaveLength(0);
    expect(h.fallback.starts).toBe(1);
    await h.runTimer();
    await h.runTimer();
    expect(h.asked()).toBe(3);
    h.sources[0]!.emit('ready', { resumed: false }, '5');
    expect(h.fallback.stops).toBe(1);
    h.stop();
    expect(h.fallback.stops).toBe(1);
  });

  it('stops everything when the screen goes away, even while a ticket is being bought', async () => {
    const h = harness(['/s?ticket=t1']);
    h.stop();
    await h.settle();
    expect(h.sources).toHaveLength(0);
    expect(h.timers).toHaveLength(0);
  });

  it('waits 1, 2, 4 … up to 30 seconds, shortened by up to half at random', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((failures) => retryDelay(failures, 0.999999))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(retryDelay(1, 0)).toBe(500);
    expect(retryDelay(6, 0)).toBe(15000);
  });
});
