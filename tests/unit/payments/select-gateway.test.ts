import { describe, expect, it } from 'vitest';
import { PaymentConfigError, paymentGatewayFromEnv } from '../../../src/platform/payments/select-gateway';

describe('paymentGatewayFromEnv', () => {
  it('uses the demo acquirer by default in demo mode', () => {
    expect(paymentGatewayFromEnv({ APOBOTE_MODE: 'demo' })).toMatchObject({ provider: 'demo', live: false });
  });

  it('uses the HTTP adapter when PAYMENT_API_URL is set, which then needs a token', () => {
    expect(paymentGatewayFromEnv({ PAYMENT_API_URL: 'https://pay.example.org', PAYMENT_API_TOKEN: 't' })).toMatchObject({ provider: 'http', live: true });
    expect(() => paymentGatewayFromEnv({ PAYMENT_API_URL: 'https://pay.example.org' })).toThrow(PaymentConfigError);
    expect(() => paymentGatewayFromEnv({ PAYMENT_PROVIDER: 'http', PAYMENT_API_TOKEN: 't' })).toThrow(/PAYMENT_API_URL/);
    expect(() => paymentGatewayFromEnv({ PAYMENT_API_URL: 'https://pay.example.org', PAYMENT_API_TOKEN: 't', PAYMENT_API_TIMEOUT_MS: 'soon' })).toThrow(/TIMEOUT/);
  });

  it('refuses to take test cards in production unless asked to explicitly', () => {
    expect(() => paymentGatewayFromEnv({ APOBOTE_MODE: 'production' })).toThrow(/PAYMENT_API_URL/);
    expect(() => paymentGatewayFromEnv({ NODE_ENV: 'production' })).toThrow(PaymentConfigError);
    expect(paymentGatewayFromEnv({ APOBOTE_MODE: 'production', PAYMENT_PROVIDER: 'demo' }).provider).toBe('demo');
  });

  it('refuses an unknown provider', () => {
    expect(() => paymentGatewayFromEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/demo.*http/);
  });
});
