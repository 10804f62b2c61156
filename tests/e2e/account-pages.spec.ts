import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { couponPageMessages } from '../../src/features/coupons/i18n/page-messages';
import { overviewMessages } from '../../src/features/my-account/i18n/messages';
import { creditPageMessages } from '../../src/features/wallet/i18n/page-messages';
import { walletMessages } from '../../src/features/wallet/i18n/messages';
import { formatPrice } from '../../src/platform/i18n/format';
import { shellMessages } from '../../src/ui/layout/messages';
import { pageMessages } from '../../src/ui/pages/messages';
import { api, COUPON, fill, placedOrder, shopper, staffToken, texts as checkoutTexts, useToken } from './checkout-flow';
import { LOCALES, registerViaApi, shopPath, uniqueEmail, type Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { atShopTime } from './support/shop-time';

/*
 * The account pages of issue 11/12: coupons with their "new" badge until the page has been seen,
 * refer a friend from the share link to the credited reward, the credit page's statement, and the
 * "My Account" overview with its links and saved cards. Both languages; axe on every screen.
 */

// Orders in these tests are delivered at once: run at 10:00 Berlin, when the pharmacy is open.
test.use(atShopTime('day'));

const PHARMACY = 'berlin-alexanderplatz';

/** The account menu's trigger (its name counts new coupons once the badge script has run). */
const accountMenu = (page: Page, locale: Locale) => page.locator('summary.menu__trigger').filter({ hasText: shellMessages[locale].accountButton });

async function unseenCount(request: APIRequestContext, token: string): Promise<number> {
  return (await api<{ count: number }>(request, token, 'GET', '/api/v1/user/unseen-coupons')).count;
}

/** Places the shopper's cart as an order (with `code`, if given), the card kept for next time, through the API as the checkout would. */
async function orderWithCode(request: APIRequestContext, token: string, locale: Locale, code: string | null): Promise<string> {
  return (await placedOrder(request, token, locale, { couponCode: code, saveCard: true })).id;
}

for (const locale of LOCALES) {
  const c = couponPageMessages[locale];

  test(`${locale}: new coupons carry a badge in the account menu until the coupons page has been seen`, async ({ page, request }) => {
    const token = await registerViaApi(request, uniqueEmail(`coupons-${locale}`), locale);
    const count = await unseenCount(request, token);
    expect(count).toBeGreaterThan(0);
    await useToken(page, token);

    const home = shopPath(locale, '/shop/');
    await page.goto(home);
    const trigger = accountMenu(page, locale);
    await expect(trigger).toContainText(String(count));
    await expect(trigger).toHaveAccessibleName(new RegExp(fill(shellMessages[locale].unseenCouponsTrigger, { count })));
    await trigger.click();
    await expect(page.getByRole('link', { name: new RegExp(`^${shellMessages[locale].coupons}.*${fill(shellMessages[locale].unseenCoupons, { count })}`) })).toBeVisible();

    // The page shows what is new on this visit, and tells the server it has been seen.
    const seen = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/mark-seen') && response.request().method() === 'POST');
    await page.getByRole('link', { name: new RegExp(`^${shellMessages[locale].coupons}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/coupons/')}$`));
    await expect(page.getByRole('heading', { level: 1, name: pageMessages[locale].couponsTitle })).toBeVisible();
    const list = page.getByRole('list', { name: c.listLabel });
    await expect(list.getByText(c.newTag, { exact: true })).toHaveCount(count);
    const welcome = list.getByRole('listitem').filter({ hasText: COUPON.code });
    await expect(welcome.getByText(formatPrice(COUPON.minOrderCents ?? 0, locale), { exact: true })).toBeVisible();
    expect((await seen).status()).toBe(200);
    await expect(trigger.locator('[data-unseen-coupons]')).toBeHidden();
    await expectNoAxeViolations(page);

    expect(await unseenCount(request, token)).toBe(0);
    const badgeRead = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/unseen-coupons'));
    await page.goto(home);
    await badgeRead;
    await expect(accountMenu(page, locale).locator('[data-unseen-coupons]')).toBeHidden();
    await page.goto(shopPath(locale, '/shop/coupons/'));
    await expect(page.getByRole('list', { name: c.listLabel })).toBeVisible();
    await expect(page.getByText(c.newTag, { exact: true })).toHaveCount(0);
  });

  test(`${locale}: a friend's first delivered order through the share link credits the referrer, shown on both pages`, async ({ browser, page, request }) => {
    // Two customers, an order through its whole life and four screens with axe: more than the default 30 s under load.
    test.slow();
    const referrerToken = await registerViaApi(request, uniqueEmail(`referrer-${locale}`), locale);
    await useToken(page, referrerToken);

    // Empty states first: no referrals, no credit.
    await page.goto(shopPath(locale, '/shop/credit/'));
    await expect(page.getByRole('heading', { name: creditPageMessages[locale].emptyTitle })).toBeVisible();
    await expect(page.getByText(walletMessages[locale].usageDescription.slice(0, 40))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(shopPath(locale, '/shop/refer-friend/'));
    await expect(page.getByRole('heading', { name: c.referralsEmptyTitle })).toBeVisible();
    const link = await page.getByLabel(c.shareLinkLabel).inputValue();
    const code = new URL(link).searchParams.get('referral')!;
    expect(code).toMatch(/^REF-/);
    expect(new URL(link).pathname).toBe(shopPath(locale, '/shop/coupons/'));
    await expect(page.locator('code', { hasText: code })).toBeVisible();
    await expectNoAxeViolations(page);

    // The friend opens the link: the code is now among their coupons.
    const friendToken = await shopper(request, locale, `friend-${locale}`, PHARMACY);
    const friendContext = await browser.newContext(atShopTime('day'));
    const friendPage = await friendContext.newPage();
    await useToken(friendPage, friendToken);
    await friendPage.goto(new URL(link).pathname + new URL(link).search);
    await expect(friendPage.getByRole('status').filter({ hasText: code })).toBeVisible();
    await expect(friendPage.getByRole('heading', { name: c.referralTitle })).toBeVisible();
    await expect(friendPage).toHaveURL(new RegExp(`${shopPath(locale, '/shop/coupons/')}$`));
    await friendContext.close();

    await page.reload();
    const referrals = page.getByRole('region', { name: c.referralsHeading });
    await expect(referrals.getByText(c.stateInvited, { exact: true })).toBeVisible();

    // The friend's order with the code is delivered: reward credited.
    const orderId = await orderWithCode(request, friendToken, locale, code);
    const staff = await staffToken(request, PHARMACY);
    for (const action of ['accept', 'check', 'pack', 'pickup', 'deliver']) {
      const answer = await request.post(`/api/v1/pharmacy/orders/${orderId}/${action}`, { headers: { Authorization: `Bearer ${staff}` }, data: {} });
      expect(answer.status(), `${action}: ${await answer.text()}`).toBe(200);
    }
    await page.reload();
    await expect(referrals.getByText(c.stateCredited, { exact: true })).toBeVisible();
    await expect(referrals.getByText(fill(c.referralsSummary, { rewards: formatPrice(1000, locale) }))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(shopPath(locale, '/shop/credit/'));
    const credit = creditPageMessages[locale];
    await expect(page.getByText(fill(credit.balance, { amount: formatPrice(1000, locale) }))).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: walletMessages[locale].kindReferralReward });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: `+${formatPrice(1000, locale)}` })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test(`${locale}: My Account opens the overview, whose links lead to every account page, and saved cards can be deleted there`, async ({ page, request }) => {
    test.slow();
    const o = overviewMessages[locale];
    const token = await shopper(request, locale, `overview-${locale}`, PHARMACY);
    // An order paid with "save this card" leaves a saved card.
    await orderWithCode(request, token, locale, null);
    await useToken(page, token);

    await page.goto(shopPath(locale, '/shop/'));
    await accountMenu(page, locale).click();
    await page.getByRole('link', { name: shellMessages[locale].myAccount, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/account/')}$`));
    await expect(page.getByRole('heading', { level: 1, name: pageMessages[locale].accountTitle })).toBeVisible();

    const cards = page.getByRole('region', { name: o.cardsHeading });
    const card = cards.getByRole('listitem').filter({ hasText: '4242' });
    await expect(card).toHaveCount(1);
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: `${o.deleteCard}: ${fill(o.deleteCardContext, { brand: 'Visa', last4: '4242' })}` }).click();
    await expect(cards.getByRole('heading', { name: o.cardsEmptyTitle })).toBeVisible();
    await expect(cards.getByRole('heading', { name: o.cardsHeading, exact: true })).toBeFocused();
    expect((await api<{ items: unknown[] }>(request, token, 'GET', '/api/v1/user/cards')).items).toEqual([]);
    await expectNoAxeViolations(page);

    const nav = page.getByRole('navigation', { name: o.sectionsLabel });
    const targets: [string, string, string][] = [
      [o.orders, '/shop/orders/', pageMessages[locale].ordersTitle],
      [o.addresses, '/shop/addresses/', ''],
      [o.coupons, '/shop/coupons/', pageMessages[locale].couponsTitle],
      [o.credit, '/shop/credit/', pageMessages[locale].creditTitle],
      [o.referFriend, '/shop/refer-friend/', pageMessages[locale].referFriendTitle],
      [o.favorites, '/shop/favorites/', pageMessages[locale].favoritesTitle],
      [o.settings, '/shop/settings/', ''],
    ];
    for (const [name, path, heading] of targets) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${shopPath(locale, path)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.goBack();
    }
  });
}

test('en: "Use in checkout" carries the coupon code into the checkout’s coupon field', async ({ page, request }) => {
  const token = await shopper(request, 'en', 'use-coupon', PHARMACY);
  await useToken(page, token);
  await page.goto('/shop/coupons/');
  const item = page.getByRole('listitem').filter({ hasText: COUPON.code });
  await item.getByRole('link', { name: `${couponPageMessages.en.useInCheckout}: ${COUPON.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/checkout/\\?coupon=${COUPON.code}$`));
  await expect(page.getByLabel(checkoutTexts('en').ui.couponLabel)).toHaveValue(COUPON.code, { timeout: 15_000 });
});

test('the bottom navigation’s My Account entry opens the overview', async ({ browser, request }) => {
  const token = await registerViaApi(request, uniqueEmail('bottom-nav'), 'de');
  const context = await browser.newContext({ ...atShopTime('day'), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await useToken(page, token);
  await page.goto('/de/shop/');
  await page.getByRole('navigation', { name: shellMessages.de.mainNavLabel }).getByRole('link', { name: new RegExp(`^${shellMessages.de.bottomAccount}`) }).click();
  await expect(page).toHaveURL(/\/de\/shop\/account\/$/);
  await expect(page.getByRole('heading', { level: 1, name: pageMessages.de.accountTitle })).toBeVisible();
  await context.close();
});
