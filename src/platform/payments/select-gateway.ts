import { systemClock, type Clock } from '../clock';
import { serverConfig } from '../config/env';
import { sharedDemoProvider } from './demo-provider';
import { stripeGateway } from './stripe-gateway';
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
    return stripeGateway({ secretKey, publishableKey, webhookSecret, ...(timeout ? { timeoutMs: timeout } : {}) });
  }
  if (provider !== 'demo') throw new PaymentConfigError(`PAYMENT_PROVIDER must be "demo" or "stripe", not "${provider}"`);
  if (!serverConfig(env).demoMode && env.PAYMENT_PROVIDER?.trim() !== 'demo') {
    throw new PaymentConfigError('production mode needs a payment provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENT_PROVIDER=demo to take test cards only)');
  }
  void clock;
  return sharedDemoProvider(env.PAYMENT_DEMO_WEBHOOK_SECRET?.trim() || undefined);
}
