import type { Db } from '../../../platform/db/client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { isLocale } from '../../../platform/i18n/locales';
import { accountMessages } from '../i18n/messages';
import type { ServiceContext } from './deps';
import type { AccountResult } from './http';

type MailKind = 'verify' | 'reset' | 'emailChange' | 'emailChanged' | 'deleted';
type SmsKind = 'loginCodeSms' | 'phoneVerifySms';

/** The user's own language when they chose one, else the language of the request. */
export function messageLocale(userLocale: string | null | undefined, requestLocale: Locale): Locale {
  return isLocale(userLocale) ? userLocale : requestLocale;
}

export function composeMail(kind: MailKind, locale: Locale, params: { name?: string | null; code?: string; email?: string }) {
  const t = translator(accountMessages, locale);
  const greeting = params.name ? t('greetingNamed', { name: params.name }) : t('greetingPlain');
  const values = { code: params.code ?? '', email: params.email ?? '' };
  return { subject: t(`${kind}Subject`), text: `${greeting}\n\n${t(`${kind}Text`, values)}` };
}

/**
 * Sends an e-mail through `tx` (so an outbox row disappears with a rollback). Any failure is
 * VERIFICATION_NOT_DELIVERED: the caller's transaction is rolled back and the user can retry.
 */
export async function sendMail(
  ctx: ServiceContext,
  tx: Db,
  to: string,
  kind: MailKind,
  locale: Locale,
  params: { name?: string | null; code?: string; email?: string },
  options: { transient?: boolean } = {},
): Promise<AccountResult<void>> {
  try {
    await ctx.deps.mailer(tx, ctx.clock).send({ to, ...composeMail(kind, locale, params), ...options });
    return { ok: true, value: undefined };
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'mail not delivered', kind, error: String(error) }));
    return { ok: false, code: 'VERIFICATION_NOT_DELIVERED' };
  }
}

export async function sendSms(ctx: ServiceContext, tx: Db, to: string, kind: SmsKind, locale: Locale, code: string): Promise<AccountResult<void>> {
  try {
    await ctx.deps.sms(tx, ctx.clock).send({ to, text: translator(accountMessages, locale)(kind, { code }) });
    return { ok: true, value: undefined };
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'sms not sent', kind, error: String(error) }));
    return { ok: false, code: 'SMS_NOT_SENT' };
  }
}
