import { createRoute } from '@hono/zod-openapi';
import { onAccountErased } from '../../accounts';
import { couponBlockedFor, couponPolicyFromEnv, DEFAULT_REFERRAL, referralCoupon, type ReferralSettings } from '../model/public';
import { referralRewardOrders, walletKindTotals } from '../../wallet';
import { requireAuth } from '../../../platform/auth';
import type { Db } from '../../../platform/db/client';
import type { ApiApp } from '../../../platform/http/app';
import { badRequestHook, errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { referralTerms } from '../model/coupon-terms';
import { couponFromRow } from './coupon-rows';
import { categoryNames, listCustomerCoupons, markCouponsSeen } from './customer-coupons';
import {
  CouponListDto,
  MarkSeenBody,
  MarkSeenDto,
  ReferralClaimBody,
  ReferralClaimDto,
  ReferralDto,
  storedCouponDto,
  toCouponDto,
  UnseenCouponsDto,
  type CouponDto,
  type ReferralSummaryDto,
} from './dto';
import { eraseCouponData } from './erasure';
import {
  claimedReferralOf,
  claimReferralCode,
  ensureReferralCode,
  findReferralCodeOfUser,
  hasReferralRedemption,
  referralFriendCount,
  referralsOf,
} from './referral-codes';

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

const claimRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${V1}/referral/claim`,
  summary: "Takes up a friend's referral code from their share link",
  description:
    'The caller becomes one of that customer\'s referrals ("invited") and their coupons offer the code for their first order. ' +
    'Idempotent: a friend keeps the first code they claimed. COUPON_REFERRAL_INVALID (404) for an unknown or withdrawn code; ' +
    'COUPON_OWN_REFERRAL (422) for one\'s own code; COUPON_REFERRAL_FIRST_ORDER_ONLY (422) once the caller has ordered.',
  request: { body: { content: { 'application/json': { schema: ReferralClaimBody } }, required: true } },
  responses: { 200: json(ReferralClaimDto, 'Claimed'), ...errorEntries(400, 401, 404, 422) },
});

export interface OrderCounts {
  /** Earlier orders that count for coupon rules (orders' countsAsOrder). */
  orderCount: number;
  /** Offers the pharmacy has not answered yet. */
  pendingOrderCount: number;
}

export interface CouponRoutesOptions {
  referral?: ReferralSettings;
  /**
   * The customer's orders, handed in from above (orders depend on coupons, not the other way
   * round), so the list can say "from your second order on" or "first order only" before checkout.
   * Without it every customer counts as having no orders.
   */
  orderCounts?: (db: Db, userId: string) => Promise<OrderCounts>;
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

const NO_ORDERS = async (): Promise<OrderCounts> => ({ orderCount: 0, pendingOrderCount: 0 });

/**
 * The customer's coupons with why each cannot be used now (the rules that need no cart), and the
 * friend's referral code they claimed while it is still theirs to use.
 */
async function customerCouponDtos(db: Db, userId: string, now: Date, settings: ReferralSettings, counts: CouponRoutesOptions['orderCounts']): Promise<CouponDto[]> {
  const entries = await listCustomerCoupons(db, userId, now);
  const [orders, own, referralUsed, claimed] = await Promise.all([
    (counts ?? NO_ORDERS)(db, userId),
    findReferralCodeOfUser(db, userId),
    hasReferralRedemption(db, userId),
    claimedReferralOf(db, userId),
  ]);
  const customer = (redemptionsByCustomer: number) => ({
    customerId: userId,
    ownReferralCode: own?.code ?? null,
    ...orders,
    redemptionsByCustomer,
    referralRedemptions: referralUsed ? 1 : 0,
  });
  const names = await categoryNames(db, entries.map((entry) => entry.row));
  const policy = couponPolicyFromEnv(process.env);
  const dtos = entries.map((entry) => {
    const coupon = couponFromRow(entry.row);
    const used = entry.row.usageLimitPerCustomer - entry.usesLeft;
    return storedCouponDto(entry, couponBlockedFor({ coupon, customer: customer(used), totalRedemptions: entry.row.timesRedeemed, now }), names, policy);
  });
  if (claimed && claimed.referral.active && !referralUsed) {
    const coupon = referralCoupon({ customerId: claimed.referral.userId, code: claimed.referral.code, active: true }, settings);
    const blocked = couponBlockedFor({ coupon, customer: customer(0), totalRedemptions: 0, now });
    // Claimed on purpose through the link, so never "new".
    dtos.unshift(toCouponDto(coupon, { title: null, usesLeft: 1, seen: true, blocked }, names, policy));
  }
  return dtos;
}

/** Mounts /api/v1/user/coupons, /unseen-coupons, /mark-seen, /referral and /referral/claim; erases coupon data with the account. */
export function registerCouponRoutes(app: ApiApp, options: CouponRoutesOptions = {}) {
  const settings = options.referral ?? DEFAULT_REFERRAL;
  onAccountErased('coupons', eraseCouponData);

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const now = clock.now();
    const items = await customerCouponDtos(db, c.var.auth.userId, now, settings, options.orderCounts);
    return c.json({ items, referral: await referralSummary(db, c.var.auth.userId, settings, now) }, 200);
  });

  app.openapi(unseenRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const items = (await customerCouponDtos(db, c.var.auth.userId, clock.now(), settings, options.orderCounts)).filter((item) => !item.seen);
    return c.json({ items, count: items.length }, 200);
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
    const referrals = own ? await referralsOf(db, own.id, await referralRewardOrders(db, userId)) : [];
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return c.json(
      {
        ...summary,
        friends_count: own ? await referralFriendCount(db, own.id) : 0,
        rewards_count: rewards.count,
        rewards_cents: rewards.cents,
        referrals: referrals.map((entry) => ({ state: entry.state, invited_at: iso(entry.invitedAt), ordered_at: iso(entry.orderedAt), credited_at: iso(entry.creditedAt) })),
      },
      200,
    );
  });

  app.openapi(
    claimRoute,
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { db, clock } = c.var.ctx;
      const userId = c.var.auth.userId;
      const orders = await (options.orderCounts ?? NO_ORDERS)(db, userId);
      const hasOrdered = orders.orderCount + orders.pendingOrderCount > 0 || (await hasReferralRedemption(db, userId));
      const result = await claimReferralCode(db, { friendId: userId, code: c.req.valid('json').code, now: clock.now(), hasOrdered });
      if (!result.ok) return errorJson(c, result.code === 'COUPON_REFERRAL_INVALID' ? 404 : 422, result.code);
      return c.json({ code: result.referral.code, discount_cents: settings.discountCents, claimed_at: result.claimedAt.toISOString() }, 200);
    },
    badRequestHook,
  );
}
