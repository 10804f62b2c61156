import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import { writeOutbox } from './outbox';

/** Writes e-mails to the outbox table through `db` (a transaction, so a rollback takes the mail too). */
export function outboxMailer(db: Db, clock: Clock): Mailer {
  return {
    async send(message) {
      if (message.transient) return;
      await writeOutbox(db, {
        channel: 'email',
        to: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        messageKey: message.idempotencyKey ?? null,
        createdAt: clock.now(),
      });
    },
  };
}
