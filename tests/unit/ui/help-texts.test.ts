import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/features/catalog';
import { catalogMessages } from '../../../src/features/catalog/i18n/messages';
import { DELIVERY_METHODS, type DeliveryMethod } from '../../../src/features/checkout';
import { SEPA_COUNTRIES } from '../../../src/features/orders';
import { LOCALES, type Locale } from '../../../src/platform/i18n/locales';
import { createDemoProvider, PAYMENT_METHOD_TYPES, stripeGateway, type PaymentMethodType } from '../../../src/platform/payments';
import { helpMessages } from '../../../src/ui/layout/help-messages';
import { loadShopOffer, offerOf, providerPaymentFacts } from '../../../src/ui/layout/load-shop-offer';
import { shellMessages } from '../../../src/ui/layout/messages';
import { commonCourierHours, deliveryAnswer, offerParams, paymentAnswer, paymentMethodNames, type PharmacyOfferFacts, type ShopOffer } from '../../../src/ui/layout/shop-offer';
import { termsMessages } from '../../../src/ui/legal/terms';
import { pageMessages } from '../../../src/ui/pages/messages';
import { interpolate } from '../../../src/platform/i18n/messages';

/*
 * Issue 31: the texts that describe the shop to customers say what the checkout offers. The help
 * widget once said direct debit and invoice were not offered while checkout offered both. These
 * tests read the answers as a customer does (the words that name a method) and compare them with
 * the configuration the checkout runs on: the provider's payment methods and the catalogue's
 * pharmacies (delivery methods, opening hours).
 */

/** The words that name a payment method in each language. */
const PAYMENT_WORDS: Record<Locale, Record<PaymentMethodType, RegExp>> = {
  en: { card: /\bcard\b/i, paypal: /PayPal/, sepa_debit: /direct debit/i, klarna: /invoice/i },
  de: { card: /Karte/, paypal: /PayPal/, sepa_debit: /Lastschrift/, klarna: /Rechnung/ },
};
const DELIVERY_WORDS: Record<Locale, Record<DeliveryMethod, RegExp>> = {
  en: { courier: /courier/i, parcel: /parcel/i, pickup: /collect/i },
  de: { courier: /Botendienst/, parcel: /Paket/, pickup: /abholen|Abholung/ },
};
const WALLET_WORDS = /Apple Pay|Google Pay/;
const NOT_OFFERED = { en: /not offered|not available/i, de: /(bieten wir|gibt es) (noch )?nicht an/i };

const named = <K extends string>(text: string, words: Record<K, RegExp>): K[] =>
  (Object.keys(words) as K[]).filter((key) => words[key].test(text));
const times = (text: string) => [...text.matchAll(/\b\d{2}:\d{2}\b/g)].map((match) => match[0]);

const DAILY = (opens: string, closes: string) =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ opens, closes }]]));
const pharmacy = (deliveryOptions: string[], hours = DAILY('08:00', '22:00'), selfPickupOnly = false): PharmacyOfferFacts => ({
  openingHours: hours,
  deliveryOptions,
  selfPickupOnly,
});

function expectInStep(offer: ShopOffer, locale: Locale) {
  const delivery = deliveryAnswer(offer, locale);
  const payment = paymentAnswer(offer, locale);
  expect(named(payment, PAYMENT_WORDS[locale]).sort(), `${locale} payment answer: ${payment}`).toEqual([...offer.payment.methods].sort());
  expect(WALLET_WORDS.test(payment)).toBe(offer.payment.wallets && offer.payment.methods.includes('card'));
  expect(named(delivery, DELIVERY_WORDS[locale]), `${locale} delivery answer: ${delivery}`).toEqual(offer.delivery.methods);
  const hours = offer.delivery.courierHours;
  expect(times(delivery)).toEqual(hours && offer.delivery.methods.includes('courier') ? [hours.opens, hours.closes] : []);
  expect(delivery).not.toMatch(NOT_OFFERED[locale]);
  expect(payment).not.toMatch(NOT_OFFERED[locale]);
}

