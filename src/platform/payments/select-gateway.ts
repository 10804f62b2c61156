import { systemClock, type Clock } from '../clock';
import { serverConfig } from '../config/env';
import { demoAcquirer } from './demo-acquirer';
import { httpAcquirer } from './http-acquirer';
import type { PaymentGateway } from './types';

export class PaymentConfigError extends Error {
  override name = 'PaymentConfigError';
}

/**
 * PAYMENT_API_URL set (or PAYMENT_PROVIDER=http): the HTTP adapter, which needs PAYMENT_API_TOKEN.
 * Otherwise the demo acquirer, which accepts only the test cards. In production mode
 * (APOBOTE_MODE=production) the demo acquirer must be asked for by PAYMENT_PROVIDER=demo, so a shop
 * cannot go live taking test cards for real orders by accident.
 */
export function paymentGatewayFromEnv(env: NodeJS.ProcessEnv = process.env, clock: Clock = systemClock): PaymentGateway {
  const url = env.PAYMENT_API_URL?.trim();
  const provider = env.PAYMENT_PROVIDER?.trim() || (url ? 'http' : 'demo');
  if (provider === 'http') {
    const token = env.PAYMENT_API_TOKEN?.trim();
    if (!url || !token) throw new PaymentConfigError('PAYMENT_PROVIDER=http needs PAYMENT_API_URL and PAYMENT_API_TOKEN');
    const timeout = env.PAYMENT_API_TIMEOUT_MS ? Number(env.PAYMENT_API_TIMEOUT_MS) : undefined;
    if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0)) throw new PaymentConfigError('PAYMENT_API_TIMEOUT_MS must be a positive integer');
    return httpAcquirer({ baseUrl: url, apiToken: token, timeoutMs: timeout });
  }
  if (provider !== 'demo') throw new PaymentConfigError(`PAYMENT_PROVIDER must be "demo" or "http", not "${provider}"`);
  if (!serverConfig(env).demoMode && env.PAYMENT_PROVIDER?.trim() !== 'demo') {
    throw new PaymentConfigError('production mode needs a payment provider: set PAYMENT_API_URL and PAYMENT_API_TOKEN (or PAYMENT_PROVIDER=demo to take test cards only)');
  }
  return demoAcquirer(clock);
}
