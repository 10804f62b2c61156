import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { mailerFor } from '../platform/mail';
import {
  drainOutbox,
  mailTransport,
  outboxSettingsFromEnv,
  pushTransport,
  smsTransport,
  startOutboxWorker,
  type DrainReport,
  type OutboxSettings,
  type OutboxTransports,
  type OutboxWorker,
} from '../platform/outbox';
import type { PaymentGateway } from '../platform/payments';
import { pushSenderFor } from '../platform/push';
import { smsSenderFor } from '../platform/sms';
import { paymentWebhookTransport, resolveOrdersDeps, type OrdersDepsOverrides } from '../features/orders';
import { forgetSubscription } from '../features/push';

/*
 * The outbox's delivery side, wired (decision 0012): e-mail over SMTP_URL (else the development
 * outbox), SMS over SMS_API_URL (else the same), web push with the VAPID keys, and the payment
 * provider's stored webhooks processed by the orders feature. `npm start` runs one worker per
 * process; tests call drainMessages instead.
 */

export interface MessageWiring {
  db: Db;
  clock: Clock;
  env?: NodeJS.ProcessEnv;
  gateway?: PaymentGateway;
  /** The orders' settings and the like, for the webhooks' processing. */
  orders?: OrdersDepsOverrides;
  /** Replaces single transports (tests: a relay that refuses). */
  transports?: OutboxTransports;
  settings?: Partial<OutboxSettings>;
}

export function messageTransports(wiring: MessageWiring): OutboxTransports {
  const env = wiring.env ?? process.env;
  const { db, clock } = wiring;
  const orders = resolveOrdersDeps(clock, { env, ...wiring.orders, ...(wiring.gateway ? { gateway: wiring.gateway } : {}) });
  return {
    email: mailTransport(mailerFor(db, clock, env)),
    sms: smsTransport(smsSenderFor(db, clock, env)),
    push: pushTransport(
      () => pushSenderFor(db, env),
      async (target) => {
        const id = (target as { id?: unknown }).id;
        if (typeof id === 'string') await forgetSubscription(db, id);
      },
    ),
    webhook: paymentWebhookTransport(db, clock, orders),
    ...wiring.transports,
  };
}

/** The process's worker; OUTBOX_WORKER=off starts none (the messages wait for another process). */
export function startMessageWorker(wiring: MessageWiring): OutboxWorker | null {
  const env = wiring.env ?? process.env;
  if (env.OUTBOX_WORKER === 'off') return null;
  return startOutboxWorker({
    db: wiring.db,
    clock: wiring.clock,
    transports: messageTransports(wiring),
    settings: { ...outboxSettingsFromEnv(env), ...wiring.settings },
    pollMs: Number(env.OUTBOX_POLL_MS) > 0 ? Number(env.OUTBOX_POLL_MS) : 5_000,
  });
}

/** Delivers everything due now by `wiring.clock`: what tests call instead of waiting. */
export function drainMessages(wiring: MessageWiring): Promise<DrainReport> {
  return drainOutbox({ db: wiring.db, clock: wiring.clock, transports: messageTransports(wiring), settings: { ...outboxSettingsFromEnv(wiring.env ?? process.env), ...wiring.settings } });
}
