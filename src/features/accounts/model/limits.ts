import type { RateRule } from '../../../platform/rate-limit';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Sign-ups from one address per hour. Configurable: a shop behind a shared address (a campus, a
 * carrier's NAT) needs more, and the e2e suite registers many customers from 127.0.0.1.
 */
function registrationsPerIp(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.REGISTER_LIMIT_PER_IP_PER_HOUR);
  return Number.isInteger(value) && value > 0 ? value : 20;
}

/** Rate limits of the account calls (per subject and window, counted in the database). */
export const RATE_RULES = {
  /**
   * Failed logins only (a right password takes its try back). Per e-mail *and* client, so a
   * stranger guessing at an address locks out only themselves, not its owner on another line;
   * per client across addresses, against one machine trying many accounts.
   */
  loginFailuresPerEmailAndClient: { name: 'login-email-client', limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerClient: { name: 'login-client', limit: 100, windowMs: 15 * MINUTE },
  /** Password checks of a signed-in user (password or e-mail change): a stolen token must not guess at full speed. */
  passwordCheckPerUser: { name: 'password-check-user', limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register-ip', limit: registrationsPerIp(), windowMs: HOUR },
  forgotPerEmail: { name: 'forgot-email', limit: 3, windowMs: HOUR },
  forgotPerIp: { name: 'forgot-ip', limit: 20, windowMs: HOUR },
  /** Guessing reset and e-mail codes without knowing whose they are. */
  codeEntryPerIp: { name: 'code-entry-ip', limit: 30, windowMs: 15 * MINUTE },
  /** Code-only lookups when the caller's address is unknown share this one bucket. */
  codeByValueWithoutIp: { name: 'code-by-value', limit: 300, windowMs: 15 * MINUTE },
  codeRequestPerPhone: { name: 'otp-request-phone', limit: 3, windowMs: 15 * MINUTE },
  codeRequestPerIp: { name: 'otp-request-ip', limit: 20, windowMs: HOUR },
  codeVerifyPerPhone: { name: 'otp-verify-phone', limit: 10, windowMs: 15 * MINUTE },
  verificationPerUser: { name: 'verification-user', limit: 5, windowMs: HOUR },
  socialPerIp: { name: 'social-ip', limit: 60, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

/** One-time codes: 6 digits, a few wrong tries each, short-lived except for e-mail verification. */
export const CODE_DIGITS = 6;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_TTL_MS = {
  phone_login: 10 * MINUTE,
  phone_verify: 10 * MINUTE,
  password_reset: HOUR,
  email_change: HOUR,
  email_verify: 24 * HOUR,
} as const;

export type CodePurpose = keyof typeof CODE_TTL_MS;
