import { createRoute, z } from '@hono/zod-openapi';
import { serverConfig } from '../../../platform/config/env';
import type { ApiApp } from '../../../platform/http/app';
import { listOutbox } from '../../../platform/mail';
import type { AccountsDeps } from './deps';
import { OutboxSchema } from './dto';
import { ALL_ERRORS, failureJson, json } from './http';

const OutboxQuery = z.object({
  to: z.string().max(320).optional().openapi({ param: { name: 'to', in: 'query' }, example: 'demo@apobote.de', description: 'Only messages to this address or E.164 number' }),
});

const outboxRoute = createRoute({
  method: 'get',
  path: '/dev/outbox',
  tags: ['dev'],
  summary: 'Demo mode only: e-mails and SMS the server "sent" without a provider, newest first',
  description: 'How testers read verification, reset and login codes. Answers 404 NOT_FOUND outside demo mode (APOBOTE_MODE=production).',
  request: { query: OutboxQuery },
  responses: { 200: json(OutboxSchema, 'Up to 100 messages'), ...ALL_ERRORS },
});

export function registerDevOutboxRoutes(app: ApiApp, deps: AccountsDeps) {
  app.openapi(outboxRoute, async (c) => {
    // Checked per request: the codes in here would let anyone into any account in production.
    if (!serverConfig(deps.env).demoMode) return failureJson(c, { ok: false, code: 'NOT_FOUND' });
    const rows = await listOutbox(c.var.ctx.db, { to: c.req.valid('query').to });
    c.header('Cache-Control', 'no-store');
    return c.json(
      { items: rows.map((row) => ({ id: row.id, channel: row.channel, to: row.to, subject: row.subject, text: row.text, html: row.html, time: row.createdAt.toISOString() })) },
      200,
    );
  });
}
