import { createRoute, z } from '@hono/zod-openapi';
import type { Context, Input, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { onAccountErased, pharmacyScope, staffMember } from '../../accounts';
import { requireAuth, requireRole, type AuthEnv } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { errorBody } from '../../../platform/http/errors';
import { errorEntries, json } from '../../../platform/http/openapi';
import { hit, rateLimitedResponse } from '../../../platform/rate-limit';
import type { TopicAccess } from '../../../platform/realtime';
import { MAX_CHAT_PHOTO_BYTES } from '../model/photo';
import { CHAT_SEND_LIMIT, MAX_CHAT_MESSAGE_LENGTH } from '../model/rules';
import { eraseChatOfUser, getConversation, getPhoto, sendPhoto, listConversations, markRead, sendMessage, setStatus, startConversation, unreadTotal, type ChatContext, type ChatResult, type Viewer } from './chat-service';
import { resolveChatDeps, type ChatDeps, type ChatDepsOverrides } from './deps';

/*
 * Pharmacist chat: customers under /v1/user/chat, the pharmacy's staff under /v1/pharmacy/chat.
 * Scoped on the server on every request: another customer's or another pharmacy's conversation does
 * not exist for the caller (404); customers on the staff routes are refused (403).
 */

const signedIn = requireAuth();
const staffRoles = requireRole('pharmacist', 'manager', 'operator');
const staffOnly: MiddlewareHandler<AuthEnv> = (c, next) =>
  signedIn(c, async () => {
    const refused = await staffRoles(c, next);
    if (refused) c.res = refused;
  });
const customer = { middleware: signedIn, security: [{ bearerAuth: [] }], tags: ['chat'] };
const staff = { middleware: staffOnly, security: [{ bearerAuth: [] }], tags: ['pharmacy chat'] };
const ERRORS = [400, 401, 403, 404, 409, 429] as const;

const PhotoRef = z
  .object({ id: z.string(), content_type: z.enum(['image/jpeg', 'image/png']) })
  .openapi('ChatPhotoRef', { description: 'Read it with GET …/chat/photos/{id} (customer or pharmacy side).' });
const MessageDto = z
  .object({ id: z.string(), author: z.enum(['customer', 'pharmacy']), text: z.string(), created_at: z.string(), read_at: z.string().nullable(), photo: PhotoRef.nullable() })
  .openapi('ChatMessage');
const ConversationDto = z
  .object({
    id: z.string(),
    pharmacy: z.object({ id: z.string(), name: z.string() }),
    order: z.object({ id: z.string(), number: z.string() }).nullable(),
    status: z.enum(['open', 'closed']),
    unread: z.number().int(),
    last_message_at: z.string(),
    customer_name: z.string().nullable(),
    pharmacy_open: z.boolean(),
    answers_from: z.string().nullable().openapi({ description: 'Outside opening hours: when the pharmacy next opens (a pharmacist answers then).' }),
    messaging_link: z.string().nullable().openapi({ description: 'Click-to-chat link of the pharmacy’s messaging app (no text in it), when configured.' }),
  })
  .openapi('ChatConversation');
const ConversationList = z.object({ items: z.array(ConversationDto) }).openapi('ChatConversationList');
const ConversationDetail = z.object({ conversation: ConversationDto, messages: z.array(MessageDto) }).openapi('ChatConversationDetail');
const StartBody = z
  .object({ pharmacy_id: z.string().max(100).optional(), order_id: z.string().max(100).optional() })
  .openapi('ChatStart', { description: 'order_id: about that order, with its pharmacy; else pharmacy_id (the selected pharmacy).' });
const MessageBody = z.object({ text: z.string().max(MAX_CHAT_MESSAGE_LENGTH).openapi({ description: `Plain text, at most ${MAX_CHAT_MESSAGE_LENGTH} characters (VALUE_TOO_LONG).` }) }).openapi('ChatMessageInput');
const PhotoBody = z.string().openapi({ type: 'string', format: 'binary' });
const photoRequest = {
  content: { 'image/jpeg': { schema: PhotoBody }, 'image/png': { schema: PhotoBody } },
  required: true,
  description: `The photo's bytes as the body, at most ${MAX_CHAT_PHOTO_BYTES} bytes (PHOTO_TOO_LARGE, 413); JPEG or PNG by its content, whatever the header says (PHOTO_TYPE_UNSUPPORTED, 415). EXIF (with GPS), XMP and text chunks are removed before it is stored.`,
};
const photoFile = {
  description: 'The photo (no-store; Content-Type from its checked content)',
  content: { 'image/jpeg': { schema: PhotoBody }, 'image/png': { schema: PhotoBody } },
};
const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });
const PharmacyQuery = z.object({ pharmacy: z.string().max(100).optional().openapi({ param: { name: 'pharmacy', in: 'query' }, description: 'Operators: one pharmacy (default: all).' }) });
const Unread = z.object({ unread: z.number().int() }).openapi('ChatUnread');

