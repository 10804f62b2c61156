import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Result } from '../http/result';
import type { WebhookEvent } from './types';

/**
 * Stripe's webhook signature scheme (docs: "Verify webhook signatures manually"), used by the Stripe
 * adapter and, with its own secret, by the demo provider. The `Stripe-Signature` header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>` (several v1
 * entries during a secret rotation). A timestamp further than the tolerance from now is refused, so
 * a captured request cannot be replayed later.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'stripe-signature';

export function signPayload(rawBody: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]+$/.test(a)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

export function verifySignedEvent(
  rawBody: string,
  header: string | null,
  secret: string,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): Result<WebhookEvent, 'WEBHOOK_SIGNATURE_INVALID'> {
  const refused = { ok: false as const, code: 'WEBHOOK_SIGNATURE_INVALID' as const };
  if (!header || !secret) return refused;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((piece) => piece.trim());
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return refused;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return refused;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  if (!signatures.some((signature) => sameHex(signature, expected))) return refused;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return refused;
  }
  const event = body as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: { id?: unknown; object?: unknown; payment_intent?: unknown } } };
  if (typeof event.id !== 'string' || typeof event.type !== 'string') return refused;
  const object = event.data?.object;
  let intentId: string | null = null;
  if (object && object.object === 'payment_intent' && typeof object.id === 'string') intentId = object.id;
  else if (object && typeof object.payment_intent === 'string') intentId = object.payment_intent;
  return { ok: true, value: { id: event.id, type: event.type, created: typeof event.created === 'number' ? event.created : timestamp, intentId } };
}
