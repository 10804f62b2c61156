import * as z from 'zod/mini';
import { isValidEmail, normalizeEmail } from './email';
import { birthDateProblem, isSixDigitCode, looksLikePhone } from './form-rules';
import { MIN_PASSWORD_LENGTH } from './password-rules';

/**
 * The forms' client checks (zod/mini keeps the islands small). Messages are translation keys; the
 * first failing check of a field is the one shown.
 */
const required = () => z.string().check(z.refine((v) => v.trim() !== '', 'required'));
const email = () => required().check(z.refine((v) => !v.trim() || isValidEmail(normalizeEmail(v)), 'INVALID_EMAIL'));
const newPassword = () => required().check(z.refine((v) => !v || [...v].length >= MIN_PASSWORD_LENGTH, 'INVALID_PASSWORD_LENGTH'));
const code = () => required().check(z.refine((v) => !v.trim() || isSixDigitCode(v), 'codeFormat'));
const phone = () => required().check(z.refine((v) => !v.trim() || looksLikePhone(v), 'INVALID_PHONE_NUMBER'));
const birthDate = () =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const problem = birthDateProblem(value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
    }),
  );

/**
 * "Passwords do not match" is reported on the confirmation field, where the user fixes it. `when`
 * lets it run even if other fields already failed, so every problem shows after one submit.
 */
function matching<T extends Record<string, unknown>>(a: keyof T & string, b: keyof T & string) {
  return z.refine<T>((data) => !data[a] || !data[b] || data[a] === data[b], {
    message: 'PASSWORD_MISMATCH',
    path: [b],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
}

export const loginSchema = z.object({ email: required(), password: required() });

export const registerSchema = z
  .object({
    firstName: required(),
    email: email(),
    birthDate: birthDate(),
    password: newPassword(),
    confirmPassword: required(),
    marketing: z.boolean(),
  })
  .check(matching('password', 'confirmPassword'));

export const forgotSchema = z.object({ email: email() });

export const resetSchema = z
  .object({ email: z.string(), code: code(), password: newPassword(), confirmPassword: required() })
  .check(matching('password', 'confirmPassword'));

export const verifyEmailSchema = z.object({ email: z.string(), code: code() });

export const phoneSchema = z.object({ phone: phone() });
export const phoneCodeSchema = z.object({ code: code(), email: z.string() });

export const birthDateSchema = z.object({ birthDate: birthDate() });

export const nameSchema = z.object({ firstName: required(), lastName: z.string() });

export const changeEmailSchema = z.object({ email: email(), password: z.string() });
export const codeSchema = z.object({ code: code() });

export const changePasswordSchema = z
  .object({ oldPassword: required(), newPassword: newPassword(), confirmPassword: required() })
  .check(matching('newPassword', 'confirmPassword'));

export type LoginValues = z.infer<typeof loginSchema>;
export type RegisterValues = z.infer<typeof registerSchema>;
export type ResetValues = z.infer<typeof resetSchema>;
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
