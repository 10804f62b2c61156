import { apiClient, attempt, mapOutcome } from '../../../platform/api-client';
import { readIssues, toProblem } from '../../../platform/api-client/problem';
import { reportedOutcome } from '../../../platform/error-reporting/browser';
import type { components } from '../../../platform/api-client/schema';
import { knownErrorCode } from '../../../platform/api-client/error-text';
import type { Locale } from '../../../platform/i18n/locales';
import { addressLine } from '../../addresses/client';
import { syncCart } from '../../cart/client';
import type { DeliveryOptions, DeliverySlot } from '../model/public';
import type { CardView, CheckoutApi, ShippingAddress } from './checkout-api';
import type { HostedPayment } from './hosted-payment';
import type { StripeCheckout } from './stripe-payment';
import { isDeliveryChoice, type Draft, type SafetyAnswers } from './draft';

type Schemas = components['schemas'];
type OrderDto = Schemas['Order'];

const slot = (dto: Schemas['DeliverySlot']): DeliverySlot => ({ start: dto.start, end: dto.end, date: dto.date, from: dto.from, to: dto.to });
const timed = (dto: Schemas['TimedDeliveryOptions'] | null) => (dto ? { asap: dto.asap, today: dto.today.map(slot), tomorrow: dto.tomorrow.map(slot) } : null);

function deliveryOptions(dto: OrderDto['delivery_options']): DeliveryOptions | null {
  if (!dto) return null;
  return {
    today: dto.today,
    tomorrow: dto.tomorrow,
    openNow: dto.open_now,
    closesAt: dto.closes_at,
    asapMinutes: dto.asap_minutes,
    pickupOnlyItems: dto.pickup_only_items,
    courier: timed(dto.courier),
    pickup: timed(dto.pickup),
    parcel: dto.parcel,
  };
}

