import { DeliveryError } from '../mail/mailer';
import type { SmsSender } from './sender';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 10_000;

/**
 * A generic HTTP SMS gateway: POST SMS_API_URL with JSON { to, text } and
 * "Authorization: Bearer SMS_API_TOKEN"; any 2xx answer counts as accepted.
 */
export function httpSmsSender(url: string, token: string | undefined, fetchImpl: FetchLike = (input, init) => fetch(input, init)): SmsSender {
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(message.idempotencyKey ? { 'idempotency-key': message.idempotencyKey } : {}),
          },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`SMS provider unreachable: ${String(error)}`);
      }
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) throw new DeliveryError(`SMS provider answered ${response.status}`);
    },
  };
}
