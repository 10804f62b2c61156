import type { Db } from '../../../platform/db/client';
import type { PushMessage, PushSender } from '../../../platform/push';
import { forgetSubscription, liveSubscriptions } from './subscriptions';

/**
 * Pushes `message` to every device the user subscribed under a valid login, in parallel. A
 * subscription the push service calls gone (404/410) is deleted; any other failure is logged (the
 * subscription's id and the reason, never its endpoint) and the next message tries again. Never
 * throws: the change that is being announced stands. Resolves with the number of devices reached.
 */
export async function pushToUser(db: Db, sender: PushSender, userId: string, message: PushMessage, now: Date): Promise<number> {
  let reached = 0;
  try {
    const targets = await liveSubscriptions(db, userId, now);
    await Promise.all(
      targets.map(async (target) => {
        try {
          const outcome = await sender.send(target, message);
          if (outcome === 'gone') await forgetSubscription(db, target.id);
          else reached += 1;
        } catch (error) {
          console.error(JSON.stringify({ level: 'warn', msg: 'push not delivered', subscriptionId: target.id, error: error instanceof Error ? error.message : 'error' }));
        }
      }),
    );
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'push subscriptions not read', error: error instanceof Error ? error.name : 'error' }));
  }
  return reached;
}
