import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/platform/clock';
import { cardDetails } from '../../../src/platform/payments/card-validation';
import { demoAcquirer } from '../../../src/platform/payments/demo-acquirer';
import { TEST_CARDS } from '../../../src/platform/payments/test-cards';
import type { PaymentGateway } from '../../../src/platform/payments/types';

const clock = fixedClock('2026-06-16T10:00:00Z');
const card = (number: string, expiryMonth = 12, expiryYear = 2028, cvc = number.startsWith('3') ? '1234' : '123') => cardDetails({ number, cvc, expiryMonth, expiryYear });

async function tokenOf(gateway: PaymentGateway, number: string, expiryMonth?: number, expiryYear?: number) {
  const saved = await gateway.tokenizeCard(card(number, expiryMonth, expiryYear), `key-${number}`);
  if (!saved.ok) throw new Error(saved.code);
  return saved.value.token;
}
const authorize = (gateway: PaymentGateway, token: string, idempotencyKey = 'order-1:authorize', amountCents = 3289) =>
  gateway.authorize({ token, amountCents, currency: 'EUR', reference: 'order-1', idempotencyKey });

describe('demo acquirer', () => {
  const gateway = demoAcquirer(clock);

  it('is not live', () => {
    expect(gateway).toMatchObject({ provider: 'demo', live: false });
  });

  it('saves a test card as token, brand, last four and expiry; the token holds no card number', async () => {
    const saved = await gateway.tokenizeCard(card(TEST_CARDS.visa), 'k1');
    expect(saved.ok && saved.value).toMatchObject({ brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2028 });
    expect(saved.ok && saved.value.token).not.toContain(TEST_CARDS.visa);
    expect(saved.ok && JSON.stringify(saved.value)).not.toContain(TEST_CARDS.visa);
  });

  it('declines any number that is not a test card', async () => {
    expect(await gateway.tokenizeCard(card('4111111111111111'), 'k2')).toEqual({ ok: false, code: 'PAYMENT_FAILED' });
  });

  it('authorizes the success cards, the same answer for the same idempotency key', async () => {
    for (const number of [TEST_CARDS.visa, TEST_CARDS.mastercard, TEST_CARDS.amex]) {
      const token = await tokenOf(gateway, number);
      const first = await authorize(gateway, token);
      expect(first).toMatchObject({ ok: true, value: { amountCents: 3289 } });
      expect(await authorize(gateway, token)).toEqual(first);
      const other = await authorize(gateway, token, 'order-2:authorize');
      expect(other.ok && first.ok && other.value.authorizationId).not.toBe(first.ok && first.value.authorizationId);
    }
  });

  it('fails the decline, insufficient-funds and processing-error cards when authorizing', async () => {
    expect(await authorize(gateway, await tokenOf(gateway, TEST_CARDS.declined))).toEqual({ ok: false, code: 'PAYMENT_FAILED' });
    expect(await authorize(gateway, await tokenOf(gateway, TEST_CARDS.insufficientFunds))).toEqual({ ok: false, code: 'PAYMENT_INSUFFICIENT_FUNDS' });
    expect(await authorize(gateway, await tokenOf(gateway, TEST_CARDS.processingError))).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
  });

  it('refuses a saved card that has expired since, a wrong CVC and a forged token', async () => {
    const token = await tokenOf(gateway, TEST_CARDS.visa, 6, 2026);
    expect((await authorize(gateway, token)).ok).toBe(true);
    expect(await authorize(demoAcquirer(fixedClock('2026-07-01T08:00:00Z')), token)).toEqual({ ok: false, code: 'CARD_EXPIRED' });
    expect(await gateway.authorize({ token, cvc: '12', amountCents: 100, currency: 'EUR', reference: 'o', idempotencyKey: 'k' })).toEqual({ ok: false, code: 'CVC_INVALID' });
    expect(await authorize(gateway, 'demo_tok.success.visa.4242.12.2028.forged')).toEqual({ ok: false, code: 'PAYMENT_FAILED' });
  });

  it('captures, releases and refunds no more than was authorized', async () => {
    const authorization = await authorize(gateway, await tokenOf(gateway, TEST_CARDS.visa));
    if (!authorization.ok) throw new Error(authorization.code);
    const { authorizationId } = authorization.value;
    expect(await gateway.capture({ authorizationId, amountCents: 3289, idempotencyKey: 'c1' })).toMatchObject({ ok: true, value: { amountCents: 3289 } });
    expect(await gateway.capture({ authorizationId, amountCents: 3290, idempotencyKey: 'c2' })).toEqual({ ok: false, code: 'PAYMENT_FAILED' });
    expect(await gateway.release({ authorizationId, idempotencyKey: 'r1' })).toEqual({ ok: true, value: { released: true } });
    expect(await gateway.refund({ authorizationId, amountCents: 1000, idempotencyKey: 'f1' })).toMatchObject({ ok: true, value: { amountCents: 1000 } });
    expect(await gateway.refund({ authorizationId, amountCents: 3290, idempotencyKey: 'f2' })).toEqual({ ok: false, code: 'PAYMENT_FAILED' });
    expect(await gateway.capture({ authorizationId: 'nonsense', amountCents: 1, idempotencyKey: 'c3' })).toEqual({ ok: false, code: 'PAYMENT_FAILED' });
    expect(await gateway.deleteCard('anything')).toEqual({ ok: true, value: { deleted: true } });
  });

  it('treats a zero, negative or fractional amount as a programming error', async () => {
    const token = await tokenOf(gateway, TEST_CARDS.visa);
    await expect(authorize(gateway, token, 'k', 0)).rejects.toThrow(RangeError);
    await expect(authorize(gateway, token, 'k', 12.5)).rejects.toThrow(RangeError);
  });
});
