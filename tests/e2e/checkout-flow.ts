import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { checkoutMessages } from '../../src/features/checkout/model/public';
import { SAFETY_QUESTION_KEYS } from '../../src/features/checkout/model/order-choices';
import { checkoutUiMessages } from '../../src/features/checkout/i18n/ui-messages';
import { orderUiMessages } from '../../src/features/orders/i18n/ui-messages';
import { staffMessages } from '../../src/features/orders/i18n/staff-messages';
import { orderMessages } from '../../src/features/orders/model/public';
import { errorMessages } from '../../src/platform/http/error-codes';
import { DEMO_PSP_TEXT } from '../../src/platform/payments/demo-routes';
import { TEST_CARDS } from '../../src/platform/payments/test-cards';
import { formatPrice } from '../../src/platform/i18n/format';
import { products } from './catalog-data';
import { registerViaApi, uniqueEmail, type Locale } from './support/accounts';
import { SHOP_ORIGIN } from './support/ports';
import type { ShopTime } from './support/shop-time';

/*
 * What the checkout specs share: customers prepared through the API (address, pharmacy, cart), the
 * screens' own texts in both languages, and the steps of a checkout.
 */

export const texts = (locale: Locale) => ({
  ui: checkoutUiMessages[locale],
  summary: checkoutMessages[locale],
  order: orderUiMessages[locale],
  staff: staffMessages[locale],
  labels: orderMessages[locale],
  errors: errorMessages[locale],
  psp: DEMO_PSP_TEXT[locale],
});

export const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key]));

interface CatalogPharmacy {
  id: string;
  address: { street: string; houseNumber: string; postalCode: string; city: string };
}
const pharmacies = JSON.parse(readFileSync('catalog/pharmacies.json', 'utf8')) as CatalogPharmacy[];

/** A delivery address inside the pharmacy's delivery zone: next door to it. */
export function addressNear(pharmacyId: string) {
  const { address } = pharmacies.find((pharmacy) => pharmacy.id === pharmacyId)!;
  return { street_address: address.street, house_number: address.houseNumber, postal_code: address.postalCode, locality: address.city };
}
/** Typed into the demo provider's hosted fields (the provider's page, never the shop's form). */
export const CARD = { number: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDSecure: '4000 0027 6000 3184', expiry: '12/34', cvc: '123' };
export const PHARMACIST_PASSWORD = 'apobote-pharmacist';

// The demo coupons the server imported (catalog/coupons.json): a fixed amount off from a minimum order value.
const coupons = JSON.parse(readFileSync('catalog/coupons.json', 'utf8')) as { code: string; discount: { amountCents?: number }; minOrderCents?: number; validFrom?: string; validUntil: string; minOrderCount?: number; usageLimit?: number; categories?: string[] }[];
export const COUPON = coupons.find(
  (coupon) => coupon.discount.amountCents && !coupon.validFrom && !coupon.minOrderCount && !coupon.usageLimit && !coupon.categories && coupon.validUntil > '2027',
)!;

// Stock per pharmacy and PZN, as the e2e server imported it.
const stock = new Map<string, number>();
for (const row of readFileSync('catalog/stock.csv', 'utf8').trim().split('\n').slice(1)) {
  const [pharmacyId, pzn, quantity] = row.split(',');
  stock.set(`${pharmacyId}/${pzn}`, Number(quantity));
}
export const BERLIN = ['berlin-alexanderplatz', 'berlin-hauptbahnhof', 'berlin-kreuzberg', 'berlin-prenzlauer-berg', 'berlin-charlottenburg'] as const;

/**
 * A product coupons may discount (not a medicine, not reduced, not collect-in-person) that every
 * Berlin pharmacy holds plenty of; two of them reach the coupon's minimum and stay below free delivery.
 */
export const PRODUCT = products.find(
  (p) =>
    p.kind === 'non-medicine' &&
    !p.wasPriceCents &&
    !p.collectInPersonOnly &&
    p.priceCents * 2 >= (COUPON.minOrderCents ?? 0) &&
    p.priceCents * 2 < 3000 &&
    BERLIN.every((id) => (stock.get(`${id}/${p.pzn}`) ?? 0) >= 20),
)!;
export const QUANTITY = 2;

