import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ApiApp } from '../../../platform/http/app';
import { errorResponse } from '../../../platform/http/errors';
import { errorEntries, errorJson } from '../../../platform/http/openapi';
import { MAX_BATCH_BYTES, MAX_EVENTS_PER_BATCH } from '../model/events';
import { forwarderFromEnv, storeBatch, type AnalyticsForwarder } from './collector';
import { EventBatchSchema } from './dto';

/**
 * The batch's own limit, below the API's 64 KiB (which already bounds what is read here). The text
 * is kept by Hono, so the JSON validator parses it without reading the body twice.
 */
const batchSizeLimit: MiddlewareHandler = async (c, next) => {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BATCH_BYTES || Buffer.byteLength(await c.req.text(), 'utf8') > MAX_BATCH_BYTES) {
    return errorResponse(c, 413, 'PAYLOAD_TOO_LARGE');
  }
  return next();
};

const eventsRoute = createRoute({
  method: 'post',
  path: '/v1/events',
  tags: ['analytics'],
  summary: 'Store a batch of product-analytics events (sent only after analytics consent)',
  description:
    `At most ${MAX_EVENTS_PER_BATCH} events and ${MAX_BATCH_BYTES} bytes per batch (413 PAYLOAD_TOO_LARGE beyond); ` +
    'a malformed batch is 400. No login: events carry a random session id and no personal data.',
  middleware: [batchSizeLimit] as const,
  request: { body: { content: { 'application/json': { schema: EventBatchSchema } }, required: true } },
  responses: {
    204: { description: 'Stored' },
    ...errorEntries(400, 413),
  },
});

export function registerAnalyticsRoutes(app: ApiApp, options: { forwarder?: AnalyticsForwarder | null } = {}) {
  const forwarder = options.forwarder === undefined ? forwarderFromEnv() : options.forwarder;
  app.openapi(eventsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const batch = c.req.valid('json');
    if (batch.events.length > MAX_EVENTS_PER_BATCH) return errorJson(c, 413, 'PAYLOAD_TOO_LARGE');
    const { db, clock } = c.var.ctx;
    await storeBatch(db, batch, clock.now());
    // The hosted tool gets its copy after the answer; its failures are logged without the batch.
    if (forwarder) {
      void forwarder.forward(batch).catch((error: unknown) => {
        console.error(JSON.stringify({ level: 'warn', msg: 'analytics forward failed', error: error instanceof Error ? error.name : 'unknown' }));
      });
    }
    return c.body(null, 204);
  });
}
