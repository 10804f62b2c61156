import { readFileSync } from 'node:fs';
import { systemClock, type Clock } from '../clock';
import { serverConfig } from '../config/env';
import { openedDbHandle } from '../db/client';
import { sharedDemoProvider } from './demo-provider';
import { processDemoState } from './demo-state';
import { STRIPE_CSP, stripeGateway } from './stripe-gateway';
import type { PaymentGateway } from './types';

export class PaymentConfigError extends Error {
  override name = 'PaymentConfigError';
}

/**
 * STRIPE_SECRET_KEY set (or PAYMENT_PROVIDER=stripe): Stripe, which also needs
 * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET. Otherwise the built-in demo provider, which
 * accepts only its test cards. In production mode (APOBOTE_MODE=production) the demo provider must
 * be asked for by PAYMENT_PROVIDER=demo, so a shop cannot go live taking test cards by accident.
 */
export function paymentGatewayFromEnv(env: NodeJS.ProcessEnv = process.env, clock: Clock = systemClock): PaymentGateway {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const provider = env.PAYMENT_PROVIDER?.trim() || (secretKey ? 'stripe' : 'demo');
  if (provider === 'stripe') {
    const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
    const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
    if (!secretKey || !publishableKey || !webhookSecret) {
      throw new PaymentConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
    }
    const timeout = env.PAYMENT_API_TIMEOUT_MS ? Number(env.PAYMENT_API_TIMEOUT_MS) : undefined;
    if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0)) throw new PaymentConfigError('PAYMENT_API_TIMEOUT_MS must be a positive integer');
    const scriptUrl = stripeJsOverride(env);
    return stripeGateway({ secretKey, publishableKey, webhookSecret, ...(timeout ? { timeoutMs: timeout } : {}), ...(scriptUrl ? { scriptUrl } : {}) });
  }
  if (provider !== 'demo') throw new PaymentConfigError(`PAYMENT_PROVIDER must be "demo" or "stripe", not "${provider}"`);
  if (!serverConfig(env).demoMode && env.PAYMENT_PROVIDER?.trim() !== 'demo') {
    throw new PaymentConfigError('production mode needs a payment provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENT_PROVIDER=demo to take test cards only)');
  }
  void clock;
  // Its intents live in the process's database when that is PostgreSQL: a cluster's processes are one provider.
  return sharedDemoProvider(env.PAYMENT_DEMO_WEBHOOK_SECRET?.trim() || undefined, demoLatencyFromEnv(env), processDemoState(openedDbHandle, () => systemClock.now()));
}

/** DEMO_PSP_LATENCY_MS: the demo provider's simulated time per server-side API call (benches), 0 when unset. */
export function demoLatencyFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DEMO_PSP_LATENCY_MS?.trim();
  if (!raw) return 0;
  const latency = Number(raw);
  if (!(Number.isInteger(latency) && latency >= 0)) throw new PaymentConfigError('DEMO_PSP_LATENCY_MS must be a whole number of milliseconds (0 or more)');
  return latency;
}

/** Whether the shop is configured for Stripe (the same rule as paymentGatewayFromEnv). */
export function stripeConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  const provider = env.PAYMENT_PROVIDER?.trim() || (env.STRIPE_SECRET_KEY?.trim() ? 'stripe' : 'demo');
  return provider === 'stripe';
}

/**
 * STRIPE_JS_URL: a stand-in for Stripe.js, for tests only. Stripe requires Stripe.js from
 * https://js.stripe.com, so production mode refuses the setting instead of loading another script.
 */
function stripeJsOverride(env: NodeJS.ProcessEnv): string | null {
  const value = env.STRIPE_JS_URL?.trim();
  if (!value) return null;
  if (!serverConfig(env).demoMode) throw new PaymentConfigError('STRIPE_JS_URL is for tests only: production mode loads Stripe.js from https://js.stripe.com');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PaymentConfigError('STRIPE_JS_URL must be an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PaymentConfigError('STRIPE_JS_URL must be an http(s) URL');
  return url.href;
}

/**
 * The origins the Content-Security-Policy adds for the payment provider: Stripe's (Stripe.js, its
 * frames, its API, plus a test stand-in's origin) only when Stripe is configured; none for the
 * demo provider, whose pages are the shop's own origin.
 */
export function paymentCspSources(env: NodeJS.ProcessEnv = process.env): { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[] } {
  if (!stripeConfigured(env)) return { scriptSrc: [], frameSrc: [], connectSrc: [] };
  const override = stripeJsOverride(env);
  const standIn = override ? [new URL(override).origin] : [];
  return {
    scriptSrc: [...STRIPE_CSP.scriptSrc, ...standIn],
    frameSrc: [...STRIPE_CSP.frameSrc, ...standIn],
    connectSrc: [...STRIPE_CSP.connectSrc, ...standIn],
  };
}

/** Where Apple looks for the domain association file that Stripe's dashboard gives for Apple Pay. */
export const APPLE_PAY_DOMAIN_FILE = 'apple-developer-merchantid-domain-association';

/**
 * STRIPE_APPLE_PAY_DOMAIN_FILE: the path of that file, read once at start (a missing file stops
 * the start instead of failing Apple's check later). Null when not configured.
 */
export function applePayDomainAssociation(env: NodeJS.ProcessEnv = process.env): string | null {
  const file = env.STRIPE_APPLE_PAY_DOMAIN_FILE?.trim();
  if (!file) return null;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new PaymentConfigError('STRIPE_APPLE_PAY_DOMAIN_FILE must name a readable file (the domain association file from Stripe)');
  }
}
