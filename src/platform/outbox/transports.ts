import type { Mailer, MailMessage } from '../mail/mailer';
import type { PushMessage, PushSender, PushTarget } from '../push/sender';
import type { SmsMessage, SmsSender } from '../sms/sender';
import type { OutboxTransport } from './worker';

/** Delivers outbox e-mails through a Mailer (SMTP, or the development outbox), the key as Message-ID. */
export function mailTransport(mailer: Mailer): OutboxTransport {
  return {
    async deliver({ payload, idempotencyKey }) {
      await mailer.send({ ...(payload as unknown as MailMessage), idempotencyKey });
      return 'sent';
    },
  };
}

/** Delivers outbox SMS through an SmsSender, the key as Idempotency-Key. */
export function smsTransport(sender: SmsSender): OutboxTransport {
  return {
    async deliver({ payload, idempotencyKey }) {
      await sender.send({ ...(payload as unknown as SmsMessage), idempotencyKey });
      return 'sent';
    },
  };
}

/**
 * Delivers outbox pushes; `onGone` forgets a subscription the push service no longer knows (404,
 * 410). Without a sender (push switched off since the message was written) the message is dropped.
 */
export function pushTransport(sender: () => Promise<PushSender | null>, onGone: (target: PushTarget) => Promise<void>): OutboxTransport {
  return {
    async deliver({ payload, idempotencyKey }) {
      const push = await sender();
      if (!push) return 'gone';
      const { target, message } = payload as { target: PushTarget; message: PushMessage };
      const outcome = await push.send(target, message, { idempotencyKey });
      if (outcome === 'gone') await onGone(target);
      return outcome === 'gone' ? 'gone' : 'sent';
    },
  };
}
