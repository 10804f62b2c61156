import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { DeliveryError, type Mailer } from './mailer';

/** One pooled transport per SMTP URL for the life of the process. */
const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Timeouts keep a hanging mail server from holding a request (and its transaction) for minutes.
    transport = nodemailer.createTransport({ url, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    transports.set(url, transport);
  }
  return transport;
}

/** SMTP via nodemailer: SMTP_URL (smtp:// or smtps://user:pass@host:port) and MAIL_FROM. */
export function smtpMailer(url: string, from: string): Mailer {
  return {
    async send(message) {
      try {
        await transportFor(url).sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          // The same message sent again after a retry carries the same Message-ID, which receiving
          // servers and mail clients use to drop the copy.
          ...(message.idempotencyKey ? { messageId: messageIdFor(message.idempotencyKey, from) } : {}),
        });
      } catch (error) {
        throw new DeliveryError(`SMTP delivery failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

/** `<sha256(key)@sender's domain>`: stable per outbox key, and names nothing of the message. */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'apobote.invalid';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}
