import type { AuthContext } from '../../../platform/auth';
import { normalizeEmail } from '../model/email';
import { RATE_RULES } from '../model/limits';
import type { ServiceContext } from './deps';
import { codeEntryChecks, codeSecret, limit } from './guards';
import type { AccountResult } from './http';
import { messageLocale, sendMail } from './messaging';
import { inTransaction } from './transaction';
import { findUserByEmail, findUserById, updateUser } from './users-repo';
import { checkCode, consumeCode, createCode, findCodeByValue, type CodeCheck } from './verification-codes';

const INVALID = { ok: false, code: 'CODE_EXPIRED_INVALID_OR_USED', fields: { code: 'CODE_EXPIRED_INVALID_OR_USED' } } as const;

/**
 * POST /user/verify-email. Works without a token (spec §6); with one (or with the e-mail) the code
 * is matched to that account and its attempt limit applies.
 */
export async function verifyEmail(ctx: ServiceContext, auth: AuthContext | undefined, input: { code: string; email?: string | undefined }): Promise<AccountResult<{ ok: true }>> {
  const limited = await limit(ctx, codeEntryChecks(ctx, !auth && !input.email));
  if (limited) return limited;
  const secret = await codeSecret(ctx);
  const now = ctx.clock.now();
  const user = auth ? await findUserById(ctx.db, auth.userId) : input.email ? await findUserByEmail(ctx.db, normalizeEmail(input.email)) : undefined;
  if ((auth || input.email) && !user?.email) return { ...INVALID };
  let check: CodeCheck;
  if (user?.email) {
    check = await checkCode(ctx.db, secret, { purpose: 'email_verify', target: user.email, userId: user.id }, input.code, now);
  } else {
    check = await findCodeByValue(ctx.db, secret, 'email_verify', input.code, now);
  }
  if (!check.ok || !check.userId) return { ...INVALID };
  const owner = user ?? (await findUserById(ctx.db, check.userId));
  // The code must be for the account's current address (it may have changed since it was sent).
  if (!owner || owner.email !== check.target) return { ...INVALID };
  const codeId = check.id;
  return inTransaction(ctx, async (tx) => {
    if (!(await consumeCode(tx, codeId, now))) return { ...INVALID };
    await updateUser(tx, owner.id, { emailVerifiedAt: owner.emailVerifiedAt ?? now, updatedAt: now });
    return { ok: true, value: { ok: true as const } };
  });
}

/** POST /user/verify-email/resend: a new code for the signed-in user's unverified address. */
export async function resendEmailVerification(ctx: ServiceContext, auth: AuthContext): Promise<AccountResult<{ sent: boolean; expiresInSeconds: number }>> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) return { ok: false, code: 'UNAUTHORIZED' };
  if (!user.email || user.emailVerifiedAt) return { ok: true, value: { sent: false, expiresInSeconds: 0 } };
  const limited = await limit(ctx, [{ rule: RATE_RULES.verificationPerUser, subject: user.id }]);
  if (limited) return limited;
  const secret = await codeSecret(ctx);
  const email = user.email;
  return inTransaction(ctx, async (tx) => {
    const { code, expiresInSeconds } = await createCode(tx, secret, { purpose: 'email_verify', target: email, userId: user.id }, ctx.clock.now());
    const sent = await sendMail(ctx, tx, email, 'verify', messageLocale(user.locale, ctx.locale), { name: user.firstName, code });
    return sent.ok ? { ok: true, value: { sent: true, expiresInSeconds } } : sent;
  });
}
