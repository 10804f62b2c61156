import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { verifyPassword, type AuthContext } from '../../../platform/auth';
import { isValidEmail, normalizeEmail } from '../model/email';
import { RATE_RULES } from '../model/limits';
import type { Profile } from './dto';
import type { ServiceContext } from './deps';
import { codeSecret, limit } from './guards';
import type { AccountResult } from './http';
import { messageLocale, sendMail } from './messaging';
import { inTransaction, isUniqueViolation } from './transaction';
import { verificationCodes } from './schema';
import { findUserByEmail, findUserById, toProfile, updateUser } from './users-repo';
import { checkCode, consumeCode, createCode } from './verification-codes';

/**
 * PUT /user/email: sends a code to the new address; the address changes only when that code comes
 * back (POST /user/email/confirm). The current password is asked for when the account has one, so
 * a stolen token alone cannot move the account to another mailbox.
 */
export async function requestEmailChange(
  ctx: ServiceContext,
  auth: AuthContext,
  input: { email: string; password?: string | undefined },
): Promise<AccountResult<{ sent: boolean; expiresInSeconds: number }>> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return { ok: false, code: 'INVALID_EMAIL', fields: { email: 'INVALID_EMAIL' } };
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) return { ok: false, code: 'UNAUTHORIZED' };
  if (email === user.email) return { ok: false, code: 'BAD_REQUEST', fields: { email: 'BAD_REQUEST' } };
  if (user.passwordHash) {
    if (!input.password) return { ok: false, code: 'MISSING_PARAMS', fields: { password: 'MISSING_PARAMS' } };
    const limited = await limit(ctx, [{ rule: RATE_RULES.passwordCheckPerUser, subject: user.id }]);
    if (limited) return limited;
    if (!(await verifyPassword(input.password, user.passwordHash))) return { ok: false, code: 'INCORRECT_PASSWORD', fields: { password: 'INCORRECT_PASSWORD' } };
  }
  if (await findUserByEmail(ctx.db, email)) return { ok: false, code: 'DUPLICATE_EMAIL', fields: { email: 'DUPLICATE_EMAIL' } };
  const limited = await limit(ctx, [{ rule: RATE_RULES.verificationPerUser, subject: user.id }]);
  if (limited) return limited;
  const secret = await codeSecret(ctx);
  return inTransaction(ctx, async (tx) => {
    const { code, expiresInSeconds } = await createCode(tx, secret, { purpose: 'email_change', target: email, userId: user.id }, ctx.clock.now());
    const sent = await sendMail(ctx, tx, email, 'emailChange', messageLocale(user.locale, ctx.locale), { name: user.firstName, code });
    return sent.ok ? { ok: true, value: { sent: true, expiresInSeconds } } : sent;
  });
}

/** POST /user/email/confirm: the code from the new mailbox switches the address (verified). */
export async function confirmEmailChange(ctx: ServiceContext, auth: AuthContext, input: { code: string }): Promise<AccountResult<Profile>> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) return { ok: false, code: 'UNAUTHORIZED' };
  const now = ctx.clock.now();
  const invalid = { ok: false, code: 'CODE_EXPIRED_INVALID_OR_USED', fields: { code: 'CODE_EXPIRED_INVALID_OR_USED' } } as const;
  const [pending] = await ctx.db
    .select({ target: verificationCodes.target })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, 'email_change'), eq(verificationCodes.userId, user.id), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, now)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!pending) return { ...invalid };
  const check = await checkCode(ctx.db, await codeSecret(ctx), { purpose: 'email_change', target: pending.target, userId: user.id }, input.code, now);
  if (!check.ok) return { ...invalid };
  const newEmail = check.target;
  const codeId = check.id;
  let result: AccountResult<Profile>;
  try {
    result = await inTransaction(ctx, async (tx) => {
      if (!(await consumeCode(tx, codeId, now))) return { ...invalid };
      const updated = await updateUser(tx, user.id, { email: newEmail, emailVerifiedAt: now, updatedAt: now });
      return updated ? { ok: true, value: toProfile(updated) } : { ok: false, code: 'UNAUTHORIZED' };
    });
  } catch (error) {
    // Someone registered the address after the code was sent.
    if (isUniqueViolation(error)) return { ok: false, code: 'DUPLICATE_EMAIL', fields: { email: 'DUPLICATE_EMAIL' } };
    throw error;
  }
  if (result.ok && user.email) {
    // A heads-up to the old mailbox; the change is done either way, so a failure is only logged.
    await sendMail(ctx, ctx.db, user.email, 'emailChanged', messageLocale(user.locale, ctx.locale), { name: user.firstName, email: newEmail });
  }
  return result;
}