export async function api<T = unknown>(request: APIRequestContext, token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  // Same-origin like the shop's own pages (Astro refuses body-less cross-site writes such as DELETE).
  const headers = { Authorization: `Bearer ${token}`, Origin: SHOP_ORIGIN };
  const response = await request.fetch(path, { method, headers, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new customer with a delivery address `pharmacyId` serves and PRODUCT × QUANTITY in the cart there. */
export async function shopper(request: APIRequestContext, locale: Locale, tag: string, pharmacyId: string): Promise<string> {
  const token = await registerViaApi(request, uniqueEmail(`checkout-${tag}-${locale}`), locale);
  await api(request, token, 'POST', '/api/v1/user/shipping/', addressNear(pharmacyId));
  await api(request, token, 'PUT', '/api/v1/user/cart/pharmacy', { pharmacyId });
  await api(request, token, 'PUT', `/api/v1/user/cart/items/${PRODUCT.pzn}`, { quantity: QUANTITY });
  return token;
}

interface DraftAnswer {
  id: string;
  order_number: string;
  delivery_options: { courier: { asap: boolean; tomorrow: { start: string }[] } | null };
}

/** Places an order through the API, as the checkout screen would (its own spec covers the screen). */
export async function placedOrder(request: APIRequestContext, token: string, locale: Locale, options: { couponCode?: string | null; saveCard?: boolean } = {}): Promise<DraftAnswer> {
  const meta = { sessionId: randomUUID(), irClickId: null, locale };
  const draft = await api<DraftAnswer>(request, token, 'POST', '/api/v2/user/orders', { meta });
  const courier = draft.delivery_options.courier!;
  const delivery = courier.asap ? { option: 'asap' } : { option: 'tomorrow', slot_start: courier.tomorrow[0]!.start };
  await api(request, token, 'PUT', `/api/v2/user/orders/${draft.id}`, {
    delivery,
    safety: { pregnant: false, underage: false, nursing: true, for_someone_else: false, consulted_by_pharmacy: false },
    consent_pharmacy_data: true,
    phone: '0151 98765432',
    ...(options.couponCode ? { coupon_code: options.couponCode } : {}),
    meta,
  });
  const key = randomUUID();
  const intent = await request.post(`/api/v2/user/orders/${draft.id}/payment-intents`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': key },
    data: { method: 'card', return_url: checkoutPath(locale), ...(options.saveCard ? { save_card: true } : {}) },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { intent_id: intentId, client_secret: clientSecret } = (await intent.json()) as { intent_id: string; client_secret: string };
  // What the hosted fields do: the card goes to the (demo) provider, never to the shop's API.
  const confirmed = await request.post(`/demo-psp/v1/payment_intents/${intentId}/confirm`, {
    headers: { Origin: SHOP_ORIGIN },
    data: { client_secret: clientSecret, type: 'card', number: TEST_CARDS.visa, expiry: '12/34', cvc: '123' },
  });
  expect(((await confirmed.json()) as { status: string }).status).toBe('requires_capture');
  const response = await request.post(`/api/v2/user/orders/${draft.id}/place`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': key },
    data: { payment: { payment_intent_id: intentId } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return draft;
}

export async function staffToken(request: APIRequestContext, pharmacyId: string): Promise<string> {
  const response = await request.post('/api/v1/user/login', { data: { email: `${pharmacyId}@staff.apobote.de`, password: PHARMACIST_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Logs the page in with `token` before its first page (a later logout stays logged out). */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e.token-set')) {
      localStorage.setItem('apobote.token', value);
      sessionStorage.setItem('e2e.token-set', '1');
    }
  }, token);
}

export const checkoutPath = (locale: Locale) => (locale === 'de' ? '/de/shop/checkout/' : '/shop/checkout/');
export const staffPath = (locale: Locale) => (locale === 'de' ? '/de/staff/' : '/staff/');

/** Opens the checkout and waits until the draft is there and the island can take input. */
export async function openCheckout(page: Page, locale: Locale): Promise<void> {
  await page.goto(checkoutPath(locale));
  await expect(page.getByRole('button', { name: texts(locale).ui.orderButton, exact: true })).toBeEnabled({ timeout: 15_000 });
}

export const deliveryGroup = (page: Page, locale: Locale) => page.getByRole('group', { name: texts(locale).ui.deliveryLegend });

/**
 * The delivery time a customer picks at that time of day (the spec runs at it, support/shop-time.ts):
 * as soon as possible while the pharmacy is open; at night only the pre-order for tomorrow is
 * offered. Both are courier deliveries.
 */
export async function chooseDeliveryTime(page: Page, locale: Locale, time: ShopTime): Promise<void> {
  const t = texts(locale);
  const asap = deliveryGroup(page, locale).getByLabel(fill(t.summary.asap, { minutes: 30 }));
  if (time === 'day') {
    await asap.check();
    return;
  }
  await expect(asap).toHaveCount(0);
  await deliveryGroup(page, locale).getByLabel(t.summary.tomorrow).check();
}

export async function answerSafetyQuestions(page: Page, locale: Locale): Promise<void> {
  const t = texts(locale);
  for (const key of SAFETY_QUESTION_KEYS) {
    await page.getByRole('group', { name: t.ui[`safety.${key}`] }).getByLabel(key === 'for_someone_else' ? t.ui.yes : t.ui.no, { exact: true }).check();
  }
}

/** The provider's hosted card fields: an iframe of the (demo) provider's page inside the payment section. */
/**
 * The provider's card fields, scrolled to as a customer does: the checkout loads them when they come
 * near the screen or at the first touch of the form, not with the page (HostedFrame).
 */
export async function hostedFields(page: Page, locale: Locale) {
  const frame = page.locator(`iframe[title="${texts(locale).ui.hostedFieldsTitle}"]`);
  await frame.scrollIntoViewIfNeeded();
  return frame.contentFrame();
}

export async function fillCard(page: Page, locale: Locale, number = CARD.number): Promise<void> {
  const t = texts(locale);
  const fields = await hostedFields(page, locale);
  await fields.getByLabel(t.psp.number).fill(number);
  await fields.getByLabel(t.psp.expiry).fill(CARD.expiry);
  await fields.getByLabel(t.psp.cvc).fill(CARD.cvc);
}

export const tipLabel = (cents: number, locale: Locale) => formatPrice(cents, locale);

export const orderIdFromUrl = (page: Page): string => new URL(page.url()).searchParams.get('id') ?? '';
