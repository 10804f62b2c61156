import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { customerContact, customerContacts, type ErasureContext } from '../../accounts';
import { findOrder } from '../../orders';
import { activePharmacy, nextOpeningAt, pharmaciesById } from '../../pharmacies';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { localizePath } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { realtimeBus, topicOf } from '../../../platform/realtime';
import { chatMailMessages } from '../i18n/mail-messages';
import { CHAT_MESSAGE_EVENT, CHAT_READ_EVENT, CHAT_STATUS_EVENT, messagingLink, normalizeMessage, shouldSendAwayMail } from '../model/rules';
import type { ChatDeps } from './deps';
import { checkPhoto, type PhotoType } from '../model/photo';
import { pushToUser } from '../../push';
import { chatConversations, chatMessages, chatPhotos } from './schema';

export type Side = 'customer' | 'pharmacy';
/** Who is asking: a customer (their own conversations) or staff of one pharmacy, or of all (operators). */
export type Viewer = { side: 'customer'; userId: string } | { side: 'pharmacy'; userId: string; scope: string | 'all' };

type RefusalStatus = 400 | 404 | 409 | 413 | 415;
export type ChatResult<T> = { ok: true; value: T; created?: boolean } | { ok: false; status: RefusalStatus; code: ErrorCode };
const refuse = (status: RefusalStatus, code: ErrorCode): ChatResult<never> => ({ ok: false, status, code });

export interface ChatContext {
  db: Db;
  clock: Clock;
  deps: ChatDeps;
}

type ConversationRow = typeof chatConversations.$inferSelect;

export interface MessageDto {
  id: string;
  author: Side;
  text: string;
  created_at: string;
  /** When the other side read it; null while only sent. */
  read_at: string | null;
  /** A photo sent with it (GET …/chat/photos/{id} on the viewer's side), else null. */
  photo: { id: string; content_type: PhotoType } | null;
}

export interface ConversationDto {
  id: string;
  pharmacy: { id: string; name: string };
  order: { id: string; number: string } | null;
  status: 'open' | 'closed';
  /** Messages of the other side the viewer has not read. */
  unread: number;
  last_message_at: string;
  /** The customer's first name (staff only; null for customers and erased accounts). */
  customer_name: string | null;
  /** Is a pharmacist there now, else when the pharmacy next opens (null: not within two weeks). */
  pharmacy_open: boolean;
  answers_from: string | null;
  /** "Continue in WhatsApp" (click-to-chat, no text), when the pharmacy has a messaging number. */
  messaging_link: string | null;
}

async function visibleConversation(db: Db, viewer: Viewer, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  if (!row) return null;
  if (viewer.side === 'customer') return row.customerId === viewer.userId ? row : null;
  return viewer.scope === 'all' || row.pharmacyId === viewer.scope ? row : null;
}

const otherSide = (side: Side): Side => (side === 'customer' ? 'pharmacy' : 'customer');

async function unreadCounts(db: Db, ids: string[], side: Side): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: chatMessages.conversationId, count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(inArray(chatMessages.conversationId, ids), eq(chatMessages.author, otherSide(side)), isNull(chatMessages.readAt)))
    .groupBy(chatMessages.conversationId);
  return new Map(rows.map((row) => [row.id, Number(row.count)]));
}

async function toDtos(ctx: ChatContext, viewer: Viewer, rows: ConversationRow[]): Promise<ConversationDto[]> {
  const now = ctx.clock.now();
  const pharmacies = await pharmaciesById(ctx.db, rows.map((row) => row.pharmacyId));
  const unread = await unreadCounts(ctx.db, rows.map((row) => row.id), viewer.side);
  const names = viewer.side === 'pharmacy' ? await customerContacts(ctx.db, rows.flatMap((row) => (row.customerId ? [row.customerId] : []))) : new Map();
  const orderNumbers = new Map<string, string>();
  for (const row of rows) {
    if (!row.orderId || !row.customerId) continue;
    const order = await findOrder(ctx.db, row.orderId, { userId: row.customerId });
    if (order) orderNumbers.set(row.orderId, order.orderNumber);
  }
  return rows.map((row) => {
    const pharmacy = pharmacies.get(row.pharmacyId);
    const opensAt = pharmacy ? nextOpeningAt(pharmacy.openingHours, now) : null;
    const open = opensAt !== null && opensAt.getTime() === now.getTime();
    const number = row.orderId ? orderNumbers.get(row.orderId) : undefined;
    return {
      id: row.id,
      pharmacy: { id: row.pharmacyId, name: pharmacy?.name ?? row.pharmacyId },
      order: row.orderId && number ? { id: row.orderId, number } : null,
      status: row.status,
      unread: unread.get(row.id) ?? 0,
      last_message_at: row.lastMessageAt.toISOString(),
      customer_name: row.customerId ? (names.get(row.customerId)?.firstName ?? null) : null,
      pharmacy_open: open,
      answers_from: open || !opensAt ? null : opensAt.toISOString(),
      messaging_link: messagingLink(ctx.deps.messagingNumbers.get(row.pharmacyId)),
    };
  });
}

