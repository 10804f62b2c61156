import type { AuthContext } from '../../../platform/auth';
import { RATE_RULES } from '../model/limits';
import { normalizePhone } from '../model/phone';
import type { Profile } from './dto';
import type { ServiceContext } from './deps';
import { codeSecret, limit } from './guards';
import type { AccountResult } from './http';
import { messageLocale, sendSms } from './messaging';
import { inTransaction } from './transaction';
import { findUserById, toProfile, updateUser } from './users-repo';
import { checkCode, consumeCode, createCode } from './verification-codes';

export type PhoneVerification = { step: 'sent'; sent: boolean; expiresInSeconds: number } | { step: 'verified'; user: Profile };

/**
 * POST /user/verify-phone (spec §7, payload: phone). Without a code it texts one to the number;
 * with the code it confirms the number and stores it on the account. Only confirmed numbers can be
 * used for phone login.
 */
export async function verifyPhone(ctx: ServiceContext, auth: AuthContext, input: { phone: string; code?: string | undefined }): Promise<AccountResult<PhoneVerification>> {
  const phone = normalizePhone(input.phone);
  if (!phone) return { ok: false, code: 'INVALID_PHONE_NUMBER', fields: { phone: 'INVALID_PHONE_NUMBER' } };
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) return { ok: false, code: 'UNAUTHORIZED' };
  const secret = await codeSecret(ctx);
  const now = ctx.clock.now();

  if (!input.code) {
    const limited = await limit(ctx, [
      { rule: RATE_RULES.verificationPerUser, subject: user.id },
      { rule: RATE_RULES.codeRequestPerPhone, subject: phone },
    ]);
    if (limited) return limited;
    return inTransaction(ctx, async (tx) => {
      const { code, expiresInSeconds } = await createCode(tx, secret, { purpose: 'phone_verify', target: phone, userId: user.id }, now);
      const sent = await sendSms(ctx, tx, phone, 'phoneVerifySms', messageLocale(user.locale, ctx.locale), code);
      return sent.ok ? { ok: true, value: { step: 'sent' as const, sent: true, expiresInSeconds } } : sent;
    });
  }

  const check = await checkCode(ctx.db, secret, { purpose: 'phone_verify', target: phone, userId: user.id }, input.code, now);
  if (!check.ok) {
    const code = check.reason === 'wrong' ? 'INVALID_VERIFICATION_CODE' : 'CODE_EXPIRED_INVALID_OR_USED';
    return { ok: false, code, fields: { code } };
  }
  const codeId = check.id;
  return inTransaction(ctx, async (tx) => {
    if (!(await consumeCode(tx, codeId, now))) return { ok: false, code: 'CODE_EXPIRED_INVALID_OR_USED' };
    const updated = await updateUser(tx, user.id, { phone, phoneVerifiedAt: now, updatedAt: now });
    return updated ? { ok: true, value: { step: 'verified' as const, user: toProfile(updated) } } : { ok: false, code: 'UNAUTHORIZED' };
  });
}
