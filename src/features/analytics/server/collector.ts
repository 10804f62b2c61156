import type { Db } from '../../../platform/db';
import type { EventBatch } from '../model/events';
import { analyticsEvents } from './schema';

/**
 * The analytics seam: every batch is stored by the built-in collector, and forwarded to a hosted
 * product-analytics tool when ANALYTICS_FORWARD_URL is set (POST of the same batch as JSON, with
 * ANALYTICS_FORWARD_TOKEN as a bearer token). Forwarding never delays or fails the browser's call.
 */
export interface AnalyticsForwarder {
  forward(batch: EventBatch): Promise<void>;
}

export function httpForwarder(url: string, token: string | undefined, timeoutMs = 5_000): AnalyticsForwarder {
  return {
    async forward(batch) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(batch), signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`analytics forward answered ${response.status}`);
    },
  };
}

export function forwarderFromEnv(env: NodeJS.ProcessEnv = process.env): AnalyticsForwarder | null {
  const url = env.ANALYTICS_FORWARD_URL?.trim();
  return url ? httpForwarder(url, env.ANALYTICS_FORWARD_TOKEN?.trim() || undefined) : null;
}

export async function storeBatch(db: Db, batch: EventBatch, receivedAt: Date): Promise<void> {
  await db.insert(analyticsEvents).values(
    batch.events.map((event) => ({
      sessionId: batch.session_id,
      type: event.type,
      path: event.path,
      props: event.props ?? {},
      occurredAt: new Date(event.at),
      receivedAt,
    })),
  );
}
