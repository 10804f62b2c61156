import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../../../src/features/chat/server/schema';
import { PHARMACY } from '../support/fixtures';
import { call } from '../support/shopper';
import { subscribe, useRealtimeApp } from '../realtime/harness';
import { CLOSED_NIGHT, DAILY, mailsTo, MINUTE, newCustomer, OPEN, pharmacistToken, place, readyDraft, VISA, type Customer } from '../orders/harness';

/*
 * Issue 13, the pharmacist chat: sending and reading both ways, live events, scoping (another
 * customer's or pharmacy's conversation is 404, customers on staff routes 403), the length limit,
 * the rate limit, erasure with the account and the hourly "a pharmacist replied" e-mail.
 */

const h = useRealtimeApp();
const OTHER = PHARMACY.late;

interface Conversation {
  id: string;
  status: 'open' | 'closed';
  unread: number;
  pharmacy: { id: string; name: string };
  order: { id: string; number: string } | null;
  pharmacy_open: boolean;
  answers_from: string | null;
  messaging_link: string | null;
  customer_name: string | null;
}
interface Detail {
  conversation: Conversation;
  messages: { id: string; author: string; text: string; read_at: string | null }[];
}

let pharmacist: string;
let otherPharmacist: string;
beforeAll(async () => {
  pharmacist = await pharmacistToken(h.app, DAILY);
  otherPharmacist = await pharmacistToken(h.app, OTHER);
});

