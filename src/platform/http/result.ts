import type { ErrorCode } from './error-codes';

/**
 * Expected business failures (sold out, wrong password, coupon expired) are values, not exceptions:
 * services return a Result and routes map the failure to its HTTP status and error code.
 */
export type Failure<C extends ErrorCode = ErrorCode> = {
  ok: false;
  code: C;
  /** Overrides the catalogue message when a service knows a more specific one (already localized). */
  message?: string;
  /** Per-field codes for forms, e.g. { email: 'INVALID_EMAIL' }. */
  fields?: Record<string, ErrorCode>;
};
export type Success<T> = { ok: true; value: T };
export type Result<T, C extends ErrorCode = ErrorCode> = Success<T> | Failure<C>;

export const ok = <T>(value: T): Success<T> => ({ ok: true, value });
export const fail = <C extends ErrorCode>(code: C, extra: Omit<Failure<C>, 'ok' | 'code'> = {}): Failure<C> => ({
  ok: false,
  code,
  ...extra,
});
