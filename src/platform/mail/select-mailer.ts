import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import { outboxMailer } from './outbox-mailer';
import { smtpMailer } from './smtp-mailer';

export const DEFAULT_MAIL_FROM = 'Apobote <no-reply@apobote.de>';

/** SMTP when SMTP_URL is set, else the outbox (written through `db`, which may be a transaction). */
export function mailerFor(db: Db, clock: Clock, env: NodeJS.ProcessEnv = process.env): Mailer {
  const url = env.SMTP_URL;
  return url ? smtpMailer(url, env.MAIL_FROM || DEFAULT_MAIL_FROM) : outboxMailer(db, clock);
}
