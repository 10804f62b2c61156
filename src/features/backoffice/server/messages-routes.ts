import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { deadLetters, retryDeadLetter } from '../../../platform/outbox';
import { access, refuse } from './access';

/*
 * The outbox's dead letters for operators (decision 0012): the messages the worker gave up on after
 * its last attempt, with the recipient masked, and a retry that puts one back in the queue.
 */

const BASE = '/v1/pharmacy/messages';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['pharmacy back office'] };

const DeadLetterDto = z
  .object({
    id: z.number().int(),
    kind: z.string().openapi({ example: 'order.received', description: 'What the message is (order.<step>, order.unwatched, chat.reply, order.push, payment.webhook, …).' }),
    channel: z.enum(['email', 'sms', 'push', 'webhook']),
    recipient: z.string().nullable().openapi({ example: 'd***@example.org', description: 'Masked; null for a webhook.' }),
    attempts: z.number().int(),
    last_error: z.string().nullable().openapi({ example: 'DeliveryError', description: "The last failure's error name, never its message." }),
    created_at: z.string().openapi({ description: 'When the message was written (ISO 8601).' }),
  })
  .openapi('DeadLetter');
const DeadLettersDto = z.object({ items: z.array(DeadLetterDto) }).openapi('DeadLetters');
const DeadLetterParam = z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: 'id', in: 'path' }, example: 42 }) });

const listRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${BASE}/dead-letters`,
  summary: 'Messages the outbox gave up on (operators): kind, masked recipient, attempts, last error, created; newest first, at most 100',
  description: 'FORBIDDEN (403) for anyone but operators.',
  responses: { 200: json(DeadLettersDto, 'The dead letters'), ...errorEntries(401, 403, 404) },
});
const retryRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${BASE}/dead-letters/{id}/retry`,
  summary: 'Send a dead letter again (operators): back in the queue, due now, its attempts counted afresh',
  description: 'NOT_FOUND (404) when no dead letter has this id (sent meanwhile, or retried already). FORBIDDEN (403) for anyone but operators.',
  request: { params: DeadLetterParam },
  responses: { 202: json(z.object({ queued: z.literal(true) }).openapi('DeadLetterRetried'), 'Queued again'), ...errorEntries(401, 403, 404) },
});

export function registerMessageRoutes(app: ApiApp) {
  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const allowed = await access(c.var.ctx.db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    const rows = await deadLetters(c.var.ctx.db);
    return c.json(
      {
        items: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          channel: row.channel as 'email' | 'sms' | 'push' | 'webhook',
          recipient: row.recipient,
          attempts: row.attempts,
          last_error: row.lastError,
          created_at: row.createdAt.toISOString(),
        })),
      },
      200,
    );
  });

  app.openapi(retryRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const allowed = await access(c.var.ctx.db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    if (!(await retryDeadLetter(c.var.ctx.db, c.req.valid('param').id, c.var.ctx.clock.now()))) return errorJson(c, 404, 'NOT_FOUND');
    return c.json({ queued: true as const }, 202);
  });
}
