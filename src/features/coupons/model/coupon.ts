import type { ProductKind } from '../../catalog';
import { addDays, localDate, zonedInstant, type IsoDate } from '../../../platform/time/wall-clock';

/**
 * The coupon entity (spec §3, §5) as the rules see it. Persistence adds its own columns (id,
 * created/seen timestamps per customer for the "unseen" badge); none of them change a rule.
 */
export const COUPON_TYPES = ['PROMOTION', 'PERSONAL', 'REFERRAL'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export type CouponDiscount =
  | { kind: 'amount'; amountCents: number }
  /** Whole percent, 1–100, of the eligible lines; rounded half up to a cent. */
  | { kind: 'percentage'; percent: number };

export interface CouponScope {
  /** Category slugs; a line in any of them is in scope. */
  categories?: readonly string[];
  /** PZNs; a listed product is in scope whatever its category. */
  pzns?: readonly string[];
}

export interface Coupon {
  code: string;
  type: CouponType;
  discount: CouponDiscount;
  /** Not valid before this instant (inclusive). */
  startsAt?: Date | null;
  /**
   * Valid before this instant (exclusive). The spec's "valid-until date" is the whole Berlin day:
   * store `validThrough('2026-12-31')`, i.e. midnight at the start of 1 January.
   */
  expiresAt?: Date | null;
  /** Bounds on the goods subtotal before discounts (fee and tip excluded), both inclusive. */
  minOrderCents?: number | null;
  maxOrderCents?: number | null;
  /**
   * Bounds on the customer's earlier orders that count (spec §3: pending ones do not), both
   * inclusive: "first order only" is max 0, "from the third order on" is min 2.
   */
  minOrderCount?: number | null;
  maxOrderCount?: number | null;
  /** Redemptions over all customers; null: unlimited. */
  usageLimit?: number | null;
  /** Redemptions per customer; 1 when not set. */
  usageLimitPerCustomer?: number | null;
  /** Empty or absent: every product (the operator's exclusions still apply). */
  scope?: CouponScope | null;
  /** PERSONAL: the only customer who may redeem it; for anyone else the code does not exist. */
  customerId?: string | null;
  /** REFERRAL: the customer whose code it is. */
  referrerId?: string | null;
  /** false: withdrawn by the operator, or (REFERRAL) the referrer's code is no longer active. */
  active?: boolean;
}

/** Codes are compared case-insensitively and without blanks, as customers type them. */
export const normalizeCouponCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

/** `expiresAt` for a coupon valid through a Berlin calendar date. */
export function validThrough(date: IsoDate): Date {
  const instant = zonedInstant(addDays(date, 1), 0);
  if (!instant) throw new Error(`no midnight on ${date} in Berlin`);
  return instant;
}

/** The last Berlin date a coupon is valid on, for "valid until 31.12.2026". */
export const lastValidDate = (expiresAt: Date): IsoDate => localDate(new Date(expiresAt.getTime() - 1));

/**
 * Which products no coupon may discount. Domain rules: bonuses on medicines can be unlawful gifts
 * (HWG §7; OLG Frankfurt 2025 on a 10 € coupon for OTC medicines), so by default every medicine is
 * excluded and coupons apply to cosmetics, supplements and devices. An operator who decides
 * otherwise sets COUPON_EXCLUDED_KINDS (e.g. "prescription").
 */
export interface CouponPolicy {
  excludedKinds: readonly ProductKind[];
  excludedCategories: readonly string[];
  excludedPzns: readonly string[];
}

const KINDS = ['prescription', 'pharmacy-only', 'free-sale', 'non-medicine'] as const satisfies readonly ProductKind[];

export const DEFAULT_COUPON_POLICY: CouponPolicy = {
  excludedKinds: ['prescription', 'pharmacy-only', 'free-sale'],
  excludedCategories: [],
  excludedPzns: [],
};

const list = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((item) => item.trim()).filter((item) => item !== '' && item !== 'none');

/**
 * COUPON_EXCLUDED_KINDS, COUPON_EXCLUDED_CATEGORIES, COUPON_EXCLUDED_PZNS: comma-separated lists;
 * "none" (or empty) for no exclusion. Prescription medicines stay excluded whatever is set: a bonus
 * on them is forbidden outright.
 */
export function couponPolicyFromEnv(env: Readonly<Record<string, string | undefined>>): CouponPolicy {
  const kinds = list(env.COUPON_EXCLUDED_KINDS);
  if (kinds) {
    const unknown = kinds.filter((kind) => !KINDS.includes(kind as ProductKind));
    if (unknown.length > 0) throw new Error(`COUPON_EXCLUDED_KINDS: unknown product kind(s) ${unknown.join(', ')}; use ${KINDS.join(', ')}`);
  }
  return {
    excludedKinds: [...new Set<ProductKind>(['prescription', ...((kinds ?? DEFAULT_COUPON_POLICY.excludedKinds) as ProductKind[])])],
    excludedCategories: list(env.COUPON_EXCLUDED_CATEGORIES) ?? [],
    excludedPzns: list(env.COUPON_EXCLUDED_PZNS) ?? [],
  };
}