const PHOTO_ERRORS = [...ERRORS, 413, 415] as const;
const C = '/v1/user/chat/conversations';
const P = '/v1/pharmacy/chat/conversations';

const routes = {
  list: createRoute({ ...customer, method: 'get', path: C, summary: "The customer's conversations, latest first", responses: { 200: json(ConversationList, 'Conversations'), ...errorEntries(401) } }),
  unread: createRoute({ ...customer, method: 'get', path: '/v1/user/chat/unread', summary: 'Unread pharmacy messages (the Chat tab badge)', responses: { 200: json(Unread, 'Count'), ...errorEntries(401) } }),
  start: createRoute({
    ...customer,
    method: 'post',
    path: C,
    summary: 'Start (or continue) a conversation with the selected pharmacy, or about an order with its pharmacy',
    description: 'ORDER_NOT_FOUND / PHARMACY_NOT_FOUND (404); MISSING_PARAMS without either.',
    request: { body: { content: { 'application/json': { schema: StartBody } }, required: true } },
    responses: { 200: json(ConversationDto, 'The existing conversation'), 201: json(ConversationDto, 'A new conversation'), ...errorEntries(...ERRORS) },
  }),
  get: createRoute({ ...customer, method: 'get', path: `${C}/{id}`, summary: 'A conversation with its messages', request: { params: IdParam }, responses: { 200: json(ConversationDetail, 'Conversation'), ...errorEntries(...ERRORS) } }),
  send: createRoute({
    ...customer,
    method: 'post',
    path: `${C}/{id}/messages`,
    summary: 'Write to the pharmacy',
    description: `CONVERSATION_CLOSED (409): reopen it first. RATE_LIMITED (429) beyond ${CHAT_SEND_LIMIT.limit} messages a minute.`,
    request: { params: IdParam, body: { content: { 'application/json': { schema: MessageBody } }, required: true } },
    responses: { 201: json(MessageDto, 'The message, sent'), ...errorEntries(...ERRORS) },
  }),
  sendPhoto: createRoute({
    ...customer,
    method: 'post',
    path: `${C}/{id}/photos`,
    summary: 'Send the pharmacy a photo (e.g. of a package leaflet)',
    request: { params: IdParam, body: photoRequest },
    responses: { 201: json(MessageDto, 'The photo, sent as a message'), ...errorEntries(...PHOTO_ERRORS) },
  }),
  photo: createRoute({ ...customer, method: 'get', path: '/v1/user/chat/photos/{id}', summary: "A photo of one of the customer's conversations", request: { params: IdParam }, responses: { 200: photoFile, ...errorEntries(401, 404) } }),
  read: createRoute({ ...customer, method: 'post', path: `${C}/{id}/read`, summary: "Mark the pharmacy's messages read", request: { params: IdParam }, responses: { 200: json(Unread, 'Nothing unread'), ...errorEntries(...ERRORS) } }),
  reopen: createRoute({ ...customer, method: 'post', path: `${C}/{id}/reopen`, summary: 'Reopen a conversation the pharmacy closed', request: { params: IdParam }, responses: { 200: json(ConversationDto, 'Open again'), ...errorEntries(...ERRORS) } }),
  staffList: createRoute({ ...staff, method: 'get', path: P, summary: "The pharmacy's chat inbox, latest first, with unread counts", request: { query: PharmacyQuery }, responses: { 200: json(ConversationList, 'Inbox'), ...errorEntries(...ERRORS) } }),
  staffGet: createRoute({ ...staff, method: 'get', path: `${P}/{id}`, summary: 'A conversation of the pharmacy', request: { params: IdParam, query: PharmacyQuery }, responses: { 200: json(ConversationDetail, 'Conversation'), ...errorEntries(...ERRORS) } }),
  staffSend: createRoute({
    ...staff,
    method: 'post',
    path: `${P}/{id}/messages`,
    summary: 'Answer the customer (e-mailed, at most hourly, when they are away)',
    request: { params: IdParam, query: PharmacyQuery, body: { content: { 'application/json': { schema: MessageBody } }, required: true } },
    responses: { 201: json(MessageDto, 'The reply, sent'), ...errorEntries(...ERRORS) },
  }),
  staffSendPhoto: createRoute({
    ...staff,
    method: 'post',
    path: `${P}/{id}/photos`,
    summary: 'Send the customer a photo',
    request: { params: IdParam, query: PharmacyQuery, body: photoRequest },
    responses: { 201: json(MessageDto, 'The photo, sent as a message'), ...errorEntries(...PHOTO_ERRORS) },
  }),
  staffPhoto: createRoute({
    ...staff,
    method: 'get',
    path: '/v1/pharmacy/chat/photos/{id}',
    summary: "A photo of one of the pharmacy's conversations",
    request: { params: IdParam, query: PharmacyQuery },
    responses: { 200: photoFile, ...errorEntries(401, 403, 404) },
  }),
  staffRead: createRoute({ ...staff, method: 'post', path: `${P}/{id}/read`, summary: "Mark the customer's messages read", request: { params: IdParam, query: PharmacyQuery }, responses: { 200: json(Unread, 'Nothing unread'), ...errorEntries(...ERRORS) } }),
  staffClose: createRoute({ ...staff, method: 'post', path: `${P}/{id}/close`, summary: 'Close the conversation (the customer may reopen it)', request: { params: IdParam, query: PharmacyQuery }, responses: { 200: json(ConversationDto, 'Closed'), ...errorEntries(...ERRORS) } }),
};

