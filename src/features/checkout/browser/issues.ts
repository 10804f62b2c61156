import type { ErrorCode } from '../../../platform/http/error-codes';
import type { Issue, Problem } from '../../../platform/api-client';
import { codeMessage } from '../../../platform/api-client/problem';
import type { Locale } from '../../../platform/i18n/locales';
import { SAFETY_KEYS } from './draft';
import type { CheckoutField } from './checkout-form';

/**
 * Where the server's verdicts belong on the checkout screen. An issue names its field when the
 * server knows it; otherwise its code decides. Issues without a field (stock, an empty cart, the
 * total that changed) are shown above the order button.
 */
const FIELD_OF_CODE: Partial<Record<ErrorCode, CheckoutField>> = {
  ADDRESS_REQUIRED: 'addressId',
  OUTSIDE_DELIVERY_AREA: 'addressId',
  DELIVERY_TIME_REQUIRED: 'delivery',
  PHARMACY_CLOSED: 'delivery',
  DELIVERY_OPTION_UNAVAILABLE: 'delivery',
  PICKUP_ONLY_ITEMS: 'delivery',
  SAFETY_ANSWERS_REQUIRED: 'safety.pregnant',
  PHONE_REQUIRED: 'phone',
  INVALID_PHONE_NUMBER: 'phone',
  CONSENT_REQUIRED: 'consent',
  TIP_INVALID: 'tip',
  WALLET_INSUFFICIENT: 'useWallet',
  CARD_INVALID: 'payment',
  CARD_EXPIRED: 'payment',
  EXPIRY_INVALID: 'payment',
  CVC_INVALID: 'payment',
  CARD_NOT_FOUND: 'payment',
  PAYMENT_AUTHENTICATION_FAILED: 'payment',
  PAYMENT_CANCELLED: 'payment',
  PAYMENT_NOT_AUTHORIZED: 'payment',
  PAYMENT_METHOD_REQUIRED: 'payment',
  PAYMENT_FAILED: 'payment',
  PAYMENT_INSUFFICIENT_FUNDS: 'payment',
  PAYMENT_UNAVAILABLE: 'payment',
};

/** The API's field names (snake_case body keys and a few natural variants). */
const FIELD_OF_NAME: Record<string, CheckoutField> = {
  shipping_address_id: 'addressId',
  shippingAddressId: 'addressId',
  address: 'addressId',
  delivery: 'delivery',
  'delivery.option': 'delivery',
  'delivery.slot_start': 'slot',
  slot_start: 'slot',
  safety: 'safety.pregnant',
  phone: 'phone',
  consent_pharmacy_data: 'consent',
  consent: 'consent',
  coupon_code: 'coupon',
  coupon: 'coupon',
  tip_cents: 'tip',
  tip: 'tip',
  wallet_cents: 'useWallet',
  wallet: 'useWallet',
  payment: 'payment',
  'payment.payment_intent_id': 'payment',
  saved_card_id: 'payment',
};
for (const key of SAFETY_KEYS) FIELD_OF_NAME[`safety.${key}`] = `safety.${key}`;

export const isCouponCode = (code: string): boolean => code.startsWith('COUPON_');

export function fieldOfIssue(issue: Pick<Issue, 'code' | 'field'>): CheckoutField | null {
  if (issue.field && FIELD_OF_NAME[issue.field]) return FIELD_OF_NAME[issue.field]!;
  if (isCouponCode(issue.code)) return 'coupon';
  return FIELD_OF_CODE[issue.code] ?? null;
}

/** Issues that only say something is not filled in yet: shown after the customer tries to order, not on arrival. */
const MISSING_INPUT: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'ADDRESS_REQUIRED',
  'DELIVERY_TIME_REQUIRED',
  'SAFETY_ANSWERS_REQUIRED',
  'PHONE_REQUIRED',
  'CONSENT_REQUIRED',
  'MISSING_PARAMS',
]);

export const isMissingInput = (issue: Pick<Issue, 'code'>): boolean => MISSING_INPUT.has(issue.code);

export const isStockIssue = (issue: Pick<Issue, 'code'>): boolean => issue.code === 'STOCK_INSUFFICIENT' || issue.code === 'SOLD_OUT';

/**
 * What a refused request says blocks the order: the issues it listed, then its per-field codes
 * (worded like the problem itself when the code is the same, else by the catalogue).
 */
export function problemIssues(problem: Problem, locale: Locale): Issue[] {
  const fields = Object.entries(problem.fields).flatMap(([field, code]) =>
    code ? [{ code, message: code === problem.code ? problem.message : codeMessage(code, locale), field }] : [],
  );
  return [...(problem.issues ?? []), ...fields];
}
