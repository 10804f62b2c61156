import type { OrderStatus } from '../model/public';

/**
 * How often the order page asks for news: every few seconds while the pharmacy decides (spec §4:
 * the order is an offer until it accepts), now and then while the order is on its way, never once
 * nothing can change any more.
 */
export const OFFER_POLL_MS = 5_000;
export const TRACKING_POLL_MS = 30_000;

export function pollDelay(status: OrderStatus): number | null {
  switch (status) {
    case 'awaiting_payment':
    case 'pending':
      return OFFER_POLL_MS;
    case 'paid':
    case 'packed':
    case 'in_transit':
      return TRACKING_POLL_MS;
    default:
      return null;
  }
}

interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface PollerOptions {
  /** Asks the server; resolves with the delay before the next ask (null: stop). */
  tick: () => Promise<number | null>;
  /** The first delay (null: nothing to watch). */
  initialDelay: number | null;
  visibility?: VisibilitySource;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Polls while the tab is visible: a hidden tab asks nothing (a phone in a pocket should not keep
 * the server busy), and coming back asks at once. One request at a time.
 */
export function startPoller(options: PollerOptions): () => void {
  const visibility = options.visibility ?? (typeof document === 'undefined' ? undefined : document);
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let delay = options.initialDelay;
  let timer: unknown = null;
  let running = false;
  let stopped = false;

  const hidden = () => visibility?.visibilityState === 'hidden';

  const schedule = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (stopped || delay === null || hidden()) return;
    timer = setTimer(() => void run(), delay);
  };

  const run = async () => {
    timer = null;
    if (stopped || running) return;
    running = true;
    try {
      delay = await options.tick();
    } catch {
      // A failed ask (offline for a moment) is simply asked again later.
    } finally {
      running = false;
    }
    schedule();
  };

  const onVisibility = () => {
    if (hidden()) {
      if (timer !== null) clearTimer(timer);
      timer = null;
    } else if (delay !== null && timer === null && !running) void run();
  };

  visibility?.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    visibility?.removeEventListener('visibilitychange', onVisibility);
  };
}