function fail<P extends string, I extends Input>(c: Context<AuthEnv, P, I>, status: ContentfulStatusCode, code: ErrorCode) {
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody(code, c.var.locale), status as 400);
}

/** The photo's bytes for its viewer: never cached, never sniffed, the type from its checked content. */
function photoResponse(bytes: Uint8Array, contentType: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { 'Content-Type': contentType, 'Content-Length': String(bytes.length), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Disposition': 'inline' },
  });
}

/** The upload's bytes (the body limit in front has already refused anything over 5 MiB). */
async function uploadOf(c: Context<AuthEnv>): Promise<Uint8Array> {
  return new Uint8Array(await c.req.arrayBuffer());
}

/** The staff member's viewer for this request, or the refusal (customers 403, another pharmacy 404). */
async function staffViewer(c: Context<AuthEnv>, requested: string | undefined): Promise<ChatResult<Viewer>> {
  const member = await staffMember(c.var.ctx.db, c.var.auth.userId);
  if (!member) return { ok: false, status: 404, code: 'CONVERSATION_NOT_FOUND' };
  const scope = pharmacyScope(member, requested);
  if (scope === null) return { ok: false, status: 404, code: 'PHARMACY_NOT_FOUND' };
  return { ok: true, value: { side: 'pharmacy', userId: member.userId, scope } };
}

/** `inbox:<pharmacy>`: that pharmacy's staff (and operators) only. */
export const inboxTopicAccess: TopicAccess = async ({ db, auth }, pharmacyId) => {
  const member = await staffMember(db, auth.userId);
  return member && pharmacyScope(member, pharmacyId) === pharmacyId ? 'allowed' : 'forbidden';
};

