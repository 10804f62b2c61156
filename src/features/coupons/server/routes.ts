import { createRoute } from '@hono/zod-openapi';
import { onAccountErased } from '../../accounts';
import { couponPolicyFromEnv, DEFAULT_REFERRAL, type ReferralSettings } from '../model/public';
import { walletKindTotals } from '../../wallet';
import { requireAuth } from '../../../platform/auth';
import type { Db } from '../../../platform/db/client';
import type { ApiApp } from '../../../platform/http/app';
import { badRequestHook, errorEntries, json } from '../../../platform/http/openapi';
import { referralTerms } from '../model/coupon-terms';
import { categoryNames, listCustomerCoupons, markCouponsSeen, type CustomerCoupon } from './customer-coupons';
import { CouponListDto, MarkSeenBody, MarkSeenDto, ReferralDto, toCouponDto, UnseenCouponsDto, type ReferralSummaryDto } from './dto';
import { eraseCouponData } from './erasure';
import { ensureReferralCode, findReferralCodeOfUser, referralFriendCount } from './referral-codes';

const V1 = '/v1/user';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['coupons'] };

const listRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${V1}/coupons`,
  summary: 'The coupons the customer can use, and their own referral code',
  description:
    "Listed promotions and the customer's personal coupons that are not expired and not used up (shop-wide or by this customer); " +
    'coupons that start later are included with valid_from. Soonest expiry first.',
  responses: { 200: json(CouponListDto, 'Coupons'), ...errorEntries(401) },
});

const unseenRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${V1}/unseen-coupons`,
  summary: 'The coupons the customer has not marked seen yet (for the badge)',
  responses: { 200: json(UnseenCouponsDto, 'Unseen coupons'), ...errorEntries(401) },
});

const markSeenRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${V1}/mark-seen`,
  summary: "Marks all of the customer's current coupons seen",
  description: 'Body {"status": true} (spec §3); anything else is BAD_REQUEST.',
  request: { body: { content: { 'application/json': { schema: MarkSeenBody } }, required: true } },
  responses: { 200: json(MarkSeenDto, 'Marked'), ...errorEntries(400, 401) },
});

const referralRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${V1}/referral`,
  summary: "The customer's referral code and what it has earned",
  description: 'The code is created on first request. Friends get 10 € off their first order; the customer gets 10 € credit when it is delivered (spec §9).',
  responses: { 200: json(ReferralDto, 'Referral'), ...errorEntries(401) },
});

export interface CouponRoutesOptions {
  referral?: ReferralSettings;
}

async function referralSummary(db: Db, userId: string, settings: ReferralSettings, now: Date): Promise<ReferralSummaryDto> {
  return {
    code: await ensureReferralCode(db, userId, { now }),
    discount_cents: settings.discountCents,
    reward_cents: settings.rewardCents,
    min_order_cents: settings.minOrderCents,
    terms: referralTerms(settings),
  };
}

async function couponDtos(db: Db, entries: CustomerCoupon[]) {
  const names = await categoryNames(db, entries.map((entry) => entry.row));
  const policy = couponPolicyFromEnv(process.env);
  return entries.map((entry) => toCouponDto(entry, names, policy));
}

/** Mounts /api/v1/user/coupons, /unseen-coupons, /mark-seen and /referral; erases coupon data with the account. */
export function registerCouponRoutes(app: ApiApp, options: CouponRoutesOptions = {}) {
  const settings = options.referral ?? DEFAULT_REFERRAL;
  onAccountErased('coupons', eraseCouponData);

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const now = clock.now();
    const entries = await listCustomerCoupons(db, c.var.auth.userId, now);
    return c.json({ items: await couponDtos(db, entries), referral: await referralSummary(db, c.var.auth.userId, settings, now) }, 200);
  });

  app.openapi(unseenRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const entries = (await listCustomerCoupons(db, c.var.auth.userId, clock.now())).filter((entry) => !entry.seen);
    return c.json({ items: await couponDtos(db, entries), count: entries.length }, 200);
  });

  app.openapi(
    markSeenRoute,
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { db, clock } = c.var.ctx;
      return c.json({ status: true as const, marked: await markCouponsSeen(db, c.var.auth.userId, clock.now()) }, 200);
    },
    // Missing or false alike: the only valid payload is {"status": true}.
    badRequestHook,
  );

  app.openapi(referralRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const userId = c.var.auth.userId;
    const summary = await referralSummary(db, userId, settings, clock.now());
    const own = await findReferralCodeOfUser(db, userId);
    const rewards = await walletKindTotals(db, userId, 'referral_reward');
    return c.json(
      { ...summary, friends_count: own ? await referralFriendCount(db, own.id) : 0, rewards_count: rewards.count, rewards_cents: rewards.cents },
      200,
    );
  });
}
