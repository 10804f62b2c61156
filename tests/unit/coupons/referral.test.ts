import { describe, expect, it } from 'vitest';
import { DEFAULT_REFERRAL, generateReferralCode, looksLikeReferralCode, referralCoupon, referralReward } from '../../../src/features/coupons/model/referral';

describe('referral codes', () => {
  it('look like REF- and eight unambiguous characters', () => {
    for (let i = 0; i < 50; i += 1) {
      const code = generateReferralCode();
      expect(code).toMatch(/^REF-[2-9A-HJKMNP-Z]{8}$/);
      expect(looksLikeReferralCode(code)).toBe(true);
    }
  });

  it('draw every character with equal chance: bytes of 248 and more are dropped', () => {
    const batches = [new Uint8Array([248, 255, 0, 1, 30, 31, 247, 62]), new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0])];
    const code = generateReferralCode(() => batches.shift() ?? new Uint8Array(8));
    // 0→'2', 1→'3', 30→'Z', 31→'2', 247 % 31 = 30→'Z', 62 % 31 = 0→'2', then from the next batch 0→'2', 0→'2'.
    expect(code).toBe('REF-23Z2Z222');
  });

  it('are recognised as typed, in any case and with blanks', () => {
    expect(looksLikeReferralCode(' ref-7kx2 m9pq ')).toBe(true);
    expect(looksLikeReferralCode('REF-7KX2M9P0')).toBe(false); // 0 is not in the alphabet
    expect(looksLikeReferralCode('SPRING10')).toBe(false);
  });
});

describe('referralCoupon', () => {
  it('is 10 € off, once per friend, from 20 €', () => {
    expect(referralCoupon({ customerId: 'cust-9', code: 'ref-7kx2m9pq', active: true })).toEqual({
      code: 'REF-7KX2M9PQ',
      type: 'REFERRAL',
      discount: { kind: 'amount', amountCents: 1000 },
      minOrderCents: 2000,
      usageLimitPerCustomer: 1,
      referrerId: 'cust-9',
      active: true,
    });
    expect(DEFAULT_REFERRAL).toEqual({ discountCents: 1000, rewardCents: 1000, minOrderCents: 2000 });
  });
});

describe('referralReward', () => {
  it('credits the referrer 10 € for a delivered referral order', () => {
    expect(referralReward({ couponType: 'REFERRAL', referrerId: 'cust-9', customerId: 'cust-1' })).toEqual({ referrerId: 'cust-9', amountCents: 1000 });
  });

  it('credits nobody for other orders or a self-referral', () => {
    expect(referralReward({ couponType: 'PROMOTION', referrerId: null, customerId: 'cust-1' })).toBeNull();
    expect(referralReward({ couponType: null, customerId: 'cust-1' })).toBeNull();
    expect(referralReward({ couponType: 'REFERRAL', referrerId: 'cust-1', customerId: 'cust-1' })).toBeNull();
  });
});
