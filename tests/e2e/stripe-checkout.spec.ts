import { expect, test, type Page } from '@playwright/test';
import { LOCALES, type Locale } from './support/accounts';
import { SHOP_ORIGIN } from './support/ports';
import { atShopTime } from './support/shop-time';
import { STAND_IN_CALLS_KEY, STRIPE_JS_STAND_IN, STRIPE_JS_STAND_IN_PATH, type StandInCalls } from './support/stripe-js-stand-in';
import { answerSafetyQuestions, api, CARD, chooseDeliveryTime, openCheckout, orderIdFromUrl, shopper, texts, useToken } from './checkout-flow';

/*
 * The checkout island's Stripe path in a real browser: Stripe.js loaded by a script tag from the
 * URL the server names, the Payment Element mounted for the chosen method and amount (held:
 * manual capture), submitted inside the click, the PaymentIntent created by the shop's server and
 * confirmed with the element, the client secret and the return URL; 3-D Secure leaving for the
 * provider's page and coming back to the checkout, which places the order.
 *
 * What stands in, and so is NOT covered here: Stripe itself. The e2e server runs the demo provider,
 * so this spec answers the shop's payment-options call as a Stripe-configured shop would (provider
 * stripe, a publishable key, the Stripe.js URL) and serves a stand-in Stripe.js
 * (support/stripe-js-stand-in.ts) that confirms through the demo provider, Stripe's look-alike. The
 * server's Stripe adapter and the Stripe CSP are covered by unit and HTTP tests
 * (tests/unit/payments, tests/unit/server/payment-http.test.ts).
 */

test.use(atShopTime('day'));

async function asStripeShop(page: Page): Promise<void> {
  await page.route(`**${STRIPE_JS_STAND_IN_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: STRIPE_JS_STAND_IN }));
  await page.route('**/api/v2/user/orders/*/payment-options', async (route) => {
    const answer = await route.fetch();
    const options = (await answer.json()) as { methods: string[] };
    await route.fulfill({
      response: answer,
      json: {
        ...options,
        provider: 'stripe',
        publishable_key: 'pk_test_stand_in',
        hosted_fields_url: null,
        script_url: `${SHOP_ORIGIN}${STRIPE_JS_STAND_IN_PATH}`,
        methods: options.methods.filter((method) => method !== 'sepa_debit'),
        wallets: true,
      },
    });
  });
}

async function readyCheckout(page: Page, locale: Locale, token: string): Promise<void> {
  const t = texts(locale);
  await asStripeShop(page);
  await useToken(page, token);
  await openCheckout(page, locale);
  await chooseDeliveryTime(page, locale, 'day');
  await answerSafetyQuestions(page, locale);
  await page.getByLabel(t.ui.phoneLabel).fill('030 1234567');
  await page.getByLabel(t.ui.consentLabel).check();
}

async function typeCard(page: Page, number: string): Promise<void> {
  const element = page.locator('#checkout-stripe-element');
  await element.getByLabel('Stand-in card number').fill(number);
  await element.getByLabel('Stand-in expiry').fill(CARD.expiry);
  await element.getByLabel('Stand-in CVC').fill(CARD.cvc);
}

const calls = (page: Page) => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null') as StandInCalls, STAND_IN_CALLS_KEY);
const orderButton = (page: Page, locale: Locale) => page.getByRole('button', { name: texts(locale).ui.orderButton, exact: true });
const orderView = (locale: Locale) => new RegExp(`${locale === 'de' ? '/de' : ''}/shop/orders/view/\\?id=`);

for (const locale of LOCALES) {
  const t = texts(locale);

  test(`${locale}: a card in Stripe's Payment Element is held and the order placed`, async ({ page, request }) => {
    const token = await shopper(request, locale, 'stripe-card', 'berlin-kreuzberg');
    await readyCheckout(page, locale, token);
    const payment = page.getByRole('region', { name: t.ui.paymentHeading });
    await expect(payment.getByText(t.ui.stripeElementNote)).toBeVisible();
    // Stripe's element instead of the demo provider's hosted fields.
    await expect(page.locator(`iframe[title="${t.ui.hostedFieldsTitle}"]`)).toHaveCount(0);
    await typeCard(page, CARD.number);
    // The amount the element shows when the order is placed: its last update, else the one it was made with.
    const before = await calls(page);
    const due = (before.updates.filter((update) => 'amount' in update).at(-1)?.amount ?? before.elements.at(-1)!.amount) as number;
    await orderButton(page, locale).click();

    await expect(page).toHaveURL(orderView(locale), { timeout: 15_000 });
    const order = await api<{ status: string; totals: { amount_due_cents: number }; payment: Record<string, unknown> }>(request, token, 'GET', `/api/v1/user/orders/${orderIdFromUrl(page)}`);
    expect(order).toMatchObject({ status: 'pending', payment: { method: 'card', state: 'authorized', last4: '4242' } });
    const recorded = await calls(page);
    expect(recorded.key).toBe('pk_test_stand_in');
    expect(recorded.elements[0]).toEqual({ mode: 'payment', amount: recorded.elements[0]!.amount, currency: 'eur', captureMethod: 'manual', paymentMethodTypes: ['card'], locale });
    expect(due).toBe(order.totals.amount_due_cents);
    expect(recorded.submits).toBe(1);
    expect(recorded.confirms).toEqual([{ hasElements: true, clientSecret: expect.stringMatching(/^pi_demo_\d+_\w+_secret_\w+$/), returnUrl: expect.stringMatching(new RegExp(`^${SHOP_ORIGIN}${locale === 'de' ? '/de' : ''}/shop/`)), redirect: 'if_required' }]);
  });
}

test('en: 3-D Secure leaves for the provider and comes back to the checkout, which places the order', async ({ page, request }) => {
  const t = texts('en');
  const token = await shopper(request, 'en', 'stripe-3ds', 'berlin-kreuzberg');
  await readyCheckout(page, 'en', token);
  await typeCard(page, CARD.threeDSecure);
  await orderButton(page, 'en').click();
  await expect(page.getByRole('heading', { name: t.psp.challengeTitle })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: t.psp.pass }).click();

  await expect(page).toHaveURL(orderView('en'), { timeout: 15_000 });
  const order = await api<{ status: string; payment: Record<string, unknown> }>(request, token, 'GET', `/api/v1/user/orders/${orderIdFromUrl(page)}`);
  expect(order).toMatchObject({ status: 'pending', payment: { state: 'authorized', last4: '3184' } });
});

test("de: an incomplete card stops at the element's check: the shop's message, no PaymentIntent made", async ({ page, request }) => {
  const t = texts('de');
  const token = await shopper(request, 'de', 'stripe-incomplete', 'berlin-kreuzberg');
  const intents: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/payment-intents')) intents.push(sent.url());
  });
  await readyCheckout(page, 'de', token);
  await page.locator('#checkout-stripe-element').getByLabel('Stand-in card number').fill('4242');
  await orderButton(page, 'de').click();
  await expect(page.getByRole('region', { name: t.ui.paymentHeading }).getByRole('alert')).toHaveText(t.errors.CARD_INVALID);
  expect((await calls(page)).submits).toBe(1);
  expect(intents).toEqual([]);
});
