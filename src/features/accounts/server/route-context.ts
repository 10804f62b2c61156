import type { Context } from 'hono';
import type { ApiEnv } from '../../../platform/http/app';
import { clientIp } from '../../../platform/rate-limit';
import type { AccountsDeps, ServiceContext } from './deps';

/** The services' view of a request. */
export function serviceContext<E extends ApiEnv>(c: Context<E>, deps: AccountsDeps): ServiceContext {
  const { db, clock, locale } = c.var.ctx;
  return { db, clock, locale, ip: clientIp(c), deps };
}
