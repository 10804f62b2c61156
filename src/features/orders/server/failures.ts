import type { ErrorCode } from '../../../platform/http/error-codes';
import type { Failure, Success } from '../../../platform/http/result';

/** The statuses order routes answer errors with (never 500: see ORDER_CREATE_FAILED). */
export type OrderErrorStatus = 400 | 402 | 403 | 404 | 409 | 422 | 503;

/** A business refusal with the HTTP status it is answered with. */
export type OrderFailure = Failure & { status: OrderErrorStatus };
export type OrderResult<T> = Success<T> | OrderFailure;

export function refuse(status: OrderErrorStatus, code: ErrorCode, extra: { message?: string | undefined; fields?: Record<string, ErrorCode> | undefined } = {}): OrderFailure {
  const failure: OrderFailure = { ok: false, code, status };
  if (extra.message !== undefined) failure.message = extra.message;
  if (extra.fields !== undefined) failure.fields = extra.fields;
  return failure;
}

/** Where a code from the payment provider lands: refusals are 402, an outage 503. */
export const paymentStatus = (code: ErrorCode): OrderErrorStatus => (code === 'PAYMENT_UNAVAILABLE' ? 503 : 402);

/** Stock moved under the customer (409: try again with the cart as it is now); other quote issues are 422. */
export const issueStatus = (code: ErrorCode): OrderErrorStatus =>
  code === 'SOLD_OUT' || code === 'STOCK_INSUFFICIENT' ? 409 : code === 'NOT_FOUND' ? 404 : 422;
