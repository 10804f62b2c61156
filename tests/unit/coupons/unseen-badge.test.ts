// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fetchUnseenCouponCount, showUnseenCoupons } from '../../../src/features/coupons/browser/unseen-badge';
import { couponBlockedFor, type Coupon, type CustomerCouponFacts } from '../../../src/features/coupons';

function badge(template: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<span data-unseen-coupons data-template="${template}" hidden><span aria-hidden="true" data-count></span><span data-label></span></span>`;
  return root;
}

describe('the new-coupons badge', () => {
  it('shows the count, with words for screen readers, and hides at zero', () => {
    const root = badge('{count} new coupons');
    showUnseenCoupons(3, root);
    const element = root.querySelector<HTMLElement>('[data-unseen-coupons]')!;
    expect(element.hidden).toBe(false);
    expect(element.querySelector('[data-count]')!.textContent).toBe('3');
    expect(element.querySelector('[data-label]')!.textContent).toBe('3 new coupons');
    showUnseenCoupons(0, root);
    expect(element.hidden).toBe(true);
    expect(element.textContent).toBe('');
  });

  it('reads the count with the token, and gives up quietly on any failure', async () => {
    let sent: RequestInit | undefined;
    const ok = (async (_url: string, init?: RequestInit) => {
      sent = init;
      return new Response(JSON.stringify({ items: [], count: 2 }), { status: 200 });
    }) as typeof fetch;
    expect(await fetchUnseenCouponCount('tok', ok)).toBe(2);
    expect(new Headers(sent?.headers).get('authorization')).toBe('Bearer tok');
    expect(await fetchUnseenCouponCount('tok', (async () => new Response('{}', { status: 401 })) as typeof fetch)).toBeNull();
    expect(await fetchUnseenCouponCount('tok', (async () => { throw new TypeError('offline'); }) as typeof fetch)).toBeNull();
  });
});

describe('couponBlockedFor (why a coupon cannot be used now, before any cart)', () => {
  const now = new Date('2026-06-16T08:00:00Z');
  const facts: CustomerCouponFacts = { customerId: 'c1', ownReferralCode: null, orderCount: 0, pendingOrderCount: 0, redemptionsByCustomer: 0, referralRedemptions: 0 };
  const coupon: Coupon = { code: 'X', type: 'PROMOTION', discount: { kind: 'amount', amountCents: 500 } };

  it('names the first rule in the way, as the checkout would', () => {
    expect(couponBlockedFor({ coupon, customer: facts, totalRedemptions: 0, now })).toBeNull();
    expect(couponBlockedFor({ coupon: { ...coupon, startsAt: new Date('2026-07-01T00:00:00Z') }, customer: facts, totalRedemptions: 0, now })?.code).toBe('COUPON_NOT_YET_VALID');
    expect(couponBlockedFor({ coupon: { ...coupon, minOrderCount: 1 }, customer: facts, totalRedemptions: 0, now })?.code).toBe('COUPON_ORDER_COUNT_NOT_REACHED');
    expect(couponBlockedFor({ coupon: { ...coupon, maxOrderCount: 0 }, customer: { ...facts, orderCount: 1 }, totalRedemptions: 0, now })?.code).toBe('COUPON_ORDER_COUNT_EXCEEDED');
    const referral: Coupon = { ...coupon, type: 'REFERRAL', referrerId: 'c2' };
    expect(couponBlockedFor({ coupon: referral, customer: { ...facts, pendingOrderCount: 1 }, totalRedemptions: 0, now })?.code).toBe('COUPON_REFERRAL_FIRST_ORDER_ONLY');
    expect(couponBlockedFor({ coupon: referral, customer: { ...facts, referralRedemptions: 1 }, totalRedemptions: 0, now })?.code).toBe('COUPON_ALREADY_USED');
  });
});