/** The viewer's conversations, latest message first (staff: their pharmacy's inbox). */
export async function listConversations(ctx: ChatContext, viewer: Viewer): Promise<ConversationDto[]> {
  const where =
    viewer.side === 'customer' ? eq(chatConversations.customerId, viewer.userId) : viewer.scope === 'all' ? undefined : eq(chatConversations.pharmacyId, viewer.scope);
  const rows = await ctx.db.select().from(chatConversations).where(where).orderBy(desc(chatConversations.lastMessageAt)).limit(200);
  return toDtos(ctx, viewer, rows);
}

/** Unread messages of the other side over all the viewer's conversations (the Chat tab's badge). */
export async function unreadTotal(db: Db, customerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatConversations.customerId, customerId), eq(chatMessages.author, 'pharmacy'), isNull(chatMessages.readAt)));
  return Number(row?.count ?? 0);
}

/** The customer's conversation with a pharmacy (about an order, when given): the open one, else a new one. */
export async function startConversation(ctx: ChatContext, customerId: string, input: { pharmacyId?: string | undefined; orderId?: string | undefined }): Promise<ChatResult<ConversationDto>> {
  let pharmacyId = input.pharmacyId ?? null;
  const orderId = input.orderId ?? null;
  if (orderId) {
    const order = await findOrder(ctx.db, orderId, { userId: customerId });
    if (!order || !order.pharmacyId) return refuse(404, 'ORDER_NOT_FOUND');
    pharmacyId = order.pharmacyId;
  } else {
    if (!pharmacyId) return refuse(400, 'MISSING_PARAMS');
    if (!(await activePharmacy(ctx.db, pharmacyId))) return refuse(404, 'PHARMACY_NOT_FOUND');
  }
  const viewer: Viewer = { side: 'customer', userId: customerId };
  const [existing] = await ctx.db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.customerId, customerId), eq(chatConversations.pharmacyId, pharmacyId), orderId ? eq(chatConversations.orderId, orderId) : isNull(chatConversations.orderId)))
    .orderBy(desc(chatConversations.lastMessageAt))
    .limit(1);
  if (existing) return { ok: true, value: (await toDtos(ctx, viewer, [existing]))[0]!, created: false };
  const now = ctx.clock.now();
  const [row] = await ctx.db.insert(chatConversations).values({ id: randomUUID(), customerId, pharmacyId, orderId, status: 'open', createdAt: now, lastMessageAt: now }).returning();
  return { ok: true, value: (await toDtos(ctx, viewer, [row!]))[0]!, created: true };
}

export async function getConversation(ctx: ChatContext, viewer: Viewer, id: string): Promise<ChatResult<{ conversation: ConversationDto; messages: MessageDto[] }>> {
  const row = await visibleConversation(ctx.db, viewer, id);
  if (!row) return refuse(404, 'CONVERSATION_NOT_FOUND');
  const messages = await ctx.db.select().from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(chatMessages.createdAt, chatMessages.id);
  const photos = await ctx.db
    .select({ id: chatPhotos.id, messageId: chatPhotos.messageId, contentType: chatPhotos.contentType })
    .from(chatPhotos)
    .where(eq(chatPhotos.conversationId, id));
  const photoOf = new Map(photos.map((photo) => [photo.messageId, { id: photo.id, content_type: photo.contentType }]));
  return {
    ok: true,
    value: {
      conversation: (await toDtos(ctx, viewer, [row]))[0]!,
      messages: messages.map((message) => ({
        id: message.id,
        author: message.author,
        text: message.body,
        created_at: message.createdAt.toISOString(),
        read_at: message.readAt?.toISOString() ?? null,
        photo: photoOf.get(message.id) ?? null,
      })),
    },
  };
}

/** Tells both sides' screens that a conversation changed; never throws (screens re-read on reconnect). */
async function announce(db: Db, row: ConversationRow, type: string): Promise<void> {
  const data = { conversation_id: row.id };
  const topics = [topicOf('inbox', row.pharmacyId), ...(row.customerId ? [topicOf('user', row.customerId)] : [])];
  for (const topic of topics) {
    try {
      await realtimeBus().publish(db, topic, type, data);
    } catch (error) {
      console.error(JSON.stringify({ level: 'warn', msg: 'chat event not published', conversationId: row.id, type, error: String(error) }));
    }
  }
}

