import { describe, expect, it } from 'vitest';
import { errorMessages, type ErrorCode } from '../../src/platform/http/error-codes';
import { API_JSON_BODY_LIMIT } from '../../src/platform/http/limits';
import { createDraft, newCustomer, pharmacistToken, useOrdersApp } from './orders/harness';
import { PHARMACY } from './support/fixtures';

// Issue 15, defects 1, 2 and 6, at the API: sizes, control characters and cross-site forms are
// refused before any route (or the database) sees them, as { code, message }.
const h = useOrdersApp();

interface Sent {
  method?: string;
  body?: unknown;
  raw?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}

async function send(path: string, sent: Sent = {}) {
  const headers: Record<string, string> = { ...sent.headers };
  if (sent.body !== undefined || sent.raw !== undefined) headers['content-type'] ??= 'application/json';
  if (sent.token) headers.authorization = `Bearer ${sent.token}`;
  const response = await h.app.request(`/api${path}`, {
    method: sent.method ?? (sent.body === undefined && sent.raw === undefined ? 'GET' : 'POST'),
    headers,
    body: sent.raw ?? (sent.body === undefined ? undefined : JSON.stringify(sent.body)),
    ...(sent.raw instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

async function expectRefused(path: string, sent: Sent, status: number, code: ErrorCode, fields?: Record<string, string>) {
  const answer = await send(path, sent);
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(status);
  expect(answer.type).toMatch(/^application\/json/);
  expect(answer.body).toMatchObject({ code, message: expect.any(String) });
  if (fields) expect(answer.body?.fields).toEqual(fields);
  return answer.body!;
}

const ADDRESS = { street_address: 'Invalidenstraße', house_number: '10', room: null, postal_code: '10115', locality: 'Berlin', note: null };

describe('control characters are refused at the door with 400 and the field\'s code (defect 2)', () => {
  it('in path parameters of anonymous routes, also doubly encoded', async () => {
    await expectRefused('/shop/v1/pharmacies/%00', {}, 400, 'BAD_REQUEST');
    await expectRefused('/shop/v1/pharmacies/%00/availability?pzn=04773414', {}, 400, 'BAD_REQUEST');
    await expectRefused('/shop/v1/products/0477%2500', {}, 400, 'BAD_REQUEST');
  });

  it('in query parameters, naming the parameter', async () => {
    await expectRefused('/shop/v1/search?q=ibu%00profen', {}, 400, 'BAD_REQUEST', { q: 'BAD_REQUEST' });
    await expectRefused('/shop/v1/products?category=vitamins%1B', {}, 400, 'BAD_REQUEST', { category: 'BAD_REQUEST' });
  });

  it('in the login e-mail: INVALID_EMAIL, as any impossible address; in German too', async () => {
    const body = await expectRefused('/v1/user/login', { body: { email: 'a\u0000b@x.de', password: 'secret123' } }, 400, 'INVALID_EMAIL', { email: 'INVALID_EMAIL' });
    expect(body.message).toBe(errorMessages.en.INVALID_EMAIL);
    const de = await expectRefused('/v1/user/login', { body: { email: 'a\u0000b@x.de', password: 'secret123' }, headers: { 'accept-language': 'de' } }, 400, 'INVALID_EMAIL');
    expect(de.message).toBe(errorMessages.de.INVALID_EMAIL);
  });

  it('in registration and recovery fields: BAD_REQUEST with a message that says why', async () => {
    const body = await expectRefused(
      '/v1/user/register',
      { body: { firstName: 'Er\u0007ika', email: 'erika@example.de', birthDate: '1990-05-15', password: 'secret123', confirmPassword: 'secret123' } },
      400,
      'BAD_REQUEST',
      { firstName: 'BAD_REQUEST' },
    );
    expect(body.message).toMatch(/characters that are not allowed/);
    const de = await expectRefused('/v1/user/forgot-password', { method: 'PUT', body: { email: 'x\u007f@example.de' }, headers: { 'accept-language': 'de' } }, 400, 'INVALID_EMAIL');
    expect(de.message).toBe(errorMessages.de.INVALID_EMAIL);
    await expectRefused('/v1/user/register', { body: { 'first\u0000Name': 'Erika' } }, 400, 'BAD_REQUEST');
  });

  it('in address fields, each with its own code, and nothing is stored', async () => {
    const { token } = await newCustomer(h.app);
    const before = await send('/v1/user/addresses', { token });
    await expectRefused('/v1/user/shipping/', { token, body: { ...ADDRESS, street_address: 'Invaliden\u0000straße' } }, 400, 'BAD_REQUEST', { street_address: 'BAD_REQUEST' });
    await expectRefused('/v1/user/shipping/', { token, body: { ...ADDRESS, house_number: '10\u0085' } }, 400, 'INVALID_HOUSE_NUMBER', { house_number: 'INVALID_HOUSE_NUMBER' });
    await expectRefused('/v1/user/shipping/', { token, body: { ...ADDRESS, postal_code: '101\u000015' } }, 400, 'INVALID_POSTAL_CODE');
    await expectRefused('/v1/user/billing/', { token, body: { ...ADDRESS, locality: 'Berlin\nBcc: x' } }, 400, 'BAD_REQUEST', { locality: 'BAD_REQUEST' });
    await expectRefused('/shop/v1/delivery-area', { body: { postal_code: '10115\u0000', house_number: '1' } }, 400, 'INVALID_POSTAL_CODE');
    expect(await send('/v1/user/addresses', { token })).toEqual(before);
  });

  it('refuses a lone surrogate, which is no character (and which jsonb refuses)', async () => {
    await expectRefused('/v1/user/login', { raw: '{"email":"a\\ud800@x.de","password":"secret123"}' }, 400, 'INVALID_EMAIL');
    await expectRefused('/v2/user/orders', { token: (await newCustomer(h.app)).token, body: { meta: { sessionId: 'x\ud800', irClickId: null, locale: 'en' } } }, 400, 'BAD_REQUEST', { 'meta.sessionId': 'BAD_REQUEST' });
  });

  it('keeps line breaks and tabs in the rider note, never a NUL', async () => {
    const { token } = await newCustomer(h.app);
    const saved = await send('/v1/user/shipping/', { token, body: { ...ADDRESS, note: 'Hinterhof,\n2. Etage\tlinks' } });
    expect(saved.status).toBe(201);
    expect(saved.body?.note).toBe('Hinterhof,\n2. Etage\tlinks');
    await expectRefused('/v1/user/shipping/', { token, body: { ...ADDRESS, note: 'Hinterhof\u0000' } }, 400, 'BAD_REQUEST', { note: 'BAD_REQUEST' });
  });

  it('in order ids and order drafts', async () => {
    const { token } = await newCustomer(h.app);
    await expectRefused('/v1/user/orders/%00', { token }, 400, 'BAD_REQUEST');
    await expectRefused('/v1/user/orders/orderId/%00', { token }, 400, 'BAD_REQUEST');
    await expectRefused('/v2/user/orders/%00', { method: 'PUT', token, body: {} }, 400, 'BAD_REQUEST');
    await expectRefused('/v2/user/orders', { token, body: { coupon_code: 'WELCOME\u00005', meta: { sessionId: 's', irClickId: null, locale: 'en' } } }, 400, 'COUPON_UNKNOWN', { coupon_code: 'COUPON_UNKNOWN' });
    await expectRefused('/v2/user/orders', { token, body: { meta: { sessionId: 's\u0000', irClickId: null, locale: 'en' } } }, 400, 'BAD_REQUEST', { 'meta.sessionId': 'BAD_REQUEST' });
    // A draft without control characters still works.
    expect((await createDraft(h.app, token)).status).toBeLessThan(400);
  });

  it('in pharmacist actions; a rejection reason may span lines', async () => {
    const staff = await pharmacistToken(h.app, PHARMACY.daily);
    await expectRefused('/v1/pharmacy/orders/%00/accept', { method: 'POST', token: staff }, 400, 'BAD_REQUEST');
    await expectRefused('/v1/pharmacy/orders/%00', { token: staff }, 400, 'BAD_REQUEST');
    await expectRefused('/v1/pharmacy/orders/00000000-0000-4000-8000-000000000000/reject', { token: staff, body: { reason: 'sold\u0000out' } }, 400, 'BAD_REQUEST', { reason: 'BAD_REQUEST' });
    // Past the guard, an unknown order is simply not found.
    const multiline = await send('/v1/pharmacy/orders/00000000-0000-4000-8000-000000000000/reject', { token: staff, body: { reason: 'Sold out.\nPlease order again tomorrow.' } });
    expect(multiline.status).toBe(404);
  });
});

describe('request bodies are capped (defect 1)', () => {
  const big = JSON.stringify({ email: 'erika@example.de', password: 'x'.repeat(API_JSON_BODY_LIMIT) });

  it('refuses a declared oversized JSON body with 413 PAYLOAD_TOO_LARGE, in the request language', async () => {
    await expectRefused('/v1/user/login', { raw: big }, 413, 'PAYLOAD_TOO_LARGE');
    const de = await expectRefused('/v1/user/login', { raw: big, headers: { 'accept-language': 'de' } }, 413, 'PAYLOAD_TOO_LARGE');
    expect(de.message).toBe(errorMessages.de.PAYLOAD_TOO_LARGE);
    // The unread rest is not drained: the connection closes.
    const answer = await h.app.request('/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(answer.headers.get('connection')).toBe('close');
  });

  it('counts a streamed body of unknown length and stops reading at the limit', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    // 4 MiB in 16 KiB chunks, sent without Content-Length.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 256) controller.close();
        else controller.enqueue(chunk);
      },
    });
    await expectRefused('/v1/user/login', { raw: stream }, 413, 'PAYLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(10);
  });

  it('lets the largest legitimate requests through', async () => {
    const pzns = Array.from({ length: 100 }, () => '04773414');
    const answer = await send('/shop/v1/delivery-area', { body: { postal_code: '10115', house_number: '1', street_address: 'Invalidenstraße', locality: 'Berlin', pzns } });
    expect(answer.status).toBe(200);
  });
});

describe('API clients are answered, cross-site forms refused (defect 6)', () => {
  it('answers body-less POST and DELETE with a bearer token and no Origin', async () => {
    const { token } = await newCustomer(h.app);
    expect((await send('/v1/user/cart', { method: 'DELETE', token })).status).toBe(200);
    const staff = await pharmacistToken(h.app, PHARMACY.daily);
    expect(await send('/v1/pharmacy/orders/00000000-0000-4000-8000-000000000000/accept', { method: 'POST', token: staff })).toMatchObject({ status: 404 });
    expect((await send('/v1/user/logout', { method: 'POST', token })).status).toBe(200);
  });

  it('refuses a form or a body-less request that rides on cookies from another site, as { code, message }', async () => {
    const cookie = { cookie: 'session=abc', host: 'shop.example' };
    await expectRefused('/v1/user/logout', { method: 'POST', raw: 'a=b', headers: { ...cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } }, 403, 'FORBIDDEN');
    await expectRefused('/v1/user/cart', { method: 'DELETE', headers: { ...cookie, 'sec-fetch-site': 'cross-site' } }, 403, 'FORBIDDEN');
    await expectRefused('/v1/user/logout', { method: 'POST', raw: 'x', headers: { ...cookie, 'content-type': 'text/plain', origin: 'null' } }, 403, 'FORBIDDEN');
  });

  it('lets the same requests through from this site, with a bearer token, or without cookies', async () => {
    const sameSite = await send('/v1/user/logout', { method: 'POST', headers: { cookie: 'session=abc', host: 'shop.example', origin: 'https://shop.example' } });
    expect(sameSite.status).toBe(401); // past the guard: no token
    const fetched = await send('/v1/user/logout', { method: 'POST', headers: { cookie: 'session=abc', 'sec-fetch-site': 'same-origin' } });
    expect(fetched.status).toBe(401);
    const noCookie = await send('/v1/user/logout', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(noCookie.status).toBe(401);
    const { token } = await newCustomer(h.app);
    const bearer = await send('/v1/user/logout', { method: 'POST', token, headers: { cookie: 'session=abc', origin: 'https://evil.example' } });
    expect(bearer.status).toBe(200);
  });
});
