import { assertAmount, CARD_BRANDS, type CardBrand, type PaymentErrorCode, type PaymentGateway, type PaymentResult } from './types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpAcquirerOptions {
  /** PAYMENT_API_URL, e.g. https://payments.example.org/v1 (no trailing slash needed). */
  baseUrl: string;
  /** PAYMENT_API_TOKEN, sent as a bearer token. */
  apiToken: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export const HTTP_ACQUIRER_TIMEOUT_MS = 15_000;

/**
 * Adapter for a payment provider behind a small generic REST contract (selected by
 * PAYMENT_API_URL). A provider's own API is wired in by a thin proxy speaking this contract, or by a
 * sibling adapter implementing PaymentGateway. Every request carries `Authorization: Bearer
 * {PAYMENT_API_TOKEN}`, JSON bodies and, for POSTs, an `Idempotency-Key` header; amounts are integer
 * euro cents.
 *
 *   POST   {PAYMENT_API_URL}/cards                          { number, expiry_month, expiry_year, cvc }
 *          201 { token, brand?, last4, expiry_month, expiry_year }
 *   DELETE {PAYMENT_API_URL}/cards/{token}                 204 (404 counts as deleted)
 *   POST   {PAYMENT_API_URL}/authorizations                 { card_token, cvc?, amount, currency: "EUR", reference }
 *          201 { id, amount }
 *   POST   {PAYMENT_API_URL}/authorizations/{id}/capture    { amount }   200 { id, amount }
 *   POST   {PAYMENT_API_URL}/authorizations/{id}/release    {}           200 {}
 *   POST   {PAYMENT_API_URL}/authorizations/{id}/refunds    { amount }   201 { id, amount }
 *
 * Refusals answer 402 or 422 with { "error": { "code": … } }: declined, insufficient_funds,
 * expired_card, invalid_number, invalid_expiry, invalid_cvc (any other code, or another 4xx, is
 * PAYMENT_FAILED). A 5xx, 401/403, a timeout, a network error or an unreadable answer is
 * PAYMENT_UNAVAILABLE: the order stays unpaid and the customer can try again. Logs name the
 * operation and status only, never a request body.
 */
const REFUSALS: Readonly<Record<string, PaymentErrorCode>> = {
  declined: 'PAYMENT_FAILED',
  insufficient_funds: 'PAYMENT_INSUFFICIENT_FUNDS',
  expired_card: 'CARD_EXPIRED',
  invalid_number: 'CARD_INVALID',
  invalid_expiry: 'EXPIRY_INVALID',
  invalid_cvc: 'CVC_INVALID',
};

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

class UnreadableAnswer extends Error {}

export function httpAcquirer(options: HttpAcquirerOptions): PaymentGateway {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? HTTP_ACQUIRER_TIMEOUT_MS;

  /** Calls the provider and reads the answer with `read`; refusals and outages become codes. */
  async function call<T>(operation: string, method: 'POST' | 'DELETE', path: string, body: Json | null, idempotencyKey: string | null, read: (answer: unknown, status: number) => T): Promise<PaymentResult<T>> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${options.apiToken}` };
    if (body) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      log(operation, 'unreachable', error instanceof Error ? error.name : 'error');
      return { ok: false, code: 'PAYMENT_UNAVAILABLE' };
    }
    const answer: unknown = response.status === 204 ? {} : await response.json().catch(() => null);
    if (response.status === 402 || response.status === 422) {
      const code = isRecord(answer) && isRecord(answer.error) && typeof answer.error.code === 'string' ? answer.error.code : '';
      log(operation, response.status, code || 'refused');
      return { ok: false, code: REFUSALS[code] ?? 'PAYMENT_FAILED' };
    }
    // A rejected API token is the shop's misconfiguration, not the customer's card.
    if (response.status >= 500 || response.status === 401 || response.status === 403) {
      log(operation, response.status, response.status >= 500 ? 'provider error' : 'PAYMENT_API_TOKEN rejected');
      return { ok: false, code: 'PAYMENT_UNAVAILABLE' };
    }
    try {
      return { ok: true, value: read(answer, response.status) };
    } catch (error) {
      if (!(error instanceof UnreadableAnswer)) throw error;
      log(operation, response.status, response.ok ? 'unreadable answer' : 'refused');
      return { ok: false, code: response.ok ? 'PAYMENT_UNAVAILABLE' : 'PAYMENT_FAILED' };
    }
  }

  const expectOk = (status: number, ...allowed: number[]) => {
    if (!(status >= 200 && status < 300) && !allowed.includes(status)) throw new UnreadableAnswer();
  };
  const idAndAmount = (answer: unknown, status: number) => {
    expectOk(status);
    if (!isRecord(answer) || !isText(answer.id) || !isCents(answer.amount)) throw new UnreadableAnswer();
    return { id: answer.id, amountCents: answer.amount };
  };
  const segment = (id: string) => encodeURIComponent(id);

  return {
    provider: 'http',
    live: true,

    tokenizeCard: (card, idempotencyKey) =>
      call('tokenize', 'POST', '/cards', { number: card.number, expiry_month: card.expiryMonth, expiry_year: card.expiryYear, cvc: card.cvc }, idempotencyKey, (answer, status) => {
        expectOk(status);
        if (!isRecord(answer) || !isText(answer.token) || typeof answer.last4 !== 'string' || !/^\d{4}$/.test(answer.last4)) throw new UnreadableAnswer();
        const brand = CARD_BRANDS.includes(answer.brand as CardBrand) ? (answer.brand as CardBrand) : card.brand;
        const expiryMonth = isCents(answer.expiry_month) ? answer.expiry_month : card.expiryMonth;
        const expiryYear = isCents(answer.expiry_year) ? answer.expiry_year : card.expiryYear;
        return { token: answer.token, brand, last4: answer.last4, expiryMonth, expiryYear };
      }),

    authorize: (request) => {
      assertAmount(request.amountCents);
      const body: Json = { card_token: request.token, amount: request.amountCents, currency: request.currency, reference: request.reference };
      if (request.cvc !== undefined) body.cvc = request.cvc;
      return call('authorize', 'POST', '/authorizations', body, request.idempotencyKey, (answer, status) => {
        const { id, amountCents } = idAndAmount(answer, status);
        return { authorizationId: id, amountCents };
      });
    },

    capture: (request) => {
      assertAmount(request.amountCents);
      return call('capture', 'POST', `/authorizations/${segment(request.authorizationId)}/capture`, { amount: request.amountCents }, request.idempotencyKey, (answer, status) => {
        const { id, amountCents } = idAndAmount(answer, status);
        return { captureId: id, amountCents };
      });
    },

    release: (request) =>
      call('release', 'POST', `/authorizations/${segment(request.authorizationId)}/release`, {}, request.idempotencyKey, (_answer, status) => {
        expectOk(status);
        return { released: true as const };
      }),

    refund: (request) => {
      assertAmount(request.amountCents);
      return call('refund', 'POST', `/authorizations/${segment(request.authorizationId)}/refunds`, { amount: request.amountCents }, request.idempotencyKey, (answer, status) => {
        const { id, amountCents } = idAndAmount(answer, status);
        return { refundId: id, amountCents };
      });
    },

    deleteCard: (token) =>
      call('delete card', 'DELETE', `/cards/${segment(token)}`, null, null, (_answer, status) => {
        expectOk(status, 404);
        return { deleted: true as const };
      }),
  };
}

function log(operation: string, status: number | string, detail: string): void {
  console.error(JSON.stringify({ level: 'warn', msg: 'payment provider refused or failed', operation, status, detail }));
}
