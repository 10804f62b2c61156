import { describe, expect, it } from 'vitest';
import { couponPolicyFromEnv, DEFAULT_COUPON_POLICY, DEFAULT_REFERRAL, validThrough, type Coupon } from '../../../src/features/coupons';
import { couponDescription, referralTerms } from '../../../src/features/coupons';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const describeIn = (coupon: Coupon, locale: 'en' | 'de', policy = DEFAULT_COUPON_POLICY) =>
  plain(couponDescription(coupon, locale, { policy, categoryNames: (slug) => (slug === 'beauty' ? { en: 'Beauty', de: 'Beauty & Pflege' } : undefined) }));

describe('coupon terms', () => {
  it('state the discount, the order value, the dates and the exclusions in whole sentences', () => {
    const coupon: Coupon = { code: 'WELCOME5', type: 'PROMOTION', discount: { kind: 'amount', amountCents: 500 }, minOrderCents: 2000, expiresAt: validThrough('2030-12-31') };
    expect(describeIn(coupon, 'en')).toBe('€5.00 off your order. From an order value of €20.00. Valid until 31 Dec 2030. Not valid on medicines or discounted items.');
    expect(describeIn(coupon, 'de')).toBe('5,00 € Rabatt auf Ihre Bestellung. Ab einem Bestellwert von 20,00 €. Gültig bis zum 31.12.2030. Nicht für Arzneimittel und reduzierte Artikel.');
  });

  it('name the categories a coupon is limited to, and its order-count limits', () => {
    const coupon: Coupon = {
      code: 'BEAUTY15',
      type: 'PROMOTION',
      discount: { kind: 'percentage', percent: 15 },
      scope: { categories: ['beauty', 'vitamins'] },
      minOrderCount: 2,
      maxOrderCount: 5,
      usageLimitPerCustomer: 3,
      startsAt: new Date('2030-11-01T00:00:00+01:00'),
    };
    expect(describeIn(coupon, 'en')).toBe(
      '15 % off products in Beauty and vitamins. For customers with at most 5 earlier orders. Once you have placed 2 orders. ' +
        'Valid from 1 Nov 2030. Can be used 3 times. Not valid on medicines or discounted items.',
    );
    expect(describeIn(coupon, 'de')).toContain('15 % Rabatt auf Produkte aus Beauty & Pflege und vitamins.');
  });

  it('say "first order only" and mention only discounted items when medicines may be discounted', () => {
    const coupon: Coupon = { code: 'FIRST', type: 'PROMOTION', discount: { kind: 'amount', amountCents: 300 }, maxOrderCount: 0, scope: { pzns: ['11111110'] } };
    const policy = couponPolicyFromEnv({ COUPON_EXCLUDED_KINDS: 'none' });
    expect(describeIn(coupon, 'en', policy)).toBe('€3.00 off selected products. For your first order only. Not valid on discounted items.');
    expect(describeIn(coupon, 'de', policy)).toBe('3,00 € Rabatt auf ausgewählte Produkte. Nur für Ihre erste Bestellung. Nicht für reduzierte Artikel.');
  });

  it('explain the referral programme with the configured amounts', () => {
    const terms = referralTerms(DEFAULT_REFERRAL);
    expect(plain(terms.en)).toBe(
      'Your friend gets €10.00 off their first order from an order value of €20.00. Once that order is delivered, you receive €10.00 credit.',
    );
    expect(plain(terms.de)).toContain('erhalten Sie 10,00 € Guthaben');
  });
});
