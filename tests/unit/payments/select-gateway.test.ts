import { describe, expect, it } from 'vitest';
import { PaymentConfigError, paymentGatewayFromEnv } from '../../../src/platform/payments/select-gateway';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('paymentGatewayFromEnv', () => {
  it('uses the demo provider by default in demo mode', () => {
    expect(paymentGatewayFromEnv({ APOBOTE_MODE: 'demo' })).toMatchObject({ provider: 'demo', live: false });
  });

  it('uses Stripe when STRIPE_SECRET_KEY is set, which then needs the publishable key and the webhook secret', () => {
    expect(paymentGatewayFromEnv(STRIPE)).toMatchObject({ provider: 'stripe', live: false });
    expect(paymentGatewayFromEnv({ ...STRIPE, STRIPE_SECRET_KEY: 'sk_live_x' }).live).toBe(true);
    expect(() => paymentGatewayFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(PaymentConfigError);
    expect(() => paymentGatewayFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'w' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => paymentGatewayFromEnv({ ...STRIPE, PAYMENT_API_TIMEOUT_MS: 'soon' })).toThrow(/TIMEOUT/);
  });

  it('refuses to take test cards in production unless asked to explicitly', () => {
    expect(() => paymentGatewayFromEnv({ APOBOTE_MODE: 'production' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => paymentGatewayFromEnv({ NODE_ENV: 'production' })).toThrow(PaymentConfigError);
    expect(paymentGatewayFromEnv({ APOBOTE_MODE: 'production', PAYMENT_PROVIDER: 'demo' }).provider).toBe('demo');
  });

  it('refuses an unknown provider', () => {
    expect(() => paymentGatewayFromEnv({ PAYMENT_PROVIDER: 'http' })).toThrow(/demo.*stripe/);
  });
});
