import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { httpSmsSender, type FetchLike } from './http-sms';
import { outboxSmsSender } from './outbox-sms';
import type { SmsSender } from './sender';

/** The HTTP provider when SMS_API_URL is set, else the outbox (written through `db`). */
export function smsSenderFor(db: Db, clock: Clock, env: NodeJS.ProcessEnv = process.env, fetchImpl?: FetchLike): SmsSender {
  return env.SMS_API_URL ? httpSmsSender(env.SMS_API_URL, env.SMS_API_TOKEN, fetchImpl) : outboxSmsSender(db, clock);
}
