import { describe, expect, it } from 'vitest';
import { demoLatencyFromEnv, PaymentConfigError, paymentCspSources, paymentGatewayFromEnv } from '../../../src/platform/payments/select-gateway';
import { buildCsp } from '../../../src/platform/security/csp';

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

  it('reads the demo provider\'s simulated latency (benches), and refuses one that is not whole milliseconds', () => {
    expect(demoLatencyFromEnv({})).toBe(0);
    expect(demoLatencyFromEnv({ DEMO_PSP_LATENCY_MS: '300' })).toBe(300);
    expect(() => demoLatencyFromEnv({ DEMO_PSP_LATENCY_MS: '0.3s' })).toThrow(PaymentConfigError);
    expect(() => demoLatencyFromEnv({ DEMO_PSP_LATENCY_MS: '-1' })).toThrow(/DEMO_PSP_LATENCY_MS/);
  });
});

describe("the payment provider's origins in the Content-Security-Policy", () => {
  it('are none for the demo provider: the policy is the same as without payments', () => {
    const sources = paymentCspSources({ APOBOTE_MODE: 'demo' });
    expect(sources).toEqual({ scriptSrc: [], frameSrc: [], connectSrc: [] });
    expect(buildCsp(['sha256-abc'], sources)).toBe(buildCsp(['sha256-abc']));
    expect(buildCsp(['sha256-abc'], sources)).not.toMatch(/stripe|frame-src/);
  });

  it("are Stripe's documented ones when Stripe is configured: Stripe.js, its frames (Payment Element, 3-D Secure) and its API", () => {
    const csp = buildCsp(['sha256-abc'], paymentCspSources(STRIPE));
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc' https://js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(paymentGatewayFromEnv(STRIPE).browserConfig()).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_x', scriptUrl: 'https://js.stripe.com/v3', hostedFieldsUrl: null, wallets: true });
  });

  it('let tests point Stripe.js at a stand-in (its origin joins the policy), never in production', () => {
    const env = { ...STRIPE, STRIPE_JS_URL: 'http://127.0.0.1:5302/stripe-js/v3' };
    expect(paymentGatewayFromEnv(env).browserConfig().scriptUrl).toBe('http://127.0.0.1:5302/stripe-js/v3');
    expect(paymentCspSources(env).scriptSrc).toEqual(['https://js.stripe.com', 'http://127.0.0.1:5302']);
    expect(() => paymentGatewayFromEnv({ ...env, APOBOTE_MODE: 'production' })).toThrow(/STRIPE_JS_URL/);
    expect(() => paymentCspSources({ ...env, APOBOTE_MODE: 'production' })).toThrow(/STRIPE_JS_URL/);
  });
});
