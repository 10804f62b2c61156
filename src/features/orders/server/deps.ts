import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import type { Locale } from '../../../platform/i18n/locales';
import type { Mailer } from '../../../platform/mail';
import { queuedMailer, queuedPushSender, queuedSmsSender } from '../../../platform/outbox';
import { paymentGatewayFromEnv, type PaymentGateway } from '../../../platform/payments';
import { pushSenderFor, type PushSender } from '../../../platform/push';
import type { SmsSender } from '../../../platform/sms';
import { prescriptionSystemFromEnv, prescriptionTokenVault, type PrescriptionSystem } from '../../../platform/prescriptions';
import { prescriptionOnlyProducts } from '../../catalog';
import type { PrescriptionDeps } from '../../prescriptions';
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
  /**
   * The pharmacy's prescription system and the token vault for dispensing and giving back
   * prescription lines; call it before a transaction (the vault reads its key through `db`).
   */
  prescriptions: (db: Db) => Promise<PrescriptionDeps>;
}

export interface OrdersDepsOverrides {
  env?: NodeJS.ProcessEnv;
  gateway?: PaymentGateway;
  mailer?: (db: Db, clock: Clock) => Mailer;
  sms?: (db: Db, clock: Clock) => SmsSender;
  push?: (db: Db, clock: Clock) => Promise<PushSender | null>;
  settings?: Partial<OrderSettings>;
  /** The prescription system src/app/api.ts chose (the one the prescription routes use); else the environment's. */
  prescriptionSystem?: () => PrescriptionSystem;
}

export function resolveOrdersDeps(clock: Clock, overrides: OrdersDepsOverrides = {}): OrdersDeps {
  const env = overrides.env ?? process.env;
  let gateway = overrides.gateway;
  let system: PrescriptionSystem | undefined;
  return {
    env,
    gateway: () => (gateway ??= paymentGatewayFromEnv(env, clock)),
    mailer: overrides.mailer ?? ((db, mailClock) => queuedMailer(db, mailClock)),
    sms: overrides.sms ?? ((db, smsClock) => queuedSmsSender(db, smsClock)),
    push: overrides.push ?? (async (db, pushClock) => ((await pushSenderFor(db, env)) ? queuedPushSender(db, pushClock, 'order.push') : null)),
    settings: { ...orderSettingsFromEnv(env), ...overrides.settings },
    prescriptions: async (db) => {
      system ??= overrides.prescriptionSystem?.() ?? prescriptionSystemFromEnv({ products: () => prescriptionOnlyProducts(db), clock });
      return { system, vault: await prescriptionTokenVault(db) };
    },
  };
}

/** One request (or one sweep) as the order services see it. */
export interface OrdersContext {
  db: Db;
  clock: Clock;
  locale: Locale;
  deps: OrdersDeps;
}
