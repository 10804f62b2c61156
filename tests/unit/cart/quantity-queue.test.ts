import { afterEach, describe, expect, it, vi } from 'vitest';
import { clampQuantity, createQuantityQueue, createSerialLane, type SendOutcome } from '../../../src/features/cart/model/quantity-queue';

/** A small seeded generator (mulberry32): the same "random" clicks and delays on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A fake cart server: PUT sets a quantity after a delay drawn from `random`. It records the calls
 * in the order it processed them, and can be told to fail a given call.
 */
function fakeServer(options: { failCall?: number; random?: () => number } = {}) {
  const random = options.random ?? seededRandom(1);
  const stored = new Map<string, number>();
  const calls: [string, number][] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  return {
    stored,
    calls,
    maxConcurrent: () => maxConcurrent,
    async send(pzn: string, quantity: number): Promise<SendOutcome> {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await new Promise((resolve) => setTimeout(resolve, random() * 8));
      concurrent--;
      calls.push([pzn, quantity]);
      if (options.failCall === calls.length) return { ok: false, code: 'MAX_QUANTITY_EXCEEDED', message: 'You have reached the maximum quantity for this product.' };
      stored.set(pzn, quantity);
      return { ok: true };
    },
  };
}

/** The stepper: the shown quantity is the pending target, else what the server confirmed. */
function stepper(server: ReturnType<typeof fakeServer>, queue: ReturnType<typeof createQuantityQueue>, pzn: string) {
  const shown = () => queue.pending(pzn) ?? server.stored.get(pzn) ?? 0;
  return { shown, click: (delta: number) => queue.set(pzn, clampQuantity(shown() + delta, 10)) };
}

describe('the quantity queue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loses no click: six quick "+" end with the sixth on the server, in at most two calls', async () => {
    const server = fakeServer();
    server.stored.set('10019621', 1);
    const queue = createQuantityQueue({ lane: createSerialLane(), send: server.send });
    const line = stepper(server, queue, '10019621');
    for (let i = 0; i < 6; i++) line.click(1);
    expect(line.shown()).toBe(7);
    await queue.idle();
    expect(server.stored.get('10019621')).toBe(7);
    expect(line.shown()).toBe(7);
    expect(queue.pending('10019621')).toBeUndefined();
    expect(server.calls.length).toBeLessThanOrEqual(2);
  });

  it('ends with the latest target whatever the timing of clicks between answers', async () => {
    // Simulated time: each round's clicks and answers interleave the same way on every run.
    vi.useFakeTimers();
    for (let round = 0; round < 20; round++) {
      const random = seededRandom(round + 1);
      const server = fakeServer({ random });
      const queue = createQuantityQueue({ lane: createSerialLane(), send: server.send });
      const line = stepper(server, queue, '04877800');
      const clicks = Array.from({ length: 12 }, () => (random() < 0.65 ? 1 : -1));
      for (const delta of clicks) {
        line.click(delta);
        if (random() < 0.4) await vi.advanceTimersByTimeAsync(random() * 6);
      }
      const expected = line.shown();
      const idle = queue.idle();
      await vi.runAllTimersAsync();
      await idle;
      expect(server.stored.get('04877800') ?? 0).toBe(expected);
      expect(line.shown()).toBe(expected);
    }
  });

  it('sends one call at a time across lines, so whole-cart answers arrive in server order', async () => {
    const server = fakeServer();
    const queue = createQuantityQueue({ lane: createSerialLane(), send: server.send });
    const a = stepper(server, queue, '10019621');
    const b = stepper(server, queue, '04877800');
    a.click(1);
    b.click(1);
    a.click(1);
    b.click(1);
    b.click(1);
    await queue.idle();
    expect(server.maxConcurrent()).toBe(1);
    expect([server.stored.get('10019621'), server.stored.get('04877800')]).toEqual([2, 3]);
  });

  it('reverts a failed change to the server quantity and reports the server message', async () => {
    // A server answered by hand: each call waits until the test releases it.
    const stored = new Map([['10019621', 3]]);
    const calls: { quantity: number; answer: (outcome: SendOutcome) => void }[] = [];
    const errors: [string, string][] = [];
    const queue = createQuantityQueue({
      lane: createSerialLane(),
      send: (_pzn, quantity) =>
        new Promise<SendOutcome>((resolve) =>
          calls.push({
            quantity,
            answer: (outcome) => {
              if (outcome.ok) stored.set('10019621', quantity);
              resolve(outcome);
            },
          }),
        ),
      onError: (pzn, failure) => errors.push([pzn, failure.message]),
    });
    const shown = () => queue.pending('10019621') ?? stored.get('10019621');
    queue.set('10019621', 4);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Two clicks while the first call runs: they coalesce into the second call.
    queue.set('10019621', 5);
    queue.set('10019621', 6);
    expect(shown()).toBe(6);
    calls[0]!.answer({ ok: true });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.quantity).toBe(6);
    calls[1]!.answer({ ok: false, code: 'STOCK_INSUFFICIENT', message: 'Product sold out or stock insufficient (items removed from the cart).' });
    await queue.idle();
    expect(shown()).toBe(4);
    expect(queue.pendingAll().size).toBe(0);
    expect(errors).toEqual([['10019621', 'Product sold out or stock insufficient (items removed from the cart).']]);
  });

  it('counts a thrown call (network down) as a failure and keeps serving the other lines', async () => {
    const onError = vi.fn();
    const stored = new Map<string, number>();
    const queue = createQuantityQueue({
      lane: createSerialLane(),
      async send(pzn, quantity) {
        if (pzn === '10019621') throw new Error('offline');
        stored.set(pzn, quantity);
        return { ok: true };
      },
      onError,
    });
    queue.set('10019621', 2);
    queue.set('04877800', 5);
    await queue.idle();
    expect(onError).toHaveBeenCalledWith('10019621', { code: 'GENERIC_ERROR', message: 'offline' });
    expect(queue.pending('10019621')).toBeUndefined();
    expect(stored.get('04877800')).toBe(5);
  });
});

describe('clampQuantity', () => {
  it('keeps the stepper between 0 and the line limit', () => {
    expect(clampQuantity(-1, 10)).toBe(0);
    expect(clampQuantity(11, 10)).toBe(10);
    expect(clampQuantity(4, 3)).toBe(3);
    expect(clampQuantity(2.7, 10)).toBe(2);
  });
});
