import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import { validateCvc, validateExpiry } from './card-validation';
import { testOutcome, type TestOutcome } from './test-cards';
import { assertAmount, CARD_BRANDS, type CardBrand, type PaymentGateway, type PaymentResult } from './types';

/**
 * The built-in acquirer for demos and tests: no money moves, TEST_CARDS decide the outcome. It is
 * stateless, so it behaves the same after a restart and across several server processes: tokens
 * and authorization ids carry what later calls need (brand, last four, expiry, outcome, amount),
 * and ids derive from the idempotency key, so a retried call returns the same answer.
 *
 *   token            demo_tok.<outcome>.<brand>.<last4>.<MM>.<YYYY>.<hash>
 *   authorization    demo_auth.<amount>.<hash>
 */
const hash = (...parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 16);

const TOKEN = /^demo_tok\.(success|declined|insufficient_funds|processing_error)\.([a-z]+)\.(\d{4})\.(\d{2})\.(\d{4})\.[\w-]{16}$/;
const AUTHORIZATION = /^demo_auth\.(\d+)\.[\w-]{16}$/;

interface TokenFacts {
  outcome: TestOutcome;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

function readToken(token: string): TokenFacts | null {
  const match = TOKEN.exec(token);
  if (!match || !CARD_BRANDS.includes(match[2] as CardBrand)) return null;
  return { outcome: match[1] as TestOutcome, brand: match[2] as CardBrand, last4: match[3]!, expiryMonth: Number(match[4]), expiryYear: Number(match[5]) };
}

function authorizedAmount(authorizationId: string): number | null {
  const match = AUTHORIZATION.exec(authorizationId);
  return match ? Number(match[1]) : null;
}

const OUTCOME_FAILURE: Record<Exclude<TestOutcome, 'success'>, PaymentResult<never>> = {
  declined: { ok: false, code: 'PAYMENT_FAILED' },
  insufficient_funds: { ok: false, code: 'PAYMENT_INSUFFICIENT_FUNDS' },
  processing_error: { ok: false, code: 'PAYMENT_UNAVAILABLE' },
};

export function demoAcquirer(clock: Clock = systemClock): PaymentGateway {
  return {
    provider: 'demo',
    live: false,

    async tokenizeCard(card, idempotencyKey) {
      const outcome = testOutcome(card.number);
      // Other numbers are refused at once; failing test cards fail when authorized, as at a real acquirer.
      if (outcome === null) return { ok: false, code: 'PAYMENT_FAILED' };
      const expiry = validateExpiry(card.expiryMonth, card.expiryYear, clock.now());
      if (!expiry.ok) return expiry;
      const month = String(card.expiryMonth).padStart(2, '0');
      const token = `demo_tok.${outcome}.${card.brand}.${card.last4}.${month}.${card.expiryYear}.${hash('tok', idempotencyKey, card.last4)}`;
      return { ok: true, value: { token, brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear } };
    },

    async authorize(request) {
      assertAmount(request.amountCents);
      const card = readToken(request.token);
      if (!card) return { ok: false, code: 'PAYMENT_FAILED' };
      const expiry = validateExpiry(card.expiryMonth, card.expiryYear, clock.now());
      if (!expiry.ok) return { ok: false, code: 'CARD_EXPIRED' };
      if (request.cvc !== undefined && !validateCvc(request.cvc, card.brand).ok) return { ok: false, code: 'CVC_INVALID' };
      if (card.outcome !== 'success') return OUTCOME_FAILURE[card.outcome];
      return { ok: true, value: { authorizationId: `demo_auth.${request.amountCents}.${hash('auth', request.idempotencyKey)}`, amountCents: request.amountCents } };
    },

    async capture(request) {
      assertAmount(request.amountCents);
      const authorized = authorizedAmount(request.authorizationId);
      if (authorized === null || request.amountCents > authorized) return { ok: false, code: 'PAYMENT_FAILED' };
      return { ok: true, value: { captureId: `demo_cap.${hash('cap', request.authorizationId, request.idempotencyKey)}`, amountCents: request.amountCents } };
    },

    async release(request) {
      return authorizedAmount(request.authorizationId) === null ? { ok: false, code: 'PAYMENT_FAILED' } : { ok: true, value: { released: true } };
    },

    async refund(request) {
      assertAmount(request.amountCents);
      const authorized = authorizedAmount(request.authorizationId);
      if (authorized === null || request.amountCents > authorized) return { ok: false, code: 'PAYMENT_FAILED' };
      return { ok: true, value: { refundId: `demo_ref.${hash('ref', request.authorizationId, request.idempotencyKey)}`, amountCents: request.amountCents } };
    },

    async deleteCard() {
      return { ok: true, value: { deleted: true } };
    },
  };
}
