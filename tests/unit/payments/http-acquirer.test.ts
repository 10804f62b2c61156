import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardDetails } from '../../../src/platform/payments/card-validation';
import { httpAcquirer, type FetchLike } from '../../../src/platform/payments/http-acquirer';

interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeFetch(answer: (sent: Sent) => Response | Promise<Response>): FetchLike & { sent: Sent[] } {
  const sent: Sent[] = [];
  const fn = (async (input: string, init?: RequestInit) => {
    const request: Sent = {
      url: new URL(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    return answer(request);
  }) as FetchLike & { sent: Sent[] };
  fn.sent = sent;
  return fn;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const card = cardDetails({ number: '4242424242424242', cvc: '987', expiryMonth: 12, expiryYear: 2028 });
const options = { baseUrl: 'https://pay.example.org/v1/', apiToken: 'secret-token' };
const authorizeRequest = { token: 'tok_1', amountCents: 3289, currency: 'EUR' as const, reference: 'order-1', idempotencyKey: 'order-1:authorize' };

afterEach(() => vi.restoreAllMocks());

describe('httpAcquirer', () => {
  it('tokenizes with a bearer token and an idempotency key, and keeps only token, brand, last four and expiry', async () => {
    const fetch = fakeFetch(() => json({ token: 'tok_1', brand: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2028 }, 201));
    const gateway = httpAcquirer({ ...options, fetch });
    expect(await gateway.tokenizeCard(card, 'card-key')).toEqual({ ok: true, value: { token: 'tok_1', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2028 } });
    const [sent] = fetch.sent;
    expect(sent).toMatchObject({ method: 'POST', body: { number: '4242424242424242', expiry_month: 12, expiry_year: 2028, cvc: '987' } });
    expect(sent?.url.pathname).toBe('/v1/cards');
    expect(sent?.headers).toMatchObject({ authorization: 'Bearer secret-token', 'idempotency-key': 'card-key', 'content-type': 'application/json' });
    expect(gateway).toMatchObject({ provider: 'http', live: true });
  });

  it('authorizes, captures, releases and refunds along the documented paths', async () => {
    const fetch = fakeFetch(({ url }) => {
      if (url.pathname.endsWith('/release')) return json({});
      if (url.pathname.endsWith('/capture')) return json({ id: 'cap_1', amount: 3289 });
      if (url.pathname.endsWith('/refunds')) return json({ id: 'ref_1', amount: 500 }, 201);
      return json({ id: 'auth/1', amount: 3289 }, 201);
    });
    const gateway = httpAcquirer({ ...options, fetch });
    expect(await gateway.authorize(authorizeRequest)).toEqual({ ok: true, value: { authorizationId: 'auth/1', amountCents: 3289 } });
    expect(fetch.sent[0]?.body).toEqual({ card_token: 'tok_1', amount: 3289, currency: 'EUR', reference: 'order-1' });
    expect(await gateway.capture({ authorizationId: 'auth/1', amountCents: 3289, idempotencyKey: 'c' })).toEqual({ ok: true, value: { captureId: 'cap_1', amountCents: 3289 } });
    expect(fetch.sent[1]?.url.pathname).toBe('/v1/authorizations/auth%2F1/capture');
    expect(await gateway.release({ authorizationId: 'auth/1', idempotencyKey: 'r' })).toEqual({ ok: true, value: { released: true } });
    expect(await gateway.refund({ authorizationId: 'auth/1', amountCents: 500, idempotencyKey: 'f' })).toEqual({ ok: true, value: { refundId: 'ref_1', amountCents: 500 } });
    expect(fetch.sent.map((sent) => sent.headers['idempotency-key'])).toEqual(['order-1:authorize', 'c', 'r', 'f']);
  });

  it('sends a CVC with a saved card only when given', async () => {
    const fetch = fakeFetch(() => json({ id: 'a', amount: 100 }, 201));
    await httpAcquirer({ ...options, fetch }).authorize({ ...authorizeRequest, cvc: '123' });
    expect(fetch.sent[0]?.body).toMatchObject({ cvc: '123' });
  });

  it('maps refusals to the customer-facing codes', async () => {
    const cases: [number, unknown, string][] = [
      [402, { error: { code: 'declined' } }, 'PAYMENT_FAILED'],
      [402, { error: { code: 'insufficient_funds' } }, 'PAYMENT_INSUFFICIENT_FUNDS'],
      [422, { error: { code: 'invalid_cvc' } }, 'CVC_INVALID'],
      [422, { error: { code: 'expired_card' } }, 'CARD_EXPIRED'],
      [422, { error: { code: 'invalid_number' } }, 'CARD_INVALID'],
      [402, { error: { code: 'something_new' } }, 'PAYMENT_FAILED'],
      [402, 'not json', 'PAYMENT_FAILED'],
      [400, { error: 'bad' }, 'PAYMENT_FAILED'],
    ];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [status, body, code] of cases) {
      const gateway = httpAcquirer({ ...options, fetch: fakeFetch(() => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) });
      expect(await gateway.authorize(authorizeRequest), `${status} ${JSON.stringify(body)}`).toEqual({ ok: false, code });
    }
  });

  it('calls outages, a rejected API token and unreadable answers PAYMENT_UNAVAILABLE', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers: (() => Response | Promise<Response>)[] = [
      () => json({ error: 'down' }, 503),
      () => json({}, 401),
      () => json({ id: 42 }, 201),
      () => new Response('<html>', { status: 200 }),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    for (const answer of answers) {
      expect(await httpAcquirer({ ...options, fetch: fakeFetch(answer) }).authorize(authorizeRequest)).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
    }
  });

  it('gives up after the timeout', async () => {
    const hanging: FetchLike = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await httpAcquirer({ ...options, fetch: hanging, timeoutMs: 20 }).authorize(authorizeRequest)).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
  });

  it('never logs card data or the API token', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    await httpAcquirer({ ...options, fetch: fakeFetch(() => json({ error: { code: 'declined' } }, 402)) }).tokenizeCard(card, 'k');
    await httpAcquirer({ ...options, fetch: fakeFetch(() => json({}, 500)) }).tokenizeCard(card, 'k');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/4242424242424242|987|secret-token/);
  });

  it('counts deleting an unknown card as done', async () => {
    const gateway = httpAcquirer({ ...options, fetch: fakeFetch(() => new Response(null, { status: 404 })) });
    expect(await gateway.deleteCard('tok_gone')).toEqual({ ok: true, value: { deleted: true } });
    const deleted = httpAcquirer({ ...options, fetch: fakeFetch(() => new Response(null, { status: 204 })) });
    expect(await deleted.deleteCard('tok_1')).toEqual({ ok: true, value: { deleted: true } });
  });
});
