import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import { JwksClient, type FetchLike } from '../../../platform/auth';
import { mailerFor, type Mailer } from '../../../platform/mail';
import { smsSenderFor, type SmsSender } from '../../../platform/sms';
import type { Locale } from '../../../platform/i18n/locales';

/**
 * What the account services need from outside. Defaults come from the environment; tests replace
 * single pieces (a failing mailer, a fake provider fetch, other env values).
 */
export interface AccountsDeps {
  /** Read on every use, so a changed variable takes effect without rebuilding the app. */
  env: NodeJS.ProcessEnv;
  /** `db` is the transaction the message belongs to (the outbox adapters write through it). */
  mailer: (db: Db, clock: Clock) => Mailer;
  sms: (db: Db, clock: Clock) => SmsSender;
  fetch: FetchLike;
  jwks: JwksClient;
}

export function resolveDeps(overrides: Partial<AccountsDeps> = {}): AccountsDeps {
  const env = overrides.env ?? process.env;
  const fetchImpl: FetchLike = overrides.fetch ?? ((input, init) => fetch(input, init));
  return {
    env,
    mailer: overrides.mailer ?? ((db, clock) => mailerFor(db, clock, env)),
    sms: overrides.sms ?? ((db, clock) => smsSenderFor(db, clock, env, fetchImpl)),
    fetch: fetchImpl,
    jwks: overrides.jwks ?? new JwksClient(fetchImpl),
  };
}

/** One request as the services see it. */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  locale: Locale;
  ip: string | null;
  deps: AccountsDeps;
}