describe('help texts and the configuration', () => {
  it('the providers offer in the browser what the help texts are told they offer', () => {
    const demo = createDemoProvider().browserConfig();
    const stripe = stripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' }).browserConfig();
    expect(providerPaymentFacts({}).methods).toEqual(demo.methods);
    expect(providerPaymentFacts({}).wallets).toBe(demo.wallets);
    expect(providerPaymentFacts({ PAYMENT_PROVIDER: 'stripe' }).methods).toEqual(stripe.methods);
    expect(providerPaymentFacts({ STRIPE_SECRET_KEY: 'sk_test_x' }).methods).toEqual(stripe.methods);
    expect(providerPaymentFacts({ PAYMENT_PROVIDER: 'stripe' }).wallets).toBe(stripe.wallets);
  });

  it.each(LOCALES)('the demo shop (%s): every method checkout offers is named, and nothing else', async (locale) => {
    const { pharmacies } = await loadCatalog();
    const offer = offerOf(pharmacies, {});
    // What checkout offers the demo customer (German address, of age, 10–1,000 €): all four and the wallets.
    expect(offer.payment.methods).toEqual([...PAYMENT_METHOD_TYPES]);
    expect(offer.delivery.methods).toEqual([...DELIVERY_METHODS]);
    expect(offer.delivery.courierHours).toEqual({ opens: '08:00', closes: '22:00' });
    expectInStep(offer, locale);
    // The SEPA sentence says "a German address": the rule's countries.
    expect(SEPA_COUNTRIES).toEqual(['DE']);
    // What the pages render with (pharmacies.json read alone) is the validated catalogue's offer.
    expect(await loadShopOffer({})).toEqual(offer);
  });

  it.each(LOCALES)('with Stripe (%s) the answer leaves out direct debit, which Stripe is not offered for', async (locale) => {
    const { pharmacies } = await loadCatalog();
    const offer = offerOf(pharmacies, { PAYMENT_PROVIDER: 'stripe' });
    expect(offer.payment.methods).not.toContain('sepa_debit');
    expectInStep(offer, locale);
  });

  it.each(LOCALES)('other configurations (%s): the answers follow the pharmacies and the provider', (locale) => {
    const payment = providerPaymentFacts({});
    const variants: ShopOffer[] = [
      offerOf([pharmacy(['courier', 'pickup']), pharmacy(['pickup'], DAILY('09:00', '18:00'), true)], {}),
      offerOf([pharmacy(['courier']), pharmacy(['courier', 'parcel'], DAILY('07:00', '23:00'))], {}),
      offerOf([pharmacy(['pickup'], DAILY('08:00', '20:00'), true)], {}),
      offerOf([pharmacy(['courier', 'parcel', 'pickup'], DAILY('10:00', '02:00'))], {}),
    ];
    for (const offer of variants) expectInStep(offer, locale);
    for (const methods of [['card'], ['card', 'paypal'], ['paypal', 'klarna'], ['card', 'sepa_debit']] as PaymentMethodType[][]) {
      expectInStep({ ...variants[0]!, payment: { ...payment, methods } }, locale);
    }
    expectInStep({ ...variants[0]!, payment: { ...payment, wallets: false } }, locale);
  });

  it('courier hours are the window every courier pharmacy keeps daily, or none', () => {
    expect(commonCourierHours([pharmacy(['courier']), pharmacy(['courier'], DAILY('08:00', '23:00'))])).toEqual({ opens: '08:00', closes: '22:00' });
    expect(commonCourierHours([pharmacy(['courier'], DAILY('10:00', '00:00'))])).toEqual({ opens: '10:00', closes: '24:00' });
    // A self-pickup-only pharmacy's hours do not bound the courier's.
    expect(commonCourierHours([pharmacy(['courier']), pharmacy(['pickup'], DAILY('12:00', '14:00'), true)])).toEqual({ opens: '08:00', closes: '22:00' });
    const closedSunday = { ...DAILY('08:00', '22:00'), sun: [] };
    expect(commonCourierHours([pharmacy(['courier'], closedSunday)])).toBeNull();
    expect(commonCourierHours([pharmacy(['courier'], DAILY('08:00', '12:00')), pharmacy(['courier'], DAILY('13:00', '20:00'))])).toBeNull();
    expect(commonCourierHours([pharmacy(['pickup'])])).toBeNull();
  });

  it.each(LOCALES)('footer and terms (%s) name the same hours and parcel days as the help answer', async (locale) => {
    const { pharmacies } = await loadCatalog();
    const offer = offerOf(pharmacies, {});
    const params = offerParams(offer, locale);
    const footer = interpolate(shellMessages[locale].footerDelivery, params);
    const courier = interpolate(termsMessages[locale].deliveryCourier, params);
    const parcel = interpolate(termsMessages[locale].deliveryParcel, params);
    expect(times(footer)).toEqual(['08:00', '22:00']);
    expect(times(courier)).toEqual(['08:00', '22:00']);
    expect(parcel).toContain(`${offer.delivery.parcelDays.min}–${offer.delivery.parcelDays.max}`);
    expect(footer).toContain(String(offer.delivery.asapMinutes));
  });

  it.each(LOCALES)('the home page (%s): hero hours and the payment badge follow the offer', async (locale) => {
    const { pharmacies } = await loadCatalog();
    for (const env of [{}, { PAYMENT_PROVIDER: 'stripe' }]) {
      const offer = offerOf(pharmacies, env);
      const params = { ...offerParams(offer, locale), methods: paymentMethodNames(offer, locale) };
      const badge = interpolate(catalogMessages[locale].trustPayment, params);
      expect(named(badge, PAYMENT_WORDS[locale]).sort(), badge).toEqual([...offer.payment.methods].sort());
      expect(times(interpolate(catalogMessages[locale].homeHero, params))).toEqual(['08:00', '22:00']);
    }
  });

  it('no describing text hard-codes hours, and none but the per-method sentences names a method', () => {
    const tables = { helpMessages, pageMessages, shellMessages, termsMessages, catalogMessages };
    const perMethod = /^(method(Card|PayPal|Sepa|Invoice)|pay(Card|Wallets|PayPal|Sepa|Invoice|CardData|SepaWhen)|delivery(Courier|Parcel|Pickup|PickupOnly|Fee))$/;
    for (const [name, table] of Object.entries(tables)) {
      for (const locale of LOCALES) {
        for (const [key, text] of Object.entries(table[locale] as Record<string, string>)) {
          expect(times(text), `${name}.${locale}.${key} names an hour: say {courierHours}`).toEqual([]);
          if (name !== 'helpMessages' || perMethod.test(key)) continue;
          // "card" also names the health insurance card (prescriptions): the other methods' words only.
          expect(named(text, PAYMENT_WORDS[locale]).filter((method) => method !== 'card'), `${name}.${locale}.${key}`).toEqual([]);
          expect(text).not.toMatch(NOT_OFFERED[locale]);
        }
      }
    }
  });

  it('the help widget and the help page show these answers', () => {
    const widget = readFileSync('src/ui/layout/HelpWidget.astro', 'utf8');
    expect(widget).toContain('deliveryAnswer(offer, locale)');
    expect(widget).toContain('paymentAnswer(offer, locale)');
    expect(readFileSync('src/ui/pages/HelpPage.astro', 'utf8')).toContain('deliveryAnswer(offer, locale)');
  });
});