/** The API's order (snake_case, as documented in its OpenAPI schema) as the checkout island reads it. */
export function toDraft(dto: OrderDto, locale: Locale): Draft {
  const { totals } = dto;
  const option = dto.delivery.option;
  return {
    id: dto.id,
    status: dto.status,
    pharmacy: dto.pharmacy ? { id: dto.pharmacy.id, name: dto.pharmacy.name, phone: dto.pharmacy.phone || null } : null,
    lines: dto.lines.map((line) => ({
      pzn: line.pzn,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      lineTotalCents: line.line_total_cents,
      vatRate: line.vat_rate,
      couponDiscountCents: line.coupon_discount_cents,
      coPaymentPerPackCents: line.prescription?.co_payment_per_pack_cents,
    })),
    totals: {
      subtotalCents: totals.subtotal_cents,
      deliveryFeeCents: totals.delivery_fee_cents,
      couponDiscountCents: totals.coupon_discount_cents,
      walletCents: totals.wallet_cents,
      tipCents: totals.tip_cents,
      vat: totals.vat.map((share) => ({ rate: share.rate, grossCents: share.gross_cents, vatCents: share.vat_cents })),
      vatTotalCents: totals.vat_total_cents,
      totalCents: totals.total_cents,
      amountDueCents: totals.amount_due_cents,
    },
    deliveryOptions: deliveryOptions(dto.delivery_options),
    coupon: dto.coupon
      ? {
          code: dto.coupon.code,
          ok: dto.coupon.ok,
          error: dto.coupon.error ? { code: knownErrorCode(dto.coupon.error.code), message: dto.coupon.error.message } : null,
        }
      : null,
    issues: readIssues(dto.issues, locale),
    warnings: dto.warnings.map((warning) => ({ code: knownErrorCode(warning.code), message: warning.message })),
    delivery: option && isDeliveryChoice(option) ? { option, slotStart: dto.delivery.slot_start } : null,
    proposal: dto.issues.find((issue) => issue.proposed_pharmacy)?.proposed_pharmacy ?? null,
    answers: {
      shippingAddressId: dto.shipping_address?.id ?? null,
      safety: Object.fromEntries(Object.entries(dto.safety ?? {}).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean')) as Partial<SafetyAnswers>,
      consent: dto.consent_pharmacy_data,
      phone: dto.phone,
      couponCode: dto.coupon?.code ?? null,
      walletCents: totals.wallet_cents,
      tipCents: totals.tip_cents,
    },
  };
}

/** The checkout's calls through the typed API client (token and page language on every request). */
export function createCheckoutApi(locale: Locale): CheckoutApi {
  const client = apiClient(locale);
  // The demo provider's browser part, loaded when a payment is confirmed; a Stripe deployment
  // confirms through Stripe.js (see README).
  let demo: Promise<HostedPayment> | null = null;
  const demoPayment = () => (demo ??= import('./hosted-payment').then((module) => module.demoHostedPayment()));
  // Made when the server names Stripe as the provider: its adapter and Stripe.js are loaded only then.
  let stripe: StripeCheckout | null = null;
  const stripeFor = async (scriptUrl: string, publishableKey: string) => {
    const { loadStripeJs, stripeHostedPayment } = await import('./stripe-payment');
    return (stripe ??= stripeHostedPayment(() => loadStripeJs(scriptUrl, publishableKey), locale));
  };
  return {
    async profilePhone() {
      return mapOutcome(await attempt(() => client.GET('/api/v1/user'), locale), (profile) => profile.phone);
    },
    async shippingAddresses() {
      return mapOutcome(await attempt(() => client.GET('/api/v1/user/addresses'), locale), (list): ShippingAddress[] =>
        list.shipping.map((address) => ({ id: address.id, label: addressLine(address) })),
      );
    },
    async wallet() {
      return mapOutcome(await attempt(() => client.GET('/api/v1/user/wallet'), locale), (wallet) => ({
        balanceCents: wallet.balance_cents,
        usageDescription: wallet.usage_description[locale],
      }));
    },
    async cards() {
      return mapOutcome(await attempt(() => client.GET('/api/v1/user/cards'), locale), (list): CardView[] =>
        list.items.map((card) => ({ id: card.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year })),
      );
    },
    async deleteCard(id) {
      return attempt(() => client.DELETE('/api/v1/user/cards/{id}', { params: { path: { id } } }), locale);
    },
    async createDraft(body) {
      return mapOutcome(reportedOutcome('create', await attempt(() => client.POST('/api/v2/user/orders', { body }), locale)), (dto) => toDraft(dto, locale));
    },
    async openDraft(body) {
      return mapOutcome(await attempt(() => client.POST('/api/v2/user/orders', { body }), locale), (dto) => toDraft(dto, locale));
    },
    async updateDraft(id, body) {
      return mapOutcome(reportedOutcome('update', await attempt(() => client.PUT('/api/v2/user/orders/{id}', { params: { path: { id } }, body }), locale)), (dto) => toDraft(dto, locale));
    },
    async paymentOptions(id) {
      const answer = await attempt(() => client.GET('/api/v2/user/orders/{id}/payment-options', { params: { path: { id } } }), locale);
      const options = answer.ok ? answer.data : null;
      const stripeNamed = options?.provider === 'stripe' && options.publishable_key && options.script_url ? options : null;
      const host = stripeNamed ? await stripeFor(stripeNamed.script_url!, stripeNamed.publishable_key!).catch(() => null) : null;
      // Offline just then: no payment method can be shown, as when the options themselves failed.
      if (stripeNamed && !host) return { ok: false, problem: toProblem(null, 0, locale) };
      return mapOutcome(answer, (options) => ({
        provider: options.provider,
        hostedFieldsUrl: options.hosted_fields_url,
        methods: options.methods,
        wallets: options.wallets,
        stripe: host,
      }));
    },
    async createPaymentIntent(id, idempotencyKey, { choice, expectedAmountCents, returnUrl }) {
      const body = { ...choice, expected_amount_cents: expectedAmountCents, return_url: returnUrl };
      return mapOutcome(
        await attempt(() => client.POST('/api/v2/user/orders/{id}/payment-intents', { params: { path: { id }, header: { 'idempotency-key': idempotencyKey } }, body }), locale),
        (intent) => ({ intentId: intent.intent_id, clientSecret: intent.client_secret, savedPaymentMethod: intent.saved_payment_method }),
      );
    },
    submitPayment: async (choice) => (stripe ? stripe.submit(choice) : null),
    confirmPayment: async (intent, choice, returnUrl) => (stripe ?? (await demoPayment())).confirm(intent, choice, returnUrl),
    async place(id, idempotencyKey, { paymentIntentId, expectedAmountCents }) {
      const body = { expected_amount_cents: expectedAmountCents, ...(paymentIntentId ? { payment: { payment_intent_id: paymentIntentId } } : {}) };
      return mapOutcome(
        reportedOutcome('place', await attempt(() => client.POST('/api/v2/user/orders/{id}/place', { params: { path: { id }, header: { 'idempotency-key': idempotencyKey } }, body }), locale)),
        (dto) => ({ id: dto.id }),
      );
    },
    refreshCart: () => syncCart(locale),
  };
}
