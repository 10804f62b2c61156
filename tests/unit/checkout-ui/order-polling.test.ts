import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFER_POLL_MS, pollDelay, startPoller, TRACKING_POLL_MS } from '../../../src/features/orders/browser/poller';

class FakeVisibility {
  visibilityState: DocumentVisibilityState = 'visible';
  private listeners = new Set<() => void>();
  addEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.delete(listener);
  }
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    for (const listener of this.listeners) listener();
  }
}

describe('how often the order page asks for the status', () => {
  it('every few seconds while the pharmacy decides, rarely on the way, never when final', () => {
    expect(pollDelay('pending')).toBe(OFFER_POLL_MS);
    expect(OFFER_POLL_MS).toBeLessThanOrEqual(5_000);
    expect(pollDelay('paid')).toBe(TRACKING_POLL_MS);
    expect(pollDelay('in_transit')).toBe(TRACKING_POLL_MS);
    for (const status of ['delivered', 'rejected', 'refunded', 'cancelled', 'expired', 'closed'] as const) expect(pollDelay(status)).toBeNull();
  });
});

describe('the status poller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks after each delay and stops once the answer is final', async () => {
    const answers = [OFFER_POLL_MS, null];
    const tick = vi.fn(async () => answers.shift() ?? null);
    startPoller({ tick, initialDelay: OFFER_POLL_MS, visibility: new FakeVisibility() });
    await vi.advanceTimersByTimeAsync(OFFER_POLL_MS - 1);
    expect(tick).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(OFFER_POLL_MS);
    expect(tick).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(OFFER_POLL_MS * 10);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('pauses while the tab is hidden and asks at once when it is back', async () => {
    const visibility = new FakeVisibility();
    const tick = vi.fn(async () => OFFER_POLL_MS);
    startPoller({ tick, initialDelay: OFFER_POLL_MS, visibility });
    visibility.set('hidden');
    await vi.advanceTimersByTimeAsync(OFFER_POLL_MS * 5);
    expect(tick).not.toHaveBeenCalled();
    visibility.set('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(OFFER_POLL_MS);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('keeps asking after a failed request, and stops for good when the page is left', async () => {
    const tick = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(OFFER_POLL_MS);
    const stop = startPoller({ tick, initialDelay: OFFER_POLL_MS, visibility: new FakeVisibility() });
    await vi.advanceTimersByTimeAsync(OFFER_POLL_MS * 2);
    expect(tick).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(OFFER_POLL_MS * 5);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('does nothing for an order that cannot change', async () => {
    const tick = vi.fn(async () => null);
    startPoller({ tick, initialDelay: null, visibility: new FakeVisibility() });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tick).not.toHaveBeenCalled();
  });
});
