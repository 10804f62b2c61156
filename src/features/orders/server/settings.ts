import { DEFAULT_TIMING, type TimingSettings } from '../../checkout';
import { couponPolicyFromEnv, DEFAULT_REFERRAL, type CouponPolicy, type ReferralSettings } from '../../coupons';
import type { PricingSettings } from '../../cart';
import { siteConfig } from '../../../platform/config/site';
import { UNPAID_ORDER_TTL_MINUTES } from '../model/order-machine';

/**
 * How long a placed offer waits for the pharmacy before it is released (authorization voided,
 * stock, coupon and credit given back, customer told). Counted from placement, or from the
 * pharmacy's next opening when it is closed (a pre-order at night waits for the morning).
 */
export const PENDING_ORDER_TTL_MINUTES = 30;

/** The version of the consent text shown at checkout; stored with each consent (Art. 7(1) GDPR). */
export const PHARMACY_CONSENT_TEXT_VERSION = 'pharmacy-data-2026-06';

/**
 * A delivered order closes this many days after delivery: the 14-day right of withdrawal (§355
 * BGB, from receipt of the goods) and the time to give feedback are over, so nothing more can
 * happen to it (no return, no refund through the shop).
 */
export const ORDER_CLOSE_AFTER_DAYS = 14;

/** A closed order leaves the customer's current orders (archived) this many days after delivery. */
export const ORDER_ARCHIVE_AFTER_DAYS = 90;

/** How often `npm start` sweeps for lapsed drafts and unanswered offers, and closes and archives. */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

export interface OrderSettings {
  pricing: PricingSettings;
  timing: TimingSettings;
  couponPolicy: CouponPolicy;
  referral: ReferralSettings;
  /** A draft (awaiting_payment) lapses this long after its last change. */
  draftTtlMinutes: number;
  /** See PENDING_ORDER_TTL_MINUTES. */
  pendingTtlMinutes: number;
  /** See ORDER_CLOSE_AFTER_DAYS. */
  closeAfterDays: number;
  /** See ORDER_ARCHIVE_AFTER_DAYS; never before the order closes. */
  archiveAfterDays: number;
  consentTextVersion: string;
  /** Absolute origin for links in e-mails. */
  siteUrl: string;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, unit: 'minutes' | 'days'): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number of ${unit}, got "${raw}"`);
  return value;
}

export function orderSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): OrderSettings {
  const { delivery } = siteConfig(env);
  const closeAfterDays = positiveInt(env, 'ORDER_CLOSE_AFTER_DAYS', ORDER_CLOSE_AFTER_DAYS, 'days');
  const archiveAfterDays = positiveInt(env, 'ORDER_ARCHIVE_AFTER_DAYS', Math.max(ORDER_ARCHIVE_AFTER_DAYS, closeAfterDays), 'days');
  if (archiveAfterDays < closeAfterDays) throw new Error(`ORDER_ARCHIVE_AFTER_DAYS (${archiveAfterDays}) must not be less than ORDER_CLOSE_AFTER_DAYS (${closeAfterDays})`);
  return {
    pricing: { deliveryFeeCents: delivery.feeCents, freeDeliveryFromCents: delivery.freeFromCents },
    timing: DEFAULT_TIMING,
    couponPolicy: couponPolicyFromEnv(env),
    referral: DEFAULT_REFERRAL,
    draftTtlMinutes: positiveInt(env, 'UNPAID_ORDER_TTL_MINUTES', UNPAID_ORDER_TTL_MINUTES, 'minutes'),
    pendingTtlMinutes: positiveInt(env, 'PENDING_ORDER_TTL_MINUTES', PENDING_ORDER_TTL_MINUTES, 'minutes'),
    closeAfterDays,
    archiveAfterDays,
    consentTextVersion: PHARMACY_CONSENT_TEXT_VERSION,
    siteUrl: (env.PUBLIC_SITE_URL || 'http://localhost:4321').replace(/\/+$/, ''),
  };
}
