import { hashPassword, needsRehash, verifyPassword } from '../../../platform/auth';
import { normalizeEmail } from '../model/email';
import { RATE_RULES } from '../model/limits';
import type { ServiceContext } from './deps';
import type { AuthResult } from './auth-result';
import { forgive, limit, startSession } from './guards';
import type { AccountResult } from './http';
import { findUserByEmail, updateUser } from './users-repo';

/** E-mail and password login (spec §7 POST /user/login). */
export async function login(ctx: ServiceContext, input: { email: string; password: string }): Promise<AccountResult<AuthResult>> {
  const email = normalizeEmail(input.email);
  const now = ctx.clock.now();
  // A server that cannot tell clients apart counts per e-mail alone (all callers are "unknown").
  const checks = [
    { rule: RATE_RULES.loginFailuresPerEmailAndClient, subject: `${email}\n${ctx.ip ?? 'unknown'}` },
    { rule: RATE_RULES.loginFailuresPerClient, subject: ctx.ip },
  ];
  // Every try is counted before the password is checked, so parallel guesses cannot slip past the
  // limit (and probing which e-mails have accounts is slowed down too); a right one is taken back.
  const limited = await limit(ctx, checks, now);
  if (limited) return limited;
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return { ok: false, code: 'USER_NOT_FOUND' };
  if (!user.passwordHash || !(await verifyPassword(input.password, user.passwordHash))) {
    return { ok: false, code: 'INCORRECT_PASSWORD', fields: { password: 'INCORRECT_PASSWORD' } };
  }
  // Hashes made with an older, cheaper setting are upgraded while we hold the plain password.
  if (needsRehash(user.passwordHash)) await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.password) });
  await forgive(ctx, checks, now);
  return { ok: true, value: await startSession(ctx, ctx.db, user) };
}