export async function sendMessage(ctx: ChatContext, viewer: Viewer, id: string, text: string): Promise<ChatResult<MessageDto>> {
  const body = normalizeMessage(text);
  if (!body) return refuse(400, 'CHAT_MESSAGE_REQUIRED');
  const row = await visibleConversation(ctx.db, viewer, id);
  if (!row || (viewer.side === 'pharmacy' && !row.customerId)) return refuse(404, 'CONVERSATION_NOT_FOUND');
  if (row.status === 'closed') return refuse(409, 'CONVERSATION_CLOSED');
  const now = ctx.clock.now();
  const message = { id: randomUUID(), conversationId: id, author: viewer.side, authorId: viewer.userId, body, createdAt: now, readAt: null };
  await ctx.db.transaction(async (tx) => {
    await tx.insert(chatMessages).values(message);
    await tx.update(chatConversations).set({ lastMessageAt: now }).where(eq(chatConversations.id, id));
    // The away customer's mail and push go to the outbox with the reply (decision 0012).
    if (viewer.side === 'pharmacy') await notifyIfAway({ ...ctx, db: tx as unknown as Db }, row, message.id);
  });
  await announce(ctx.db, row, CHAT_MESSAGE_EVENT);
  return { ok: true, value: { id: message.id, author: message.author, text: body, created_at: now.toISOString(), read_at: null, photo: null } };
}

/**
 * A photo as a message of its own (no text): refused when over 5 MB (413) or not a JPEG or PNG by
 * its content (415); stored without its metadata (EXIF, GPS, text chunks).
 */
export async function sendPhoto(ctx: ChatContext, viewer: Viewer, id: string, upload: Uint8Array): Promise<ChatResult<MessageDto>> {
  const row = await visibleConversation(ctx.db, viewer, id);
  if (!row || (viewer.side === 'pharmacy' && !row.customerId)) return refuse(404, 'CONVERSATION_NOT_FOUND');
  if (row.status === 'closed') return refuse(409, 'CONVERSATION_CLOSED');
  const photo = checkPhoto(upload);
  if (!photo.ok) return photo.reason === 'too_large' ? refuse(413, 'PHOTO_TOO_LARGE') : refuse(415, 'PHOTO_TYPE_UNSUPPORTED');
  const now = ctx.clock.now();
  const message = { id: randomUUID(), conversationId: id, author: viewer.side, authorId: viewer.userId, body: '', createdAt: now, readAt: null };
  const photoId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(chatMessages).values(message);
    await tx.insert(chatPhotos).values({ id: photoId, messageId: message.id, conversationId: id, contentType: photo.type, size: photo.bytes.length, bytes: photo.bytes });
    await tx.update(chatConversations).set({ lastMessageAt: now }).where(eq(chatConversations.id, id));
    if (viewer.side === 'pharmacy') await notifyIfAway({ ...ctx, db: tx as unknown as Db }, row, message.id);
  });
  await announce(ctx.db, row, CHAT_MESSAGE_EVENT);
  return { ok: true, value: { id: message.id, author: message.author, text: '', created_at: now.toISOString(), read_at: null, photo: { id: photoId, content_type: photo.type } } };
}

/** A photo of a conversation the viewer takes part in; any other is 404, as if it did not exist. */
export async function getPhoto(ctx: ChatContext, viewer: Viewer, photoId: string): Promise<ChatResult<{ contentType: PhotoType; bytes: Uint8Array }>> {
  const [photo] = await ctx.db.select().from(chatPhotos).where(eq(chatPhotos.id, photoId));
  if (!photo || !(await visibleConversation(ctx.db, viewer, photo.conversationId))) return refuse(404, 'NOT_FOUND');
  return { ok: true, value: { contentType: photo.contentType, bytes: photo.bytes } };
}

/**
 * A reply the customer is not watching: an e-mail (at most hourly) and a push to their devices,
 * written to the outbox in the reply's transaction and delivered after the pharmacist's answer.
 */
async function notifyIfAway(ctx: ChatContext, row: ConversationRow, messageId: string): Promise<void> {
  if (!row.customerId || realtimeBus().subscriptions(topicOf('user', row.customerId)) > 0) return;
  await mailIfAway(ctx, row, messageId);
  await pushIfAway(ctx, row);
}

