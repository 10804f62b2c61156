import { hashPassword, revokeUserSessions } from '../../../platform/auth';
import { isValidEmail, normalizeEmail } from '../model/email';
import { RATE_RULES } from '../model/limits';
import { newPasswordProblem } from '../model/password-rules';
import type { ServiceContext } from './deps';
import { codeEntryChecks, codeSecret, limit } from './guards';
import type { AccountResult } from './http';
import { messageLocale, sendMail } from './messaging';
import { inTransaction } from './transaction';
import { findUserByEmail, findUserById, maySignIn, updateUser } from './users-repo';
import { checkCode, consumeCode, createCode, findCodeByValue, type CodeCheck } from './verification-codes';

/** PUT /user/forgot-password: mails a reset code. Unknown e-mail is ACCOUNT_NOT_FOUND (spec §8). */
export async function requestPasswordReset(ctx: ServiceContext, input: { email: string }): Promise<AccountResult<{ sent: boolean; expiresInSeconds: number }>> {
  const email = normalizeEmail(input.email);
  const limited = await limit(ctx, [
    { rule: RATE_RULES.forgotPerEmail, subject: email },
    { rule: RATE_RULES.forgotPerIp, subject: ctx.ip },
  ]);
  if (limited) return limited;
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !maySignIn(user)) return { ok: false, code: 'ACCOUNT_NOT_FOUND', fields: { email: 'ACCOUNT_NOT_FOUND' } };
  const secret = await codeSecret(ctx);
  const now = ctx.clock.now();
  return inTransaction(ctx, async (tx) => {
    const { code, expiresInSeconds } = await createCode(tx, secret, { purpose: 'password_reset', target: email, userId: user.id }, now);
    const sent = await sendMail(ctx, tx, email, 'reset', messageLocale(user.locale, ctx.locale), { name: user.firstName, code });
    return sent.ok ? { ok: true, value: { sent: true, expiresInSeconds } } : sent;
  });
}

export interface ResetInput {
  code: string;
  password: string;
  confirmPassword: string;
  email?: string | undefined;
}

/**
 * PUT /user/reset-password. With the e-mail the code is checked against that account (5 tries);
 * with the code alone it is looked up by value, which the per-IP limit keeps from being guessed.
 * A reset ends every session: whoever knew the old password is logged out.
 */
export async function resetPassword(ctx: ServiceContext, input: ResetInput): Promise<AccountResult<{ ok: true }>> {
  const problem = newPasswordProblem(input.password, input.confirmPassword);
  if (problem) return { ok: false, code: problem, fields: { [problem === 'PASSWORD_MISMATCH' ? 'confirmPassword' : 'password']: problem } };
  const email = input.email ? normalizeEmail(input.email) : undefined;
  const byValue = !(email && isValidEmail(email));
  const limited = await limit(ctx, codeEntryChecks(ctx, byValue));
  if (limited) return limited;
  const secret = await codeSecret(ctx);
  const now = ctx.clock.now();
  let check: CodeCheck;
  if (!byValue && email) {
    check = await checkCode(ctx.db, secret, { purpose: 'password_reset', target: email }, input.code, now);
  } else {
    check = await findCodeByValue(ctx.db, secret, 'password_reset', input.code, now);
  }
  if (!check.ok || !check.userId) return { ok: false, code: 'CODE_EXPIRED_INVALID_OR_USED', fields: { code: 'CODE_EXPIRED_INVALID_OR_USED' } };
  const user = await findUserById(ctx.db, check.userId);
  if (!user || !maySignIn(user) || user.email !== check.target) return { ok: false, code: 'CODE_EXPIRED_INVALID_OR_USED', fields: { code: 'CODE_EXPIRED_INVALID_OR_USED' } };
  const passwordHash = await hashPassword(input.password);
  const codeId = check.id;
  return inTransaction(ctx, async (tx) => {
    if (!(await consumeCode(tx, codeId, now))) return { ok: false, code: 'CODE_EXPIRED_INVALID_OR_USED' };
    // Receiving the code proves the mailbox, so the address counts as verified from now on.
    await updateUser(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now });
    await revokeUserSessions(tx, user.id);
    return { ok: true, value: { ok: true as const } };
  });
}
