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

/** How often `npm start` sweeps for lapsed drafts and unanswered offers. */
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
  consentTextVersion: string;
  /** Absolute origin for links in e-mails. */
  siteUrl: string;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number of minutes, got "${raw}"`);
  return value;
}

export function orderSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): OrderSettings {
  const { delivery } = siteConfig(env);
  return {
    pricing: { deliveryFeeCents: delivery.feeCents, freeDeliveryFromCents: delivery.freeFromCents },
    timing: DEFAULT_TIMING,
    couponPolicy: couponPolicyFromEnv(env),
    referral: DEFAULT_REFERRAL,
    draftTtlMinutes: positiveInt(env, 'UNPAID_ORDER_TTL_MINUTES', UNPAID_ORDER_TTL_MINUTES),
    pendingTtlMinutes: positiveInt(env, 'PENDING_ORDER_TTL_MINUTES', PENDING_ORDER_TTL_MINUTES),
    consentTextVersion: PHARMACY_CONSENT_TEXT_VERSION,
    siteUrl: (env.PUBLIC_SITE_URL || 'http://localhost:4321').replace(/\/+$/, ''),
  };
}
