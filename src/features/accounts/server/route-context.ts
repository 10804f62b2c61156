import type { Context } from 'hono';
import type { ApiEnv } from '../../../platform/http/app';
import { clientIp, clientKey } from '../../../platform/rate-limit';
import type { AccountsDeps, ServiceContext } from './deps';

/** The services' view of a request; `ip` is the client as the rate limits count it (IPv6 by its /64). */
export function serviceContext<E extends ApiEnv>(c: Context<E>, deps: AccountsDeps): ServiceContext {
  const { db, clock, locale } = c.var.ctx;
  return { db, clock, locale, ip: clientKey(clientIp(c)), deps };
}
