import { afterEach, describe, expect, it, vi } from 'vitest';
import { changePasswordSchema, loginSchema, registerSchema } from '../../../src/features/accounts/model/schemas';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('registerSchema', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports every problem at once, each on its field, as translation keys', () => {
    // The form checks with the browser's clock, fixed here at 31 December 2026, 23:30 in Berlin:
    // someone born on 1 January 2009 turns 18 only tomorrow.
    vi.useFakeTimers({ now: new Date('2026-12-31T22:30:00Z'), toFake: ['Date'] });
    const result = registerSchema.safeParse({ firstName: ' ', email: 'a+b@example.com', birthDate: '2009-01-01', password: 'short', confirmPassword: 'other', marketing: false });
    expect(issues(result)).toEqual({
      firstName: 'required',
      email: 'INVALID_EMAIL',
      birthDate: 'AGE_BELOW_MINIMUM_CRITERIA',
      password: 'INVALID_PASSWORD_LENGTH',
      confirmPassword: 'PASSWORD_MISMATCH',
    });
  });

  it('accepts a valid adult registration', () => {
    const result = registerSchema.safeParse({ firstName: 'Erika', email: 'erika@example.de', birthDate: '1990-05-15', password: 'long-enough', confirmPassword: 'long-enough', marketing: true });
    expect(result.success).toBe(true);
  });

  it('asks for a date that exists', () => {
    const result = registerSchema.safeParse({ firstName: 'E', email: 'e@example.de', birthDate: '1990-02-31', password: 'long-enough', confirmPassword: 'long-enough', marketing: false });
    expect(issues(result)).toEqual({ birthDate: 'invalidDate' });
  });
});

describe('other forms', () => {
  it('login needs both fields', () => {
    expect(issues(loginSchema.safeParse({ email: '', password: '' }))).toEqual({ email: 'required', password: 'required' });
  });

  it('password change requires old, new and matching confirmation', () => {
    expect(issues(changePasswordSchema.safeParse({ oldPassword: '', newPassword: 'long-enough', confirmPassword: 'long-enougH' }))).toEqual({
      oldPassword: 'required',
      confirmPassword: 'PASSWORD_MISMATCH',
    });
  });
});