async function start(who: Customer, body: Record<string, unknown> = { pharmacy_id: DAILY }) {
  const answer = await call<Conversation>(h.app, '/v1/user/chat/conversations', { token: who.token, body });
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`start failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
const write = (token: string, id: string, text: string) => call(h.app, `/v1/user/chat/conversations/${id}/messages`, { token, body: { text } });
/** The chat's e-mails to an address (registration sends its own). */
const chatMails = async (email: string) => (await mailsTo(h.db, email)).filter((mail) => /replied|geantwortet/.test(mail.subject ?? ''));
const reply = (token: string, id: string, text: string) => call(h.app, `/v1/pharmacy/chat/conversations/${id}/messages`, { token, body: { text } });

describe('pharmacist chat', () => {
  it('a question reaches the inbox live, the reply reaches the customer live, and read state and unread counts follow', async () => {
    h.clock.set(OPEN);
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    expect(conversation).toMatchObject({ status: 'open', unread: 0, pharmacy: { id: DAILY }, pharmacy_open: true, answers_from: null, messaging_link: null });
    // The same pharmacy again continues the conversation.
    expect((await start(customer)).id).toBe(conversation.id);

    const inbox = await subscribe(h.app, pharmacist, `inbox:${DAILY}`);
    const feed = await subscribe(h.app, customer.token, `user:${customer.userId}`);
    expect((await write(customer.token, conversation.id, '  Can I take <b>ibuprofen</b> with tea?  ')).status).toBe(201);
    expect(JSON.parse((await inbox.reader.nextEvent()).data)).toMatchObject({ type: 'chat.message', data: { conversation_id: conversation.id } });

    const listed = await call<{ items: Conversation[] }>(h.app, '/v1/pharmacy/chat/conversations', { token: pharmacist });
    expect(listed.body.items.find((item) => item.id === conversation.id)).toMatchObject({ unread: 1, customer_name: expect.any(String) });
    const read = await call<Detail>(h.app, `/v1/pharmacy/chat/conversations/${conversation.id}`, { token: pharmacist });
    // Stored as written (trimmed), shown as text by the screens.
    expect(read.body.messages).toMatchObject([{ author: 'customer', text: 'Can I take <b>ibuprofen</b> with tea?', read_at: null }]);
    expect((await call(h.app, `/v1/pharmacy/chat/conversations/${conversation.id}/read`, { token: pharmacist, body: {} })).status).toBe(200);
    expect((await call<Detail>(h.app, `/v1/user/chat/conversations/${conversation.id}`, { token: customer.token })).body.messages[0]!.read_at).not.toBeNull();

    expect((await reply(pharmacist, conversation.id, 'Yes, that is fine.')).status).toBe(201);
    const events = [];
    for (let i = 0; i < 3; i += 1) events.push(JSON.parse((await feed.reader.nextEvent()).data) as { type: string });
    // Their own message, the pharmacist's reading of it, the reply.
    expect(events.map((event) => event.type)).toEqual(['chat.message', 'chat.read', 'chat.message']);
    expect((await call(h.app, '/v1/user/chat/unread', { token: customer.token })).body).toEqual({ unread: 1 });
    await call(h.app, `/v1/user/chat/conversations/${conversation.id}/read`, { token: customer.token, body: {} });
    expect((await call(h.app, '/v1/user/chat/unread', { token: customer.token })).body).toEqual({ unread: 0 });
    // The customer was watching: no e-mail.
    expect(await chatMails(customer.email)).toHaveLength(0);
    await inbox.reader.close();
    await feed.reader.close();
  });

  it("scopes every call: another customer's and another pharmacy's conversation is 404, customers on staff routes 403", async () => {
    h.clock.set(OPEN);
    const owner = await newCustomer(h.app);
    const stranger = await newCustomer(h.app);
    const conversation = await start(owner);
    await write(owner.token, conversation.id, 'Question');
    for (const path of ['', '/read', '/messages', '/reopen']) {
      const answer = await call(h.app, `/v1/user/chat/conversations/${conversation.id}${path}`, { token: stranger.token, ...(path ? { body: path === '/messages' ? { text: 'x' } : {} } : {}) });
      expect(answer.status, path).toBe(404);
      expect(answer.body.code).toBe('CONVERSATION_NOT_FOUND');
    }
    for (const path of ['', '/read', '/messages', '/close']) {
      const answer = await call(h.app, `/v1/pharmacy/chat/conversations/${conversation.id}${path}`, { token: otherPharmacist, ...(path ? { body: path === '/messages' ? { text: 'x' } : {} } : {}) });
      expect(answer.status, path).toBe(404);
      const asCustomer = await call(h.app, `/v1/pharmacy/chat/conversations/${conversation.id}${path}`, { token: owner.token, ...(path ? { body: path === '/messages' ? { text: 'x' } : {} } : {}) });
      expect(asCustomer.status, path).toBe(403);
    }
    expect((await call<{ items: Conversation[] }>(h.app, '/v1/pharmacy/chat/conversations', { token: otherPharmacist })).body.items.map((item) => item.id)).not.toContain(conversation.id);
    expect((await call(h.app, `/v1/pharmacy/chat/conversations?pharmacy=${DAILY}`, { token: otherPharmacist })).status).toBe(404);
    expect((await call(h.app, '/v1/realtime/tickets', { token: otherPharmacist, body: { topic: `inbox:${DAILY}` } })).status).toBe(403);
    expect((await call(h.app, '/v1/realtime/tickets', { token: owner.token, body: { topic: `inbox:${DAILY}` } })).status).toBe(403);
    expect((await start(stranger, { pharmacy_id: 'nowhere' }).catch((error: Error) => error.message))).toContain('404');
  });

  it('asks about an order with its pharmacy; another customer cannot', async () => {
    h.clock.set(OPEN);
    const { customer, draft } = await readyDraft(h.app);
    const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
    const conversation = await start(customer, { order_id: placed.body.id });
    expect(conversation).toMatchObject({ pharmacy: { id: DAILY }, order: { id: placed.body.id, number: placed.body.order_number } });
    const stranger = await newCustomer(h.app);
    expect((await call(h.app, '/v1/user/chat/conversations', { token: stranger.token, body: { order_id: placed.body.id } })).status).toBe(404);
  });

  it('refuses messages over 2,000 characters (VALUE_TOO_LONG) and empty ones', async () => {
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    const long = await write(customer.token, conversation.id, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'VALUE_TOO_LONG', fields: { text: 'VALUE_TOO_LONG' } });
    expect((await write(customer.token, conversation.id, 'x'.repeat(2000))).status).toBe(201);
    expect((await write(customer.token, conversation.id, '   ')).body.code).toBe('CHAT_MESSAGE_REQUIRED');
  });

  it('limits how fast one account writes (429 RATE_LIMITED, then again in the next minute)', async () => {
    h.clock.set('2026-06-16T08:10:00Z');
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    for (let i = 0; i < 10; i += 1) expect((await write(customer.token, conversation.id, `m${i}`)).status).toBe(201);
    const limited = await write(customer.token, conversation.id, 'one more');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBeTruthy();
    h.clock.advance(MINUTE);
    expect((await write(customer.token, conversation.id, 'later')).status).toBe(201);
  });

  it('the pharmacy closes, the customer reopens; a closed conversation takes no messages', async () => {
    h.clock.set(OPEN);
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    expect((await call<Conversation>(h.app, `/v1/pharmacy/chat/conversations/${conversation.id}/close`, { token: pharmacist, body: {} })).body.status).toBe('closed');
    expect((await write(customer.token, conversation.id, 'Hello?')).body.code).toBe('CONVERSATION_CLOSED');
    expect((await call<Conversation>(h.app, `/v1/user/chat/conversations/${conversation.id}/reopen`, { token: customer.token, body: {} })).body.status).toBe('open');
    expect((await write(customer.token, conversation.id, 'Hello?')).status).toBe(201);
  });

  it('outside opening hours says when a pharmacist will answer', async () => {
    h.clock.set(CLOSED_NIGHT);
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    expect(conversation.pharmacy_open).toBe(false);
    expect(Date.parse(conversation.answers_from!)).toBeGreaterThan(Date.parse(CLOSED_NIGHT));
  });

  it('e-mails an away customer about a reply at most once per conversation per hour, in their language, without the text', async () => {
    h.clock.set('2026-06-16T09:00:00Z');
    const customer = await newCustomer(h.app, { locale: 'de' });
    const conversation = await start(customer);
    await write(customer.token, conversation.id, 'Frage');
    await reply(pharmacist, conversation.id, 'Antwort eins');
    h.clock.advance(30 * MINUTE);
    await reply(pharmacist, conversation.id, 'Antwort zwei');
    let mails = await chatMails(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ihre Apotheke hat auf Ihre Frage geantwortet');
    expect(mails[0]!.text).not.toContain('Antwort eins');
    expect(mails[0]!.text).toContain(`/de/shop/chat/?conversation=${conversation.id}`);
    h.clock.advance(30 * MINUTE);
    await reply(pharmacist, conversation.id, 'Antwort drei');
    mails = await chatMails(customer.email);
    expect(mails).toHaveLength(2);
  });

  it("erases everything the customer wrote with their account; the pharmacy keeps a closed conversation without them", async () => {
    h.clock.set(OPEN);
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    await write(customer.token, conversation.id, 'My private question');
    await reply(pharmacist, conversation.id, 'An answer');
    expect((await call(h.app, '/v1/user', { method: 'DELETE', token: customer.token })).status).toBe(200);
    const messages = await h.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversation.id));
    expect(messages.map((message) => message.author)).toEqual(['pharmacy']);
    const [row] = await h.db.select().from(chatConversations).where(eq(chatConversations.id, conversation.id));
    expect(row).toMatchObject({ customerId: null, status: 'closed' });
    const seen = await call<Detail>(h.app, `/v1/pharmacy/chat/conversations/${conversation.id}`, { token: pharmacist });
    expect(seen.body.conversation.customer_name).toBeNull();
    expect((await reply(pharmacist, conversation.id, 'Still there?')).status).toBe(404);
  });
});
