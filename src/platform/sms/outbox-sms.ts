import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { writeOutbox } from '../mail/outbox';
import type { SmsSender } from './sender';

/** Writes SMS to the shared outbox table through `db` (a transaction, so a rollback takes it too). */
export function outboxSmsSender(db: Db, clock: Clock): SmsSender {
  return {
    async send(message) {
      await writeOutbox(db, { channel: 'sms', to: message.to, subject: null, text: message.text, html: null, messageKey: message.idempotencyKey ?? null, createdAt: clock.now() });
    },
  };
}
