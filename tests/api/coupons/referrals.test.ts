import { describe, expect, it } from 'vitest';
import { validThrough } from '../../../src/features/coupons';
import { call } from '../support/shopper';
import { DAILY, newCustomer, pharmacistToken, place, PLASTER, readyDraft, setStock, staffPost, useOrdersApp, VISA, type Customer } from '../orders/harness';
import { insertCoupon } from './harness';

/*
 * Refer a friend end to end through the API: the friend claims the share link (invited), orders
 * with the code (ordered), the order is delivered (reward credited), and what each side sees.
 */
const h = useOrdersApp();

type Referral = {
  code: string;
  friends_count: number;
  rewards_count: number;
  rewards_cents: number;
  referrals: { state: string; invited_at: string | null; ordered_at: string | null; credited_at: string | null }[];
};
type CouponItem = { code: string; type: string; seen: boolean; max_order_count: number | null; description: { en: string; de: string }; blocked: { code: string; message: { en: string; de: string } } | null };
type Wallet = { balance_cents: number; transactions: { kind: string; amount_cents: number; order_id: string | null; created_at: string }[] };

const referral = (token: string) => call<Referral>(h.app, '/v1/user/referral', { token });
const claim = (token: string, code: unknown, lang?: 'en' | 'de') => call<{ code: string; discount_cents: number; claimed_at: string }>(h.app, '/v1/user/referral/claim', { token, body: { code }, ...(lang ? { lang } : {}) });
const couponsOf = (token: string) => call<{ items: CouponItem[] }>(h.app, '/v1/user/coupons', { token });
const unseenOf = (token: string) => call<{ items: CouponItem[]; count: number }>(h.app, '/v1/user/unseen-coupons', { token });
const walletOf = (token: string) => call<Wallet>(h.app, '/v1/user/wallet', { token });

