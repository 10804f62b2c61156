import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { DeliveryError } from '../mail/mailer';
import type { FetchLike } from '../sms/http-sms';
import type { PushSender } from './sender';
import type { VapidKeys } from './vapid';

const TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for an offline device: a status older than a day is news no more. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Standard Web Push: the payload encrypted to the browser's keys (RFC 8291, aes128gcm) and signed
 * with the shop's VAPID key (RFC 8292), both by the `web-push` library; the POST itself goes through
 * fetch, so it has a timeout and tests can point it at a stand-in push service.
 */
export function webPushSender(keys: VapidKeys, fetchImpl: FetchLike = (input, init) => fetch(input, init)): PushSender {
  return {
    async send(target, message, options) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: keys,
          TTL: TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
          // At most 32 URL-safe base64 characters.
          ...(options?.idempotencyKey ? { topic: createHash('sha256').update(options.idempotencyKey).digest('base64url').slice(0, 32) } : {}),
        },
      );
      let response: Response;
      try {
        response = await fetchImpl(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`push service unreachable: ${error instanceof Error ? error.name : 'error'}`);
      }
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new DeliveryError(`push service answered ${response.status}`);
      return 'delivered';
    },
  };
}