export function registerChatRoutes(app: ApiApp, overrides: ChatDepsOverrides = {}) {
  const deps: ChatDeps = resolveChatDeps(overrides);
  onAccountErased('chat', eraseChatOfUser);
  const context = (c: Context<AuthEnv>): ChatContext => ({ db: c.var.ctx.db, clock: c.var.ctx.clock, deps });
  const me = (c: Context<AuthEnv>): Viewer => ({ side: 'customer', userId: c.var.auth.userId });
  const limited = async (c: Context<AuthEnv>) => {
    const decision = await hit(c.var.ctx.db, CHAT_SEND_LIMIT, c.var.auth.userId, c.var.ctx.clock.now());
    return decision.allowed ? null : decision.retryAfterSeconds;
  };

  app.openapi(routes.list, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listConversations(context(c), me(c)) }, 200);
  });
  app.openapi(routes.unread, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ unread: await unreadTotal(c.var.ctx.db, c.var.auth.userId) }, 200);
  });
  app.openapi(routes.start, async (c) => {
    c.header('Cache-Control', 'no-store');
    const body = c.req.valid('json');
    const result = await startConversation(context(c), c.var.auth.userId, { pharmacyId: body.pharmacy_id, orderId: body.order_id });
    if (!result.ok) return fail(c, result.status, result.code);
    return result.created ? c.json(result.value, 201) : c.json(result.value, 200);
  });
  app.openapi(routes.get, async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await getConversation(context(c), me(c), c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : fail(c, result.status, result.code);
  });
  app.openapi(routes.send, async (c) => {
    c.header('Cache-Control', 'no-store');
    const retry = await limited(c);
    if (retry !== null) return rateLimitedResponse(c, retry) as never;
    const result = await sendMessage(context(c), me(c), c.req.valid('param').id, c.req.valid('json').text);
    return result.ok ? c.json(result.value, 201) : fail(c, result.status, result.code);
  });
  app.openapi(routes.sendPhoto, async (c) => {
    c.header('Cache-Control', 'no-store');
    const retry = await limited(c);
    if (retry !== null) return rateLimitedResponse(c, retry) as never;
    const result = await sendPhoto(context(c), me(c), c.req.valid('param').id, await uploadOf(c));
    return result.ok ? c.json(result.value, 201) : fail(c, result.status, result.code);
  });
  app.openapi(routes.photo, async (c) => {
    const result = await getPhoto(context(c), me(c), c.req.valid('param').id);
    return (result.ok ? photoResponse(result.value.bytes, result.value.contentType) : fail(c, result.status, result.code)) as never;
  });
  app.openapi(routes.read, async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await markRead(context(c), me(c), c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : fail(c, result.status, result.code);
  });
  app.openapi(routes.reopen, async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await setStatus(context(c), me(c), c.req.valid('param').id, 'open');
    return result.ok ? c.json(result.value, 200) : fail(c, result.status, result.code);
  });

  app.openapi(routes.staffList, async (c) => {
    c.header('Cache-Control', 'no-store');
    const viewer = await staffViewer(c, c.req.valid('query').pharmacy);
    if (!viewer.ok) return fail(c, viewer.status, viewer.code);
    return c.json({ items: await listConversations(context(c), viewer.value) }, 200);
  });
  app.openapi(routes.staffGet, async (c) => {
    c.header('Cache-Control', 'no-store');
    const viewer = await staffViewer(c, c.req.valid('query').pharmacy);
    if (!viewer.ok) return fail(c, viewer.status, viewer.code);
    const result = await getConversation(context(c), viewer.value, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : fail(c, result.status, result.code);
  });
  app.openapi(routes.staffSend, async (c) => {
    c.header('Cache-Control', 'no-store');
    const viewer = await staffViewer(c, c.req.valid('query').pharmacy);
    if (!viewer.ok) return fail(c, viewer.status, viewer.code);
    const retry = await limited(c);
    if (retry !== null) return rateLimitedResponse(c, retry) as never;
    const result = await sendMessage(context(c), viewer.value, c.req.valid('param').id, c.req.valid('json').text);
    return result.ok ? c.json(result.value, 201) : fail(c, result.status, result.code);
  });
  app.openapi(routes.staffSendPhoto, async (c) => {
    c.header('Cache-Control', 'no-store');
    const viewer = await staffViewer(c, c.req.valid('query').pharmacy);
    if (!viewer.ok) return fail(c, viewer.status, viewer.code);
    const retry = await limited(c);
    if (retry !== null) return rateLimitedResponse(c, retry) as never;
    const result = await sendPhoto(context(c), viewer.value, c.req.valid('param').id, await uploadOf(c));
    return result.ok ? c.json(result.value, 201) : fail(c, result.status, result.code);
  });
  app.openapi(routes.staffPhoto, async (c) => {
    const viewer = await staffViewer(c, c.req.valid('query').pharmacy);
    if (!viewer.ok) return fail(c, viewer.status === 404 ? 404 : viewer.status, viewer.status === 404 ? 'NOT_FOUND' : viewer.code) as never;
    const result = await getPhoto(context(c), viewer.value, c.req.valid('param').id);
    return (result.ok ? photoResponse(result.value.bytes, result.value.contentType) : fail(c, result.status, result.code)) as never;
  });
  app.openapi(routes.staffRead, async (c) => {
    c.header('Cache-Control', 'no-store');
    const viewer = await staffViewer(c, c.req.valid('query').pharmacy);
    if (!viewer.ok) return fail(c, viewer.status, viewer.code);
    const result = await markRead(context(c), viewer.value, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : fail(c, result.status, result.code);
  });
  app.openapi(routes.staffClose, async (c) => {
    c.header('Cache-Control', 'no-store');
    const viewer = await staffViewer(c, c.req.valid('query').pharmacy);
    if (!viewer.ok) return fail(c, viewer.status, viewer.code);
    const result = await setStatus(context(c), viewer.value, c.req.valid('param').id, 'closed');
    return result.ok ? c.json(result.value, 200) : fail(c, result.status, result.code);
  });
}
