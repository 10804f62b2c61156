import { normalizeEmail } from '../model/email';
import { RATE_RULES } from '../model/limits';
import { normalizePhone } from '../model/phone';
import type { ServiceContext } from './deps';
import type { AuthResult } from './auth-result';
import { codeSecret, limit, startSession } from './guards';
import type { AccountResult } from './http';
import { sendSms } from './messaging';
import { inTransaction } from './transaction';
import { findUserByEmail, findUsersByVerifiedPhone, type UserRow } from './users-repo';
import { checkCode, consumeCode, createCode } from './verification-codes';

/**
 * Phone login, step 1 (POST /user/phone/request-code): texts a 6-digit code valid for 10 minutes.
 * The answer is the same whether or not an account uses the number, so it reveals nothing.
 */
export async function requestLoginCode(ctx: ServiceContext, input: { phone: string }): Promise<AccountResult<{ sent: boolean; expiresInSeconds: number }>> {
  const phone = normalizePhone(input.phone);
  if (!phone) return { ok: false, code: 'INVALID_PHONE_NUMBER', fields: { phone: 'INVALID_PHONE_NUMBER' } };
  const limited = await limit(ctx, [
    { rule: RATE_RULES.codeRequestPerPhone, subject: phone },
    { rule: RATE_RULES.codeRequestPerIp, subject: ctx.ip },
  ]);
  if (limited) return limited;
  const secret = await codeSecret(ctx);
  const [owner] = await findUsersByVerifiedPhone(ctx.db, phone);
  return inTransaction(ctx, async (tx) => {
    const { code, expiresInSeconds } = await createCode(tx, secret, { purpose: 'phone_login', target: phone, userId: null }, ctx.clock.now());
    const locale = owner?.locale === 'de' || owner?.locale === 'en' ? owner.locale : ctx.locale;
    const sent = await sendSms(ctx, tx, phone, 'loginCodeSms', locale, code);
    return sent.ok ? { ok: true, value: { sent: true, expiresInSeconds } } : sent;
  });
}

/**
 * Step 2 (POST /user/phone/verify-code): the code logs into the account that confirmed this number.
 * A wrong code is WRONG_CODE_OR_PHONE (5 tries per code); an expired, used or exhausted one is
 * CODE_EXPIRED_INVALID_OR_USED. When two accounts share the number the e-mail picks one. The code
 * is used up only by a successful login, so the user can add the e-mail and try again.
 */
export async function verifyLoginCode(ctx: ServiceContext, input: { phone: string; code: string; email?: string | undefined }): Promise<AccountResult<AuthResult>> {
  const phone = normalizePhone(input.phone);
  if (!phone) return { ok: false, code: 'INVALID_PHONE_NUMBER', fields: { phone: 'INVALID_PHONE_NUMBER' } };
  const limited = await limit(ctx, [{ rule: RATE_RULES.codeVerifyPerPhone, subject: phone }]);
  if (limited) return limited;
  const now = ctx.clock.now();
  const check = await checkCode(ctx.db, await codeSecret(ctx), { purpose: 'phone_login', target: phone }, input.code, now);
  if (!check.ok) {
    const code = check.reason === 'wrong' ? 'WRONG_CODE_OR_PHONE' : 'CODE_EXPIRED_INVALID_OR_USED';
    return { ok: false, code, fields: { code } };
  }
  const chosen = await chooseAccount(ctx, phone, input.email);
  if (!chosen.ok) return chosen;
  const user = chosen.value;
  const codeId = check.id;
  return inTransaction(ctx, async (tx) => {
    if (!(await consumeCode(tx, codeId, now))) return { ok: false, code: 'CODE_EXPIRED_INVALID_OR_USED' };
    return { ok: true, value: await startSession(ctx, tx, user) };
  });
}

async function chooseAccount(ctx: ServiceContext, phone: string, rawEmail: string | undefined): Promise<AccountResult<UserRow>> {
  const accounts = await findUsersByVerifiedPhone(ctx.db, phone);
  if (rawEmail) {
    const email = normalizeEmail(rawEmail);
    const match = accounts.find((account) => account.email === email);
    if (match) return { ok: true, value: match };
    if (accounts.length > 0 || (await findUserByEmail(ctx.db, email))) return { ok: false, code: 'PHONE_EMAIL_MISMATCH' };
    return { ok: false, code: 'USER_NOT_FOUND' };
  }
  if (accounts.length > 1) return { ok: false, code: 'MULTIPLE_ACCOUNTS_FOR_PHONE' };
  const [only] = accounts;
  return only ? { ok: true, value: only } : { ok: false, code: 'USER_NOT_FOUND' };
}
