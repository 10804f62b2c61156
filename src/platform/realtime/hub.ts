import type { Topic } from './topics';

/** One published event as subscribers and streams see it. `id` orders events and resumes streams. */
export interface RealtimeEvent<T extends Record<string, unknown> = Record<string, unknown>> {
  id: number;
  topic: Topic;
  type: string;
  data: T;
  /** When it was published (ISO 8601). */
  at: string;
}

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * The in-process fan-out: topic → listeners. Every process has one; events reach it straight from
 * `publish` (one process) or from the LISTEN connection (several). A listener that throws is
 * reported and does not keep the event from the others.
 */
export class Hub {
  private readonly listeners = new Map<Topic, Set<RealtimeListener>>();

  subscribe(topic: Topic, listener: RealtimeListener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      // An empty topic is forgotten, so a closed tab leaves nothing behind.
      if (current.size === 0) this.listeners.delete(topic);
    };
  }

  deliver(event: RealtimeEvent): void {
    const set = this.listeners.get(event.topic);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', msg: 'realtime listener failed', topic: event.topic, error: String(error) }));
      }
    }
  }

  /** Listeners per topic (for tests and the bench: a closed stream must leave none). */
  count(topic?: Topic): number {
    if (topic) return this.listeners.get(topic)?.size ?? 0;
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }
}
