import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { PushMessage, PushSender, PushTarget } from '../push/sender';
import type { SmsMessage, SmsSender } from '../sms/sender';
import { enqueueMessage } from './enqueue';

/*
 * The seams as the features that change orders and conversations use them: each "send" writes the
 * message to the outbox through `db` (the change's own transaction) and returns; the outbox worker
 * delivers it through the real adapter (transports.ts). A message's `key` makes a repeated enqueue
 * (a retried transaction, a webhook delivered twice) one message.
 */

/** E-mail into the outbox. */
export function queuedMailer(db: Db, clock: Clock): Mailer {
  return {
    async send(message: MailMessage) {
      const { idempotencyKey, kind, ...rest } = message;
      await enqueueMessage(db, { kind: kind ?? 'mail', channel: 'email', key: idempotencyKey, to: message.to, payload: { ...rest } }, clock.now());
    },
  };
}

/** SMS into the outbox. */
export function queuedSmsSender(db: Db, clock: Clock): SmsSender {
  return {
    async send(message: SmsMessage) {
      const { idempotencyKey, kind, ...rest } = message;
      await enqueueMessage(db, { kind: kind ?? 'sms', channel: 'sms', key: idempotencyKey, to: message.to, payload: { ...rest } }, clock.now());
    },
  };
}

/** Web push into the outbox: one message per device; a device that is gone is forgotten when the worker learns it. */
export function queuedPushSender(db: Db, clock: Clock, kind = 'push'): PushSender {
  return {
    async send(target: PushTarget, message: PushMessage, options) {
      await enqueueMessage(db, { kind, channel: 'push', key: options?.idempotencyKey, to: target.endpoint, payload: { target: { ...target }, message: { ...message } } }, clock.now());
      return 'delivered';
    },
  };
}
