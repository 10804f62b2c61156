import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../platform/http/app';
import { errorEntries } from '../platform/http/openapi';

const HealthSchema = z
  .object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) })
  .openapi('Health');

const route = createRoute({
  method: 'get',
  path: '/health',
  tags: ['platform'],
  summary: 'Whether the server and its database answer',
  responses: {
    200: { description: 'Database answers', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Database does not answer', content: { 'application/json': { schema: HealthSchema } } },
    ...errorEntries(500),
  },
});

export function registerHealthRoutes(app: ApiApp, ping: () => Promise<boolean>) {
  app.openapi(route, async (c) => {
    const up = await ping().catch(() => false);
    c.header('Cache-Control', 'no-store');
    return up ? c.json({ status: 'ok' as const, database: 'up' as const }, 200) : c.json({ status: 'degraded' as const, database: 'down' as const }, 503);
  });
}
