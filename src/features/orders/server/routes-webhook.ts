import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../../platform/http/app';
import { errorBody } from '../../../platform/http/errors';
import { errorEntries, json } from '../../../platform/http/openapi';
import { SIGNATURE_HEADER } from '../../../platform/payments';
import { enqueueMessage, type OutboxTransport } from '../../../platform/outbox';
import type { Clock } from '../../../platform/clock';
import { clockOffsetMs } from '../../../platform/test-clock';
import type { Db } from '../../../platform/db/client';
import type { OrdersContext, OrdersDeps } from './deps';
import { handleWebhook } from './payment-service';

const WebhookAnswer = z.object({ received: z.boolean(), outcome: z.enum(['queued', 'duplicate']) }).openapi('PaymentWebhookAnswer');

/** The outbox's kind for a received payment webhook. */
export const PAYMENT_WEBHOOK_KIND = 'payment.webhook';

/**
 * Processes a stored webhook (the outbox worker calls it): each event is applied once, by reading
 * the PaymentIntent again; when the provider or the database cannot be reached the worker retries.
 */
export function paymentWebhookTransport(db: Db, clock: Clock, deps: OrdersDeps): OutboxTransport {
  return {
    async deliver({ payload }) {
      const event = payload.event as { id: string; type: string; intentId: string | null };
      // The e2e server's requests say what time it is (TEST_CLOCK=header): the event is processed at
      // its request's time plus what has passed since. Elsewhere the offset is 0.
      const offset = typeof payload.clockOffsetMs === 'number' ? payload.clockOffsetMs : 0;
      const at: Clock = offset === 0 ? clock : { now: () => new Date(clock.now().getTime() + offset) };
      const ctx: OrdersContext = { db, clock: at, locale: 'en', deps };
      const outcome = await handleWebhook(ctx, deps.gateway(), event);
      if (outcome === 'retry') throw Object.assign(new Error('payment provider unavailable'), { name: 'PaymentUnavailable' });
      return 'sent';
    },
  };
}

const webhookRouteDef = createRoute({
  method: 'post',
  path: '/v1/payments/webhook',
  tags: ['payments'],
  summary: "The payment provider's status events (Stripe webhooks; the demo provider sends the same)",
  description:
    'Signed with the endpoint secret in the Stripe-Signature header (t=…,v1=HMAC-SHA256 of "t.body"); a missing or wrong signature, or one older than ' +
    '5 minutes, answers 401 WEBHOOK_SIGNATURE_INVALID and changes nothing. Each event is applied once (a duplicate answers outcome duplicate) by re-reading ' +
    'the payment from the provider, in any order. The event is stored first and answered 200 (outcome queued, or duplicate for an event already stored); ' +
    'the outbox worker applies it and retries while the provider cannot be reached (decision 0012). 503 when the database cannot be reached: the provider sends it again.',
  responses: { 200: json(WebhookAnswer, 'Received'), ...errorEntries(401, 503) },
});

/** The provider's webhooks: no login, the signature is the authentication; the raw body is what is signed. */
export function registerPaymentWebhookRoutes(app: ApiApp, deps: OrdersDeps) {
  app.openapi(webhookRouteDef, async (c) => {
    c.header('Cache-Control', 'no-store');
    const ctx: OrdersContext = { db: c.var.ctx.db, clock: c.var.ctx.clock, locale: c.var.locale, deps };
    let gateway;
    try {
      gateway = deps.gateway();
    } catch {
      return c.json(errorBody('PAYMENT_UNAVAILABLE', c.var.locale), 503);
    }
    const raw = await c.req.text();
    const verified = gateway.verifyWebhook(raw, c.req.header(SIGNATURE_HEADER) ?? null, ctx.clock.now());
    if (!verified.ok) {
      console.warn(JSON.stringify({ level: 'warn', msg: 'payment webhook refused: bad signature', provider: gateway.provider }));
      return c.json(errorBody('WEBHOOK_SIGNATURE_INVALID', c.var.locale), 401);
    }
    let stored;
    const offset = clockOffsetMs(ctx.clock);
    try {
      stored = await enqueueMessage(
        ctx.db,
        { kind: PAYMENT_WEBHOOK_KIND, channel: 'webhook', key: `webhook:${gateway.provider}:${verified.value.id}`, payload: { event: { id: verified.value.id, type: verified.value.type, intentId: verified.value.intentId }, ...(offset !== 0 ? { clockOffsetMs: offset } : {}) } },
        ctx.clock.now(),
      );
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'payment webhook not stored', type: verified.value.type, error: String(error).split('\nparams:')[0] }));
      return c.json(errorBody('PAYMENT_UNAVAILABLE', c.var.locale), 503);
    }
    return c.json({ received: true, outcome: stored ? ('queued' as const) : ('duplicate' as const) }, 200);
  });
}