/** Every reply the customer is not watching, to their subscribed devices in their language: who answered, never what. */
async function pushIfAway(ctx: ChatContext, row: ConversationRow): Promise<void> {
  if (!row.customerId) return;
  try {
    const sender = await ctx.deps.push(ctx.db, ctx.clock);
    if (!sender) return;
    const contact = await customerContact(ctx.db, row.customerId);
    if (!contact || contact.deleted) return;
    const locale = contact.locale ?? 'en';
    const t = translator(chatMailMessages, locale);
    const pharmacy = (await pharmaciesById(ctx.db, [row.pharmacyId])).get(row.pharmacyId);
    const message = { title: t('replyPushTitle'), body: t('replyPushBody', { pharmacy: pharmacy?.name ?? '' }), url: `${localizePath('/shop/chat/', locale)}?conversation=${row.id}`, tag: `chat-${row.id}` };
    await pushToUser(ctx.db, sender, row.customerId, message, ctx.clock.now());
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'chat reply push not sent', conversationId: row.id, error: error instanceof Error ? error.name : 'error' }));
  }
}

/**
 * A reply while the customer has no shop page open (no stream on their user feed in this process:
 * the chat screen and the Chat tab's badge both follow it)
 * e-mails them, at most once per conversation per hour, in their language. The mail names the
 * pharmacy, never the message. A mail that cannot go out leaves the reply as sent.
 */
async function mailIfAway(ctx: ChatContext, row: ConversationRow, messageId: string): Promise<void> {
  if (!row.customerId) return;
  const now = ctx.clock.now();
  const customerWatching = realtimeBus().subscriptions(topicOf('user', row.customerId)) > 0;
  if (!shouldSendAwayMail({ customerWatching, lastMailAt: row.awayMailAt, now })) return;
  const contact = await customerContact(ctx.db, row.customerId);
  if (!contact?.email || contact.deleted) return;
  // Claimed first, so two replies at once send one mail.
  const claimed = await ctx.db
    .update(chatConversations)
    .set({ awayMailAt: now })
    .where(and(eq(chatConversations.id, row.id), row.awayMailAt ? eq(chatConversations.awayMailAt, row.awayMailAt) : isNull(chatConversations.awayMailAt)))
    .returning({ id: chatConversations.id });
  if (claimed.length === 0) return;
  const locale = contact.locale ?? 'en';
  const t = translator(chatMailMessages, locale);
  const pharmacy = (await pharmaciesById(ctx.db, [row.pharmacyId])).get(row.pharmacyId);
  const link = `${ctx.deps.siteUrl}${localizePath('/shop/chat/', locale)}?conversation=${row.id}`;
  try {
    await ctx.deps.mailer(ctx.db, ctx.clock).send({ to: contact.email, subject: t('replySubject'), text: t('replyText', { pharmacy: pharmacy?.name ?? '', link }), kind: 'chat.reply', idempotencyKey: `chat:${messageId}:mail` });
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'chat reply mail not sent', conversationId: row.id, error: error instanceof Error ? error.name : 'error' }));
  }
}

/** The viewer has read everything the other side wrote so far. */
export async function markRead(ctx: ChatContext, viewer: Viewer, id: string): Promise<ChatResult<{ unread: 0 }>> {
  const row = await visibleConversation(ctx.db, viewer, id);
  if (!row) return refuse(404, 'CONVERSATION_NOT_FOUND');
  const read = await ctx.db
    .update(chatMessages)
    .set({ readAt: ctx.clock.now() })
    .where(and(eq(chatMessages.conversationId, id), eq(chatMessages.author, otherSide(viewer.side)), isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id });
  if (read.length > 0) await announce(ctx.db, row, CHAT_READ_EVENT);
  return { ok: true, value: { unread: 0 } };
}

/** The pharmacy closes a conversation; the customer reopens it. */
export async function setStatus(ctx: ChatContext, viewer: Viewer, id: string, status: 'open' | 'closed'): Promise<ChatResult<ConversationDto>> {
  const row = await visibleConversation(ctx.db, viewer, id);
  if (!row || !row.customerId) return refuse(404, 'CONVERSATION_NOT_FOUND');
  const [updated] = await ctx.db.update(chatConversations).set({ status }).where(and(eq(chatConversations.id, id), ne(chatConversations.status, status))).returning();
  if (updated) await announce(ctx.db, updated, CHAT_STATUS_EVENT);
  return { ok: true, value: (await toDtos(ctx, viewer, [updated ?? row]))[0]! };
}

/**
 * Account erasure, inside the deletion's transaction, as orders tombstone theirs: everything the
 * customer wrote goes; the conversation stays for the pharmacy, closed and without the customer.
 */
export async function eraseChatOfUser(tx: Db, userId: string, { now }: ErasureContext): Promise<void> {
  const rows = await tx.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.customerId, userId));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return;
  // Their photos go with their messages (chat_photos cascades).
  await tx.delete(chatMessages).where(and(inArray(chatMessages.conversationId, ids), eq(chatMessages.author, 'customer')));
  await tx.update(chatConversations).set({ customerId: null, status: 'closed', awayMailAt: null, erasedAt: now }).where(inArray(chatConversations.id, ids));
}

