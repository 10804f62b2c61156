import type { Db } from '../db/client';
import type { PushSender } from './sender';
import { vapidKeysFor } from './vapid';
import type { FetchLike } from '../sms/http-sms';
import { webPushSender } from './web-push-sender';

/**
 * Web Push signed with VAPID_* when configured, with the generated and stored demo keys in demo
 * mode; null (push off) in production without keys. The messages go to the browser's own push
 * service either way: that is the one part a local stand-in cannot replace for a real browser.
 */
export async function pushSenderFor(db: Db, env: NodeJS.ProcessEnv = process.env, fetchImpl?: FetchLike): Promise<PushSender | null> {
  const keys = await vapidKeysFor(db, env);
  return keys ? webPushSender(keys, fetchImpl) : null;
}
