import { hashPassword, revokeUserSessions, verifyPassword, type AuthContext } from '../../../platform/auth';
import { RATE_RULES } from '../model/limits';
import { newPasswordProblem } from '../model/password-rules';
import type { ServiceContext } from './deps';
import { limit } from './guards';
import type { AccountResult } from './http';
import { inTransaction } from './transaction';
import { findUserById, updateUser } from './users-repo';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * PUT /user/password. Every other session ends (a thief with an old token is out); the caller's
 * own session stays, so the user is not logged out of the screen they are on.
 */
export async function changePassword(ctx: ServiceContext, auth: AuthContext, input: PasswordChange): Promise<AccountResult<{ ok: true }>> {
  const problem = newPasswordProblem(input.newPassword, input.confirmPassword);
  if (problem) return { ok: false, code: problem, fields: { [problem === 'PASSWORD_MISMATCH' ? 'confirmPassword' : 'newPassword']: problem } };
  // A stolen token must not become a way to guess the password at full speed.
  const limited = await limit(ctx, [{ rule: RATE_RULES.passwordCheckPerUser, subject: auth.userId }]);
  if (limited) return limited;
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) return { ok: false, code: 'UNAUTHORIZED' };
  if (!user.passwordHash || !(await verifyPassword(input.oldPassword, user.passwordHash))) {
    return { ok: false, code: 'INCORRECT_PASSWORD', fields: { oldPassword: 'INCORRECT_PASSWORD' } };
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  return inTransaction(ctx, async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await revokeUserSessions(tx, user.id, auth.sessionId);
    return { ok: true, value: { ok: true as const } };
  });
}
