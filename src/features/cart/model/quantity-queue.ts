/**
 * Quantity changes that lose no update.
 *
 * Every cart call of a page runs on one serial lane: each answer is the whole cart, so answers must
 * be applied in the order the server produced them, or an older snapshot (sent earlier, answered
 * later) would overwrite a newer one. One call at a time gives exactly that order.
 *
 * A click only moves the line's *target* (shown at once); the queue then PUTs the latest target.
 * Clicks made while a call is under way coalesce into the next PUT, so six quick "+" clicks cost
 * two calls, not six. PUT rather than increments because setting a quantity is idempotent: the last
 * PUT decides the final state whatever happened before, a failed call in the middle leaves nothing
 * ambiguous (no "did that +1 count?"), and a "−" needs a PUT anyway. Increments stay for "Add to
 * cart", where adding to whatever the cart already holds (another tab, another device) is the point.
 */

export type SendOutcome = { ok: true } | { ok: false; code: string; message: string };

export interface SerialLane {
  /** Runs `task` after every task queued before it has settled. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Settles when nothing is queued or running. */
  idle(): Promise<void>;
}

export function createSerialLane(): SerialLane {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(task);
      // A failed task must not stop the ones behind it.
      tail = result.catch(() => undefined);
      return result;
    },
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = tail;
        await seen;
      } while (seen !== tail);
    },
  };
}

export interface QuantityQueueOptions {
  lane: SerialLane;
  /** Sets the line to `quantity` on the server (0 removes) and applies the answer. */
  send(pzn: string, quantity: number): Promise<SendOutcome>;
  /** The optimistic targets changed (a line's target set or settled). */
  onPendingChange?(pending: ReadonlyMap<string, number>): void;
  /** A call failed: its line went back to the server's quantity. */
  onError?(pzn: string, failure: { code: string; message: string }): void;
}

export interface QuantityQueue {
  /** Shows `quantity` for the line at once and sends it (coalesced with later changes). */
  set(pzn: string, quantity: number): void;
  /** The target not yet confirmed by the server, if any. */
  pending(pzn: string): number | undefined;
  pendingAll(): ReadonlyMap<string, number>;
  /** Settles when every change has been sent and answered. */
  idle(): Promise<void>;
}

export function createQuantityQueue(options: QuantityQueueOptions): QuantityQueue {
  const targets = new Map<string, number>();
  /** Lines with a flush queued on the lane and not started yet. */
  const queued = new Set<string>();

  const changed = () => options.onPendingChange?.(new Map(targets));

  const schedule = (pzn: string) => {
    if (queued.has(pzn)) return;
    queued.add(pzn);
    void options.lane.run(() => flush(pzn));
  };

  async function flush(pzn: string): Promise<void> {
    queued.delete(pzn);
    const target = targets.get(pzn);
    if (target === undefined) return;
    let outcome: SendOutcome;
    try {
      outcome = await options.send(pzn, target);
    } catch (error) {
      outcome = { ok: false, code: 'GENERIC_ERROR', message: error instanceof Error ? error.message : String(error) };
    }
    if (!outcome.ok) {
      // Revert: drop the optimistic target (and any click made meanwhile), the server's state shows.
      targets.delete(pzn);
      changed();
      options.onError?.(pzn, { code: outcome.code, message: outcome.message });
      return;
    }
    if (targets.get(pzn) === target) {
      targets.delete(pzn);
      changed();
      return;
    }
    // Clicked again while this call ran: send the newest target, behind whatever else waits.
    if (targets.has(pzn)) schedule(pzn);
  }

  return {
    set(pzn, quantity) {
      targets.set(pzn, quantity);
      changed();
      schedule(pzn);
    },
    pending: (pzn) => targets.get(pzn),
    pendingAll: () => new Map(targets),
    idle: () => options.lane.idle(),
  };
}

/** The quantity a stepper may move to: never below 0, never above the line's limit. */
export function clampQuantity(quantity: number, limit: number): number {
  return Math.max(0, Math.min(limit, Math.trunc(quantity)));
}
