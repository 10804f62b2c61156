import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import type { Locale } from '../../../platform/i18n/locales';
import type { Mailer } from '../../../platform/mail';
import { queuedMailer, queuedPushSender, queuedSmsSender } from '../../../platform/outbox';
import { paymentGatewayFromEnv, type PaymentGateway } from '../../../platform/payments';
import { pushSenderFor, type PushSender } from '../../../platform/push';
import type { SmsSender } from '../../../platform/sms';
import { orderSettingsFromEnv, type OrderSettings } from './settings';

/**
 * What the order services need from outside, passed explicitly. Tests replace single pieces (a
 * gateway that fails, a clock they move, a mailer that throws).
 */
export interface OrdersDeps {
  env: NodeJS.ProcessEnv;
  /** Resolved on first use: a misconfigured provider fails placements (PAYMENT_UNAVAILABLE), not the whole API. */
  gateway: () => PaymentGateway;
  /**
   * E-mail, SMS and push are written to the outbox through `db` (the step's transaction) and
   * delivered by the outbox worker (decision 0012); tests replace the worker's transports, not these.
   */
  mailer: (db: Db, clock: Clock) => Mailer;
  /** The pharmacy's "nobody watching" SMS. */
  sms: (db: Db, clock: Clock) => SmsSender;
  /** Web push to the customer's devices; null when push is off (production without VAPID keys). */
  push: (db: Db, clock: Clock) => Promise<PushSender | null>;
  settings: OrderSettings;
}

export interface OrdersDepsOverrides {
  env?: NodeJS.ProcessEnv;
  gateway?: PaymentGateway;
  mailer?: (db: Db, clock: Clock) => Mailer;
  sms?: (db: Db, clock: Clock) => SmsSender;
  push?: (db: Db, clock: Clock) => Promise<PushSender | null>;
  settings?: Partial<OrderSettings>;
}

export function resolveOrdersDeps(clock: Clock, overrides: OrdersDepsOverrides = {}): OrdersDeps {
  const env = overrides.env ?? process.env;
  let gateway = overrides.gateway;
  return {
    env,
    gateway: () => (gateway ??= paymentGatewayFromEnv(env, clock)),
    mailer: overrides.mailer ?? ((db, mailClock) => queuedMailer(db, mailClock)),
    sms: overrides.sms ?? ((db, smsClock) => queuedSmsSender(db, smsClock)),
    push: overrides.push ?? (async (db, pushClock) => ((await pushSenderFor(db, env)) ? queuedPushSender(db, pushClock, 'order.push') : null)),
    settings: { ...orderSettingsFromEnv(env), ...overrides.settings },
  };
}

/** One request (or one sweep) as the order services see it. */
export interface OrdersContext {
  db: Db;
  clock: Clock;
  locale: Locale;
  deps: OrdersDeps;
}
