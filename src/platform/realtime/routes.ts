import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, type AuthContext } from '../auth';
import type { Db } from '../db/client';
import type { ApiApp } from '../http/app';
import { errorEntries, errorJson, json } from '../http/openapi';
import { realtimeBus, type RealtimeBus } from './bus';
import { MAX_EVENT_DATA_BYTES } from './event-log';
import { realtimeSettingsFromEnv, type RealtimeSettings } from './settings';
import { openEventStream } from './sse';
import { StreamLimits } from './stream-limits';
import { issueTicket, redeemTicket, TICKET_TTL_SECONDS } from './tickets';
import { parseTopic, type TopicKind } from './topics';

/**
 * May this caller follow this entity? Features answer for their own topics (orders for `order:`,
 * …); `user:<id>` is the caller's own feed. "not_found" for what the caller may not know exists.
 */
export type TopicAccess = (caller: { db: Db; auth: AuthContext }, id: string) => Promise<'allowed' | 'forbidden' | 'not_found'>;

export interface RealtimeRoutesOptions {
  access: Partial<Record<Exclude<TopicKind, 'user'>, TopicAccess>>;
  bus?: () => RealtimeBus;
  settings?: Partial<RealtimeSettings>;
}

const STREAM_PATH = '/v1/realtime/stream';

const TicketBody = z
  .object({ topic: z.string().min(1).max(120).openapi({ example: 'order:5b0c1c9e-9f1d-4c55-8c1e-2f3a4b5c6d7e', description: 'order:<id>, user:<your id> or pharmacy:<id> (staff)' }) })
  .openapi('RealtimeTicketInput');

const TicketDto = z
  .object({
    ticket: z.string().openapi({ description: `Single use, for this topic only; expires after ${TICKET_TTL_SECONDS} seconds.` }),
    topic: z.string(),
    expires_at: z.string().openapi({ format: 'date-time' }),
    stream_url: z.string().openapi({ example: '/api/v1/realtime/stream?ticket=…', description: 'Open it with EventSource; append last_event_id=<id> to resume.' }),
  })
  .openapi('RealtimeTicket');

const StreamQuery = z.object({
  ticket: z.string().min(1).max(100).openapi({ param: { name: 'ticket', in: 'query' } }),
  last_event_id: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .openapi({ param: { name: 'last_event_id', in: 'query' }, description: 'Resume after this event id (the Last-Event-ID header, where it can be sent, does the same).' }),
});

const ticketRoute = createRoute({
  method: 'post',
  path: '/v1/realtime/tickets',
  middleware: requireAuth(),
  security: [{ bearerAuth: [] }],
  tags: ['realtime'],
  summary: 'A ticket to open one live event stream (EventSource cannot send the login token)',
  description:
    'The caller must be allowed to follow the topic: their own order (ORDER topics of others are NOT_FOUND, 404), their own user feed (FORBIDDEN, 403, for ' +
    'another user), their pharmacy as staff (FORBIDDEN otherwise). STREAM_LIMIT_REACHED (429) while the account already holds the maximum number of open ' +
    'streams on this server; screens then poll instead.',
  request: { body: { content: { 'application/json': { schema: TicketBody } }, required: true } },
  responses: { 201: json(TicketDto, 'The ticket and the stream URL'), ...errorEntries(400, 401, 403, 404, 429, 503) },
});

const streamRoute = createRoute({
  method: 'get',
  path: STREAM_PATH,
  tags: ['realtime'],
  summary: 'Server-Sent Events of one topic, opened with a ticket',
  description:
    `Each event: \`id\` (resume point) and \`data\` = {"id","topic","type","data","at"}, e.g. type "order.status" with data {"order_id","status"}; data is at ` +
    `most ${MAX_EVENT_DATA_BYTES} bytes, so subscribers re-read the state they show. After any events missed since last_event_id (or Last-Event-ID), an ` +
    '`event: ready` with {"topic","resumed"}: resumed=false means the gap could not be replayed (or there was none to replay) and the state must be re-read. ' +
    'A comment line is sent periodically as heartbeat. UNAUTHORIZED (401) for an unknown, expired or used ticket or an ended login; STREAM_LIMIT_REACHED (429).',
  request: { query: StreamQuery },
  responses: {
    200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorEntries(400, 401, 429, 503),
  },
});

/** Ticket issuing and the SSE stream under /api/v1/realtime. */
export function registerRealtimeRoutes(app: ApiApp, options: RealtimeRoutesOptions) {
  const settings = { ...realtimeSettingsFromEnv(), ...options.settings };
  const bus = options.bus ?? realtimeBus;
  const limits = new StreamLimits(() => settings.maxStreamsPerUser);

  app.openapi(ticketRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const parsed = parseTopic(c.req.valid('json').topic);
    if (!parsed) return errorJson(c, 400, 'BAD_REQUEST');
    const auth = c.var.auth;
    const access = parsed.kind === 'user' ? (parsed.id === auth.userId ? 'allowed' : 'forbidden') : await (options.access[parsed.kind]?.({ db: c.var.ctx.db, auth }, parsed.id) ?? 'forbidden');
    if (access === 'not_found') return errorJson(c, 404, 'NOT_FOUND');
    if (access === 'forbidden') return errorJson(c, 403, 'FORBIDDEN');
    // Checked again when the stream opens (the authority); here so the screen learns it before trying.
    if (limits.count(auth.userId) >= settings.maxStreamsPerUser) return errorJson(c, 429, 'STREAM_LIMIT_REACHED');
    const issued = await issueTicket(c.var.ctx.db, auth, parsed.topic, c.var.ctx.clock.now());
    return c.json(
      {
        ticket: issued.ticket,
        topic: parsed.topic,
        expires_at: issued.expiresAt.toISOString(),
        stream_url: `/api${STREAM_PATH}?ticket=${encodeURIComponent(issued.ticket)}`,
      },
      201,
    );
  });

  app.openapi(streamRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const query = c.req.valid('query');
    const claim = await redeemTicket(c.var.ctx.db, query.ticket, c.var.ctx.clock.now());
    if (!claim) return errorJson(c, 401, 'UNAUTHORIZED');
    const lastEventId = parseLastEventId(c.req.header('last-event-id') ?? query.last_event_id);
    if (!limits.tryOpen(claim.userId)) return errorJson(c, 429, 'STREAM_LIMIT_REACHED');
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      limits.release(claim.userId);
    };
    try {
      return await openEventStream(c, {
        bus: bus(),
        db: c.var.ctx.db,
        topic: claim.topic,
        lastEventId,
        heartbeatMs: settings.heartbeatMs,
        maxStreamMs: settings.maxStreamMs,
        onClose: release,
      });
    } catch (error) {
      release();
      console.error(JSON.stringify({ level: 'error', msg: 'realtime stream could not start', error: String(error) }));
      return errorJson(c, 503, 'SERVICE_UNAVAILABLE');
    }
  });
}

function parseLastEventId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}
