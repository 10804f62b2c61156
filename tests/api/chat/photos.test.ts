import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatPhotos } from '../../../src/features/chat/server/schema';
import { MAX_CHAT_PHOTO_BYTES } from '../../../src/features/chat/model/photo';
import { PHARMACY } from '../support/fixtures';
import { call } from '../support/shopper';
import { useRealtimeApp } from '../realtime/harness';
import { DAILY, newCustomer, OPEN, pharmacistToken, type Customer } from '../orders/harness';
import { contains, GPS_LATITUDE, jpegWithGps, pngWithMetadata } from '../../unit/chat/photo-fixtures';

/*
 * Issue 13, photos in the pharmacist chat: upload both ways, type by content, metadata gone,
 * size and type refusals, served only to the conversation's participants, erased with the account.
 */

const h = useRealtimeApp();

let pharmacist: string;
let otherPharmacist: string;
beforeAll(async () => {
  pharmacist = await pharmacistToken(h.app, DAILY);
  otherPharmacist = await pharmacistToken(h.app, PHARMACY.late);
});

interface Message {
  id: string;
  author: string;
  text: string;
  photo: { id: string; content_type: string } | null;
}

async function start(who: Customer): Promise<string> {
  const answer = await call<{ id: string }>(h.app, '/v1/user/chat/conversations', { token: who.token, body: { pharmacy_id: DAILY } });
  return answer.body.id;
}

async function upload(path: string, token: string, bytes: Uint8Array, contentType = 'image/jpeg', lang?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': contentType };
  if (lang) headers['accept-language'] = lang;
  const response = await h.app.request(`/api${path}`, { method: 'POST', headers, body: bytes as Uint8Array<ArrayBuffer> });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Message & { code?: string; message?: string } };
}
const customerUpload = (token: string, conversation: string, bytes: Uint8Array, type?: string, lang?: string) =>
  upload(`/v1/user/chat/conversations/${conversation}/photos`, token, bytes, type, lang);

async function download(path: string, token: string) {
  const response = await h.app.request(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('pharmacist chat photos', () => {
  it('a customer sends a JPEG with GPS: stored and served without metadata, typed by content, to both sides only', async () => {
    h.clock.set(OPEN);
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    // The header says PNG; the content says JPEG, and that is what counts.
    const sent = await customerUpload(customer.token, conversation, jpegWithGps(), 'image/png');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ author: 'customer', text: '', photo: { content_type: 'image/jpeg' } });
    const photoId = sent.body.photo!.id;

    const detail = await call<{ messages: Message[] }>(h.app, `/v1/pharmacy/chat/conversations/${conversation}`, { token: pharmacist });
    expect(detail.body.messages.at(-1)).toMatchObject({ photo: { id: photoId, content_type: 'image/jpeg' } });

    for (const [path, token] of [
      [`/v1/user/chat/photos/${photoId}`, customer.token],
      [`/v1/pharmacy/chat/photos/${photoId}`, pharmacist],
    ] as const) {
      const photo = await download(path, token);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect(photo.headers.get('cache-control')).toBe('no-store');
      expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
      expect(contains(photo.bytes, GPS_LATITUDE)).toBe(false);
      expect(Buffer.from(photo.bytes).toString('latin1')).not.toMatch(/Exif|xmpmeta/);
    }

    // Another customer, another pharmacy's staff, or the customer on the staff route: nothing there.
    const stranger = await newCustomer(h.app);
    expect((await download(`/v1/user/chat/photos/${photoId}`, stranger.token)).status).toBe(404);
    expect((await download(`/v1/pharmacy/chat/photos/${photoId}`, otherPharmacist)).status).toBe(404);
    expect((await download(`/v1/pharmacy/chat/photos/${photoId}`, customer.token)).status).toBe(403);
    expect((await download(`/v1/user/chat/photos/unknown`, customer.token)).status).toBe(404);
    expect((await h.app.request(`/api/v1/user/chat/photos/${photoId}`)).status).toBe(401);
    // Nor can a stranger or another pharmacy send a photo into the conversation.
    expect((await customerUpload(stranger.token, conversation, jpegWithGps())).status).toBe(404);
    expect((await upload(`/v1/pharmacy/chat/conversations/${conversation}/photos`, otherPharmacist, jpegWithGps())).status).toBe(404);
  });

  it('the pharmacy sends a PNG: its text chunks and eXIf are gone', async () => {
    h.clock.set(OPEN);
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    const sent = await upload(`/v1/pharmacy/chat/conversations/${conversation}/photos`, pharmacist, pngWithMetadata(), 'application/octet-stream');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ author: 'pharmacy', photo: { content_type: 'image/png' } });
    const photo = await download(`/v1/user/chat/photos/${sent.body.photo!.id}`, customer.token);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(photo.bytes).toString('latin1')).not.toMatch(/eXIf|tEXt|iTXt|Erika/);
  });

  it('refuses other types (415) and photos over 5 MB (413), worded in both languages', async () => {
    h.clock.set(OPEN);
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const wrong = await customerUpload(customer.token, conversation, html, 'image/jpeg');
    expect(wrong).toMatchObject({ status: 415, body: { code: 'PHOTO_TYPE_UNSUPPORTED', message: 'Please send a photo as JPEG or PNG.' } });
    const gif = await customerUpload(customer.token, conversation, Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif', 'de');
    expect(gif).toMatchObject({ status: 415, body: { code: 'PHOTO_TYPE_UNSUPPORTED', message: 'Bitte senden Sie ein Foto als JPEG oder PNG.' } });

    const big = new Uint8Array(MAX_CHAT_PHOTO_BYTES + 1);
    big.set(jpegWithGps());
    const tooLarge = await customerUpload(customer.token, conversation, big);
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'PHOTO_TOO_LARGE' } });
    const tooLargeDe = await customerUpload(customer.token, conversation, big, 'image/jpeg', 'de');
    expect(tooLargeDe.body.message).toMatch(/höchstens 5 MB/);
    // Nothing was stored; JSON bodies elsewhere keep their own small limit.
    expect(await h.db.select({ id: chatPhotos.id }).from(chatPhotos).where(eq(chatPhotos.conversationId, conversation))).toEqual([]);
    const hugeJson = await call(h.app, `/v1/user/chat/conversations/${conversation}/messages`, { token: customer.token, body: { text: 'x'.repeat(70 * 1024) } });
    expect(hugeJson.status).toBe(413);
  });

  it("erases the customer's photos with their account; the pharmacy's stay", async () => {
    h.clock.set(OPEN);
    const customer = await newCustomer(h.app);
    const conversation = await start(customer);
    const mine = await customerUpload(customer.token, conversation, jpegWithGps());
    const theirs = await upload(`/v1/pharmacy/chat/conversations/${conversation}/photos`, pharmacist, pngWithMetadata(), 'image/png');
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect((await call(h.app, '/v1/user', { method: 'DELETE', token: customer.token })).status).toBe(200);
    const left = await h.db.select({ id: chatPhotos.id }).from(chatPhotos).where(eq(chatPhotos.conversationId, conversation));
    expect(left).toEqual([{ id: theirs.body.photo!.id }]);
    expect((await download(`/v1/pharmacy/chat/photos/${mine.body.photo!.id}`, pharmacist)).status).toBe(404);
  });
});
