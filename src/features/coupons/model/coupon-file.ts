import { z } from 'zod';
import { DEFAULT_COUPON_POLICY, normalizeCouponCode, validThrough, type Coupon, type CouponPolicy } from './coupon';
import { looksLikeReferralCode } from './referral';
import type { CatalogOutline } from '../../catalog';
import { parseIsoDate, zonedInstant } from '../../../platform/time/wall-clock';

/**
 * catalog/coupons.json: the operator's coupons (spec §3, §5). Dates are Berlin calendar dates:
 * `validFrom` is the first day a coupon works, `validUntil` the last. Validated like the catalogue:
 * every problem at once, each naming its record, and nothing is imported while one remains.
 */
const isCalendarDate = (value: string): boolean => parseIsoDate(value) !== null;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine(isCalendarDate, 'is not a calendar date');
const cents = z.number().int().positive();
const count = z.number().int().nonnegative();
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a category slug');
const pzn = z.string().regex(/^\d{8}$/, 'must be an 8-digit PZN');
const text = z.object({ en: z.string().trim().min(1).max(120), de: z.string().trim().min(1).max(120) });

export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

export const CouponFileRecord = z
  .object({
    code: z
      .string()
      .transform(normalizeCouponCode)
      .refine((code) => COUPON_CODE_PATTERN.test(code), 'must be 3–32 letters, digits, "-" or "_"')
      .refine((code) => !looksLikeReferralCode(code) && !code.startsWith('REF-'), 'codes starting with "REF-" are reserved for referral codes'),
    type: z.literal('PROMOTION').default('PROMOTION'),
    title: text.optional(),
    discount: z.union([z.object({ amountCents: cents }).strict(), z.object({ percent: z.number().int().min(1).max(100) }).strict()]),
    validFrom: isoDate.optional(),
    validUntil: isoDate.optional(),
    minOrderCents: cents.optional(),
    maxOrderCents: cents.optional(),
    minOrderCount: count.optional(),
    maxOrderCount: count.optional(),
    usageLimit: z.number().int().positive().optional(),
    usageLimitPerCustomer: z.number().int().min(1).max(100).default(1),
    categories: z.array(slug).default([]),
    pzns: z.array(pzn).default([]),
    /** false: works when typed, but is not shown in customers' coupon lists. */
    listed: z.boolean().default(true),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((record, ctx) => {
    if (record.validFrom && record.validUntil && record.validFrom > record.validUntil) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'must not be before validFrom' });
    }
    if (record.minOrderCents !== undefined && record.maxOrderCents !== undefined && record.minOrderCents > record.maxOrderCents) {
      ctx.addIssue({ code: 'custom', path: ['maxOrderCents'], message: 'must not be below minOrderCents' });
    }
    if (record.minOrderCount !== undefined && record.maxOrderCount !== undefined && record.minOrderCount > record.maxOrderCount) {
      ctx.addIssue({ code: 'custom', path: ['maxOrderCount'], message: 'must not be below minOrderCount' });
    }
  });
export type CouponFileRecord = z.infer<typeof CouponFileRecord>;

/** A coupon as stored: the rule fields plus what only the list needs. */
export interface CouponDefinition {
  coupon: Coupon & { type: 'PROMOTION' };
  title: { en: string; de: string } | null;
  listed: boolean;
}

export function couponFromRecord(record: CouponFileRecord): CouponDefinition {
  return {
    coupon: {
      code: record.code,
      type: record.type,
      discount: 'amountCents' in record.discount ? { kind: 'amount', amountCents: record.discount.amountCents } : { kind: 'percentage', percent: record.discount.percent },
      startsAt: record.validFrom ? zonedInstant(record.validFrom, 0) : null,
      expiresAt: record.validUntil ? validThrough(record.validUntil) : null,
      minOrderCents: record.minOrderCents ?? null,
      maxOrderCents: record.maxOrderCents ?? null,
      minOrderCount: record.minOrderCount ?? null,
      maxOrderCount: record.maxOrderCount ?? null,
      usageLimit: record.usageLimit ?? null,
      usageLimitPerCustomer: record.usageLimitPerCustomer,
      scope: { categories: record.categories, pzns: record.pzns },
      active: record.active,
    },
    title: record.title ?? null,
    listed: record.listed,
  };
}

/** What the checks need to know about the catalogue the coupons will be used with (the catalog feature's catalogOutline). */
export type CouponCatalogFacts = CatalogOutline;

export interface CouponFileResult {
  coupons: CouponDefinition[];
  problems: string[];
}

/**
 * Parses and checks the records. Besides the shape: codes are unique, scoped categories and PZNs
 * exist, and every coupon can discount at least one product the operator's policy allows (by
 * default no medicine), so a coupon that could never apply is caught here, not by a customer.
 */
export function validateCouponRecords(records: unknown, catalog: CouponCatalogFacts, policy: CouponPolicy = DEFAULT_COUPON_POLICY, file = 'coupons.json'): CouponFileResult {
  const problems: string[] = [];
  if (!Array.isArray(records)) return { coupons: [], problems: [`${file}: must be a JSON array of coupons`] };
  const coupons: CouponDefinition[] = [];
  const seen = new Map<string, string>();
  records.forEach((raw, index) => {
    const rawCode = raw && typeof raw === 'object' && typeof (raw as { code?: unknown }).code === 'string' ? ` (code "${(raw as { code: string }).code}")` : '';
    const where = `${file}, record ${index + 1}${rawCode}`;
    const parsed = CouponFileRecord.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${where}: ${issue.path.map(String).join('.') || 'record'}: ${issue.message}`);
      return;
    }
    const record = parsed.data;
    const first = seen.get(record.code);
    if (first) problems.push(`${where}: duplicate code "${record.code}" (first used by ${first})`);
    else seen.set(record.code, where);

    const unknownCategories = record.categories.filter((category) => !catalog.categorySlugs.has(category));
    for (const category of unknownCategories) problems.push(`${where}: categories: unknown category "${category}"`);
    const unknownPzns = record.pzns.filter((value) => !catalog.products.has(value));
    for (const value of unknownPzns) problems.push(`${where}: pzns: unknown product "${value}"`);
    if (unknownCategories.length === 0 && unknownPzns.length === 0 && !canApplyToSomething(record, catalog, policy)) {
      problems.push(
        `${where}: can never apply: no product in its scope may be discounted under the coupon policy ` +
          `(excluded kinds: ${policy.excludedKinds.join(', ') || 'none'}); scope it to non-medicine products`,
      );
    }
    coupons.push(couponFromRecord(record));
  });
  return { coupons, problems };
}

function canApplyToSomething(record: CouponFileRecord, catalog: CouponCatalogFacts, policy: CouponPolicy): boolean {
  const scoped = record.categories.length > 0 || record.pzns.length > 0;
  for (const [productPzn, product] of catalog.products) {
    if (scoped && !record.categories.includes(product.categorySlug) && !record.pzns.includes(productPzn)) continue;
    if (policy.excludedKinds.includes(product.kind) || policy.excludedCategories.includes(product.categorySlug) || policy.excludedPzns.includes(productPzn)) continue;
    return true;
  }
  return false;
}
