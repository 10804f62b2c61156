import { formatShopDate } from '../../../platform/i18n/format';
import { localDate } from '../../../platform/time/wall-clock';
import { lastValidDate, type Coupon, type CouponPolicy } from './coupon';
import type { ReferralSettings } from './referral';
import { formatPrice, translator, type Locale } from '../../../platform/i18n';
import { couponTermsMessages } from '../i18n/messages';

export type LocalizedText = { en: string; de: string };

/** The list-joined category names in one language ("Beauty and Vitamins"). */
function joinNames(names: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'long', type: 'conjunction' }).format(names);
}

/**
 * The terms of a coupon as the customer reads them ("5,00 € off your order. From an order value of
 * 20,00 €. Valid until 31.12.2026."), generated from the same fields the rules check, so the text
 * can never promise something the checkout refuses.
 */
export function couponDescription(
  coupon: Coupon,
  locale: Locale,
  options: { categoryNames?: (slug: string) => LocalizedText | undefined; policy: CouponPolicy },
): string {
  const t = translator(couponTermsMessages, locale);
  const sentences: string[] = [];
  const categories = coupon.scope?.categories ?? [];
  const pzns = coupon.scope?.pzns ?? [];
  const amount = coupon.discount.kind === 'amount' ? formatPrice(coupon.discount.amountCents, locale) : '';
  const percent = coupon.discount.kind === 'percentage' ? coupon.discount.percent : 0;
  const isAmount = coupon.discount.kind === 'amount';

  if (categories.length > 0) {
    const names = categories.map((slug) => options.categoryNames?.(slug)?.[locale] ?? slug);
    const joined = joinNames(names, locale);
    sentences.push(isAmount ? t('amountOffCategories', { amount, categories: joined }) : t('percentOffCategories', { percent, categories: joined }));
  } else if (pzns.length > 0) {
    sentences.push(isAmount ? t('amountOffProducts', { amount }) : t('percentOffProducts', { percent }));
  } else {
    sentences.push(isAmount ? t('amountOff', { amount }) : t('percentOff', { percent }));
  }

  if (coupon.minOrderCents != null && coupon.minOrderCents > 0) sentences.push(t('minOrder', { amount: formatPrice(coupon.minOrderCents, locale) }));
  if (coupon.maxOrderCents != null) sentences.push(t('maxOrder', { amount: formatPrice(coupon.maxOrderCents, locale) }));

  if (coupon.maxOrderCount === 0) sentences.push(t('firstOrderOnly'));
  else if (coupon.maxOrderCount != null) {
    sentences.push(coupon.maxOrderCount === 1 ? t('maxOrderCountOne') : t('maxOrderCountOther', { count: coupon.maxOrderCount }));
  }
  if (coupon.minOrderCount != null && coupon.minOrderCount > 0) {
    sentences.push(coupon.minOrderCount === 1 ? t('minOrderCountOne') : t('minOrderCountOther', { count: coupon.minOrderCount }));
  }

  if (coupon.startsAt) sentences.push(t('validFrom', { date: formatShopDate(localDate(coupon.startsAt), locale) }));
  if (coupon.expiresAt) sentences.push(t('validUntil', { date: formatShopDate(lastValidDate(coupon.expiresAt), locale) }));
  if ((coupon.usageLimitPerCustomer ?? 1) > 1) sentences.push(t('usesPerCustomer', { count: coupon.usageLimitPerCustomer ?? 1 }));

  const medicinesExcluded = options.policy.excludedKinds.some((kind) => kind !== 'prescription');
  sentences.push(medicinesExcluded ? t('notOnMedicines') : t('notOnDiscounted'));
  return sentences.join(' ');
}

export function localizedCouponDescription(
  coupon: Coupon,
  options: { categoryNames?: (slug: string) => LocalizedText | undefined; policy: CouponPolicy },
): LocalizedText {
  return { en: couponDescription(coupon, 'en', options), de: couponDescription(coupon, 'de', options) };
}

/** "Your friend gets 10,00 € off their first order …" for the refer-a-friend screen. */
export function referralTerms(settings: ReferralSettings): LocalizedText {
  const text = (locale: Locale) =>
    translator(couponTermsMessages, locale)('referralTerms', {
      discount: formatPrice(settings.discountCents, locale),
      minimum: formatPrice(settings.minOrderCents, locale),
      reward: formatPrice(settings.rewardCents, locale),
    });
  return { en: text('en'), de: text('de') };
}
