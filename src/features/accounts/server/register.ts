import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../platform/auth';
import { checkBirthDate } from '../model/age';
import { isValidEmail, normalizeEmail } from '../model/email';
import { RATE_RULES } from '../model/limits';
import { newPasswordProblem } from '../model/password-rules';
import type { ServiceContext } from './deps';
import type { AuthResult } from './auth-result';
import { codeSecret, limit, startSession } from './guards';
import type { AccountResult } from './http';
import { messageLocale, sendMail } from './messaging';
import { users } from './schema';
import { inTransaction, isUniqueViolation } from './transaction';
import { findUserByEmail } from './users-repo';
import { createCode } from './verification-codes';

export interface RegisterInput {
  firstName: string;
  lastName?: string | undefined;
  email: string;
  birthDate: string;
  password: string;
  confirmPassword: string;
  locale?: 'en' | 'de' | undefined;
  marketing?: boolean | undefined;
  feedbackAndSurveys?: boolean | undefined;
}

/**
 * Creates the account, logs it in and mails the e-mail verification code, all or nothing: when
 * the mail cannot be sent the account is not created (VERIFICATION_NOT_DELIVERED) and the user
 * can simply try again.
 */
export async function register(ctx: ServiceContext, input: RegisterInput): Promise<AccountResult<AuthResult>> {
  const email = normalizeEmail(input.email);
  const firstName = input.firstName.trim();
  if (!firstName) return { ok: false, code: 'MISSING_PARAMS', fields: { firstName: 'MISSING_PARAMS' } };
  if (!isValidEmail(email)) return { ok: false, code: 'INVALID_EMAIL', fields: { email: 'INVALID_EMAIL' } };
  const passwordProblem = newPasswordProblem(input.password, input.confirmPassword);
  if (passwordProblem) {
    return { ok: false, code: passwordProblem, fields: { [passwordProblem === 'PASSWORD_MISMATCH' ? 'confirmPassword' : 'password']: passwordProblem } };
  }
  const now = ctx.clock.now();
  const birth = checkBirthDate(input.birthDate.trim(), now);
  if (!birth.ok) return { ok: false, code: birth.code, fields: { birthDate: birth.code } };

  const limited = await limit(ctx, [{ rule: RATE_RULES.registerPerIp, subject: ctx.ip }]);
  if (limited) return limited;
  if (await findUserByEmail(ctx.db, email)) return { ok: false, code: 'DUPLICATE_EMAIL', fields: { email: 'DUPLICATE_EMAIL' } };

  const passwordHash = await hashPassword(input.password);
  const secret = await codeSecret(ctx);
  const locale = messageLocale(input.locale, ctx.locale);
  try {
    return await inTransaction(ctx, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          id: randomUUID(),
          email,
          firstName,
          lastName: input.lastName?.trim() || null,
          birthDate: input.birthDate.trim(),
          passwordHash,
          locale: input.locale ?? ctx.locale,
          marketingConsentAt: input.marketing ? now : null,
          feedbackConsentAt: input.feedbackAndSurveys ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('insert returned no row');
      const { code } = await createCode(tx, secret, { purpose: 'email_verify', target: email, userId: user.id }, now);
      const sent = await sendMail(ctx, tx, email, 'verify', locale, { name: firstName, code });
      if (!sent.ok) return sent;
      return { ok: true, value: await startSession(ctx, tx, user) };
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, code: 'DUPLICATE_EMAIL', fields: { email: 'DUPLICATE_EMAIL' } };
    throw error;
  }
}
