import { apiClient, attempt, mapOutcome, type ApiClient, type Outcome } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';

const listCall = (client: ApiClient) => client.GET('/api/v1/user/coupons');
const referralCall = (client: ApiClient) => client.GET('/api/v1/user/referral');

/** The customer's coupons and their own referral code, as the list call answers them. */
export type CouponList = NonNullable<Awaited<ReturnType<typeof listCall>>['data']>;
export type CouponItem = CouponList['items'][number];
export type ReferralView = NonNullable<Awaited<ReturnType<typeof referralCall>>['data']>;
export type ReferralEntry = ReferralView['referrals'][number];

export async function listCoupons(locale: Locale): Promise<Outcome<CouponList>> {
  return attempt(() => listCall(apiClient(locale)), locale);
}

/** POST /user/mark-seen with the spec's payload {status: true}. */
export async function markCouponsSeen(locale: Locale): Promise<Outcome<number>> {
  return mapOutcome(await attempt(() => apiClient(locale).POST('/api/v1/user/mark-seen', { body: { status: true } }), locale), (data) => data.marked);
}

export async function loadReferral(locale: Locale): Promise<Outcome<ReferralView>> {
  return attempt(() => referralCall(apiClient(locale)), locale);
}

/** Takes up a friend's code from their share link. */
export async function claimReferral(locale: Locale, code: string): Promise<Outcome<{ code: string; discount_cents: number }>> {
  return attempt(() => apiClient(locale).POST('/api/v1/user/referral/claim', { body: { code } }), locale);
}