async function placeWith(customer: Customer, code: string | null) {
  const { draft } = await readyDraft(h.app, { [PLASTER]: 5 }, code ? { coupon_code: code } : {}, customer);
  const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
  if (placed.status !== 200) throw new Error(`placement failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body;
}

describe('POST /v1/user/referral/claim', () => {
  it('needs a login and a code', async () => {
    expect((await call(h.app, '/v1/user/referral/claim', { body: { code: 'REF-23456789' } })).status).toBe(401);
    const friend = await newCustomer(h.app);
    for (const body of [{}, { code: '' }, { code: 42 }]) {
      expect((await call(h.app, '/v1/user/referral/claim', { token: friend.token, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses an unknown code (404) and one’s own code (422), in the request language', async () => {
    const customer = await newCustomer(h.app);
    const own = (await referral(customer.token)).body.code;
    const unknown = await claim(customer.token, 'REF-22222222', 'de');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'COUPON_REFERRAL_INVALID', message: 'Dieser Empfehlungscode ist falsch oder nicht mehr aktiv.' });
    const mine = await claim(customer.token, own.toLowerCase());
    expect(mine.status).toBe(422);
    expect(mine.body).toEqual({ code: 'COUPON_OWN_REFERRAL', message: 'You cannot use your own referral code.' });
    expect((await referral(customer.token)).body.referrals).toEqual([]);
  });

  it('refuses a friend who has ordered before: referral codes are for the first order', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const referrer = await newCustomer(h.app);
    const code = (await referral(referrer.token)).body.code;
    const regular = await newCustomer(h.app);
    await placeWith(regular, null);
    const refused = await claim(regular.token, code);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('COUPON_REFERRAL_FIRST_ORDER_ONLY');
    expect((await referral(referrer.token)).body.referrals).toEqual([]);
  });
});

describe('refer a friend, from the link to the reward', () => {
  it('shows the friend as invited, then ordered, then rewarded, and credits the referrer’s wallet once', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const referrer = await newCustomer(h.app);
    const friend = await newCustomer(h.app);
    const stranger = await newCustomer(h.app);
    const code = (await referral(referrer.token)).body.code;

    // The link: the friend is invited, and their coupons offer the code for the first order.
    const claimed = await claim(friend.token, ` ${code.toLowerCase()} `);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ code, discount_cents: 1000 });
    const again = await claim(friend.token, code);
    expect(again.body.claimed_at).toBe(claimed.body.claimed_at);
    let screen = (await referral(referrer.token)).body;
    expect(screen.referrals).toEqual([{ state: 'invited', invited_at: claimed.body.claimed_at, ordered_at: null, credited_at: null }]);
    expect(screen.friends_count).toBe(0);

    const offered = (await couponsOf(friend.token)).body.items.find((item) => item.code === code);
    expect(offered).toMatchObject({ type: 'REFERRAL', seen: true, max_order_count: 0, blocked: null });
    expect(offered!.description.en).toContain('For your first order only.');
    expect((await unseenOf(friend.token)).body.items.map((item) => item.code)).not.toContain(code);
    // Nobody else is offered the friend's code, and the referrer does not see it among their coupons.
    for (const other of [referrer, stranger]) expect((await couponsOf(other.token)).body.items.map((item) => item.code)).not.toContain(code);

    // The friend orders with the code: ordered.
    const order = await placeWith(friend, code);
    expect(order.totals.coupon_discount_cents).toBe(1000);
    screen = (await referral(referrer.token)).body;
    expect(screen.referrals).toHaveLength(1);
    expect(screen.referrals[0]).toMatchObject({ state: 'ordered', invited_at: claimed.body.claimed_at, credited_at: null });
    expect(screen.referrals[0]!.ordered_at).not.toBeNull();
    expect(screen.friends_count).toBe(1);
    // Used: no longer offered to the friend.
    expect((await couponsOf(friend.token)).body.items.map((item) => item.code)).not.toContain(code);

    // Delivered: the referrer is credited, and sees it on both screens.
    const staff = await pharmacistToken(h.app, DAILY);
    for (const action of ['accept', 'check', 'pack', 'pickup', 'deliver']) expect((await staffPost(h.app, staff, order.id, action)).status, action).toBe(200);
    screen = (await referral(referrer.token)).body;
    expect(screen.referrals).toHaveLength(1);
    expect(screen.referrals[0]!.state).toBe('reward_credited');
    expect(screen.referrals[0]!.credited_at).not.toBeNull();
    expect(screen).toMatchObject({ rewards_count: 1, rewards_cents: 1000 });
    const wallet = (await walletOf(referrer.token)).body;
    expect(wallet.balance_cents).toBe(1000);
    expect(wallet.transactions).toEqual([expect.objectContaining({ kind: 'referral_reward', amount_cents: 1000, order_id: order.id })]);

    // Nothing of it is visible to anyone else, and an entry names no one.
    expect(Object.keys(screen.referrals[0]!).sort()).toEqual(['credited_at', 'invited_at', 'ordered_at', 'state']);
    for (const other of [friend, stranger]) {
      expect((await referral(other.token)).body).toMatchObject({ referrals: [], friends_count: 0, rewards_count: 0 });
    }
    expect((await walletOf(friend.token)).body.transactions.some((row) => row.kind === 'referral_reward')).toBe(false);
    expect((await walletOf(stranger.token)).body).toMatchObject({ balance_cents: 0, transactions: [] });
  });

  it('lists a friend who typed the code at checkout without the link as ordered, never invited', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const referrer = await newCustomer(h.app);
    const code = (await referral(referrer.token)).body.code;
    await placeWith(await newCustomer(h.app), code);
    const [entry] = (await referral(referrer.token)).body.referrals;
    expect(entry).toMatchObject({ state: 'ordered', invited_at: null, credited_at: null });
  });
});

describe('why a coupon cannot be used now', () => {
  it('says so with the order-count rules before any cart, and says nothing for a usable coupon', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    await insertCoupon(h.db, { code: 'LOYAL3', minOrderCount: 2, expiresAt: validThrough('2026-12-31') });
    await insertCoupon(h.db, { code: 'FIRSTONLY', maxOrderCount: 0, expiresAt: validThrough('2026-12-31') });
    await insertCoupon(h.db, { code: 'SUMMER', startsAt: new Date('2026-07-01T00:00:00+02:00'), expiresAt: validThrough('2026-08-31') });
    const customer = await newCustomer(h.app);
    const byCode = async () => new Map((await couponsOf(customer.token)).body.items.map((item) => [item.code, item]));

    let items = await byCode();
    expect(items.get('FIRSTONLY')!.blocked).toBeNull();
    expect(items.get('LOYAL3')!.blocked).toEqual({
      code: 'COUPON_ORDER_COUNT_NOT_REACHED',
      message: { en: expect.any(String), de: expect.any(String) },
    });
    expect(items.get('SUMMER')!.blocked!.code).toBe('COUPON_NOT_YET_VALID');
    expect(items.get('SUMMER')!.blocked!.message.de).toContain('01.07.2026');

    // An accepted order counts: "first order only" no longer applies.
    const order = await placeWith(customer, null);
    const staff = await pharmacistToken(h.app, DAILY);
    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(200);
    items = await byCode();
    expect(items.get('FIRSTONLY')!.blocked!.code).toBe('COUPON_ORDER_COUNT_EXCEEDED');
    expect(items.get('FIRSTONLY')!.blocked!.message.en).toBe('This coupon is valid for your first order only.');
  });
});
