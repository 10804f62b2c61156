import { checkoutMessages, localDate, localTime, type TimingSettings } from '../../checkout';
import { formatShopDate } from '../../../platform/i18n/format';
import { formatPrice, localizePath, translator, type Locale } from '../../../platform/i18n';
import type { MailMessage } from '../../../platform/mail';
import type { OrderEffect } from '../model/order-machine';
import { orderMailMessages } from '../i18n/mail-messages';
import type { OrdersContext } from './deps';
import { customerContact, pharmaciesById, type CustomerContact } from './collaborators';
import { linesOf, paymentsOf, type OrderLineRow, type OrderRow, type PaymentRow } from './repo';

export type OrderMailKind = 'received' | 'accepted' | 'rejected' | 'cancelled' | 'refunded' | 'partially_refunded' | 'delivered' | 'missed_delivery' | 'redelivery_chosen' | 'payment_failed';

export interface OrderMailFacts {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  payment: PaymentRow | null;
  pharmacyName: string;
  /** Street, number, postal code and city of the pharmacy (redelivery_chosen: where to collect). */
  pharmacyAddress?: string | null;
  customerName: string | null;
  siteUrl: string;
  timing: TimingSettings;
  /** What the step did (rejected, cancelled, refunded): which money, credit and coupon went back. */
  effects?: readonly OrderEffect[];
  /** partially_refunded: the units and the money that went back. */
  partial?: { cents: number; lines: readonly { name: string; quantity: number }[] };
}

function deliveryText(order: OrderRow, locale: Locale, timing: TimingSettings): string {
  const t = translator(orderMailMessages, locale);
  const c = translator(checkoutMessages, locale);
  const slot = order.slotStart && order.slotEnd ? { date: formatShopDate(localDate(order.slotStart), locale), from: localTime(order.slotStart), to: localTime(order.slotEnd) } : null;
  if (order.deliveryMethod === 'pickup') return slot ? t('pickupSlot', slot) : t('pickupAsap');
  if (order.deliveryMethod === 'parcel') {
    const estimate = order.deliveryEstimate;
    return estimate?.earliest && estimate.latest
      ? c('parcelEstimate', { earliest: formatShopDate(estimate.earliest, locale), latest: formatShopDate(estimate.latest, locale) })
      : c('parcel', { min: timing.parcelMinBusinessDays, max: timing.parcelMaxBusinessDays });
  }
  if (slot) return t('slotDelivery', slot);
  return c('asap', { minutes: timing.asapMinutes });
}

const METHOD_NAMES: Readonly<Record<string, string>> = { sepa_debit: 'IBAN', paypal: 'PayPal', klarna: 'Klarna' };
const cardName = (payment: PaymentRow) => {
  if (payment.method === 'paypal' || payment.method === 'klarna') return METHOD_NAMES[payment.method]!;
  const name = METHOD_NAMES[payment.brand] ?? (payment.brand === 'unknown' ? '' : `${payment.brand[0]!.toUpperCase()}${payment.brand.slice(1)}`);
  return `${name ? `${name} ` : ''}•••• ${payment.last4}`;
};

function summary(facts: OrderMailFacts, locale: Locale): string[] {
  const t = translator(orderMailMessages, locale);
  const c = translator(checkoutMessages, locale);
  const { order } = facts;
  const price = (cents: number) => formatPrice(cents, locale);
  const rows = [t('linesHeading'), ...facts.lines.map((line) => t('line', { quantity: line.quantity, name: line.name, amount: price(line.lineTotalCents) }))];
  rows.push('', t('totalLine', { label: c('subtotal'), amount: price(order.subtotalCents) }));
  if (order.deliveryMethod !== 'pickup') {
    rows.push(t('totalLine', { label: c('deliveryFee'), amount: order.deliveryFeeCents === 0 ? c('deliveryFree') : price(order.deliveryFeeCents) }));
  }
  if (order.couponDiscountCents > 0 && order.couponCode) rows.push(t('totalLine', { label: c('couponDiscount', { code: order.couponCode }), amount: price(-order.couponDiscountCents) }));
  if (order.tipCents > 0) rows.push(t('totalLine', { label: c('tip'), amount: price(order.tipCents) }));
  rows.push(t('totalLine', { label: c('total'), amount: price(order.totalCents) }));
  if (order.walletCents > 0) {
    rows.push(t('totalLine', { label: c('walletCredit'), amount: price(-order.walletCents) }));
    rows.push(t('totalLine', { label: c('amountDue'), amount: price(order.amountDueCents) }));
  }
  for (const share of order.vat) rows.push(c('vatContained', { rate: share.rate }) + `: ${price(share.vatCents)}`);
  return rows;
}

/** What went back to the customer in a step that ended the order: money, credit, coupon. */
function givenBack(facts: OrderMailFacts, locale: Locale): string[] {
  const t = translator(orderMailMessages, locale);
  const { order, payment } = facts;
  const effects = facts.effects ?? [];
  const amount = (cents: number) => formatPrice(cents, locale);
  const rows: string[] = [];
  // Line refunds before the full one already went back: the mail names what this step refunded.
  const earlier = facts.lines.reduce((sum, line) => sum + line.refundedCents, 0);
  if (payment && effects.includes('REFUND_PAYMENT') && earlier > 0 && earlier < payment.amountCents) {
    rows.push(t('moneyRefundedRest', { amount: amount(payment.amountCents - earlier), earlier: amount(earlier), card: cardName(payment) }));
  } else if (payment && effects.includes('REFUND_PAYMENT')) rows.push(t('moneyRefunded', { amount: amount(payment.amountCents), card: cardName(payment) }));
  else if (payment && effects.includes('RELEASE_PAYMENT')) rows.push(t('moneyReleased', { amount: amount(payment.amountCents), card: cardName(payment) }));
  if (order.walletCents > 0 && effects.includes('RESTORE_WALLET_CREDIT')) rows.push(t('creditBack', { amount: amount(order.walletCents) }));
  if (order.couponCode && effects.includes('RESTORE_COUPON')) rows.push(t('couponBack', { code: order.couponCode }));
  return rows;
}

/** The e-mail for one step of the order, in `locale`. */
export function composeOrderMail(kind: OrderMailKind, locale: Locale, facts: OrderMailFacts): Omit<MailMessage, 'to'> {
  const t = translator(orderMailMessages, locale);
  const { order, payment } = facts;
  const values = { number: order.orderNumber, pharmacy: facts.pharmacyName };
  const amount = (cents: number) => formatPrice(cents, locale);
  const link = `${facts.siteUrl}${localizePath('/shop/orders/view/', locale)}?id=${encodeURIComponent(order.id)}`;
  const body: string[] = [facts.customerName ? t('greetingNamed', { name: facts.customerName }) : t('greetingPlain'), ''];
  let subject: string;

  switch (kind) {
    case 'received':
      subject = t('receivedSubject', values);
      body.push(t('receivedText', values), '', payment ? t('receivedAuthorized', { amount: amount(payment.amountCents), card: cardName(payment) }) : t('receivedCreditOnly'));
      body.push('', t('deliveryLine', { delivery: deliveryText(order, locale, facts.timing) }), '', ...summary(facts, locale));
      break;
    case 'accepted':
      subject = t('acceptedSubject', values);
      body.push(t('acceptedText', values));
      if (payment) body.push('', t('acceptedCharged', { amount: amount(payment.amountCents), card: cardName(payment) }));
      body.push('', t('deliveryLine', { delivery: deliveryText(order, locale, facts.timing) }));
      break;
    case 'rejected':
      subject = t('rejectedSubject', values);
      body.push(t('rejectedText', values));
      body.push(order.rejectedBy === 'timeout' || !order.rejectionReason ? t('rejectedTimeout') : t('rejectedReason', { reason: order.rejectionReason }));
      body.push('', ...givenBack(facts, locale));
      break;
    case 'cancelled':
      subject = t('cancelledSubject', values);
      body.push(t('cancelledText', values), '', ...givenBack(facts, locale));
      break;
    case 'refunded':
      subject = t('refundedSubject', values);
      body.push(t('refundedText', values));
      if (order.refundReason) body.push(t('rejectedReason', { reason: order.refundReason }));
      body.push('', ...givenBack(facts, locale));
      break;
    case 'partially_refunded':
      subject = t('partialSubject', values);
      body.push(t('partialText', values));
      if (order.refundReason) body.push(t('rejectedReason', { reason: order.refundReason }));
      body.push('', ...(facts.partial?.lines ?? []).map((line) => t('partialLine', { quantity: line.quantity, name: line.name })));
      if (payment && facts.partial && facts.partial.cents > 0) body.push('', t('partialMoney', { amount: amount(facts.partial.cents), card: cardName(payment) }));
      break;
    case 'delivered':
      subject = t(order.deliveryMethod === 'pickup' ? 'collectedSubject' : 'deliveredSubject', values);
      body.push(t(order.deliveryMethod === 'pickup' ? 'collectedText' : 'deliveredText', values));
      break;
    case 'missed_delivery':
      subject = t('missedSubject', values);
      body.push(t('missedText', values), '', t('missedChoices', { ...values, link }), t('missedCall', values));
      break;
    case 'payment_failed':
      subject = t('paymentFailedSubject', values);
      body.push(t('paymentFailedText', { ...values, amount: amount(payment?.amountCents ?? order.amountDueCents), card: payment ? cardName(payment) : '–' }));
      break;
    case 'redelivery_chosen':
      if (order.deliveryMethod === 'pickup') {
        subject = t('pickupReadySubject', values);
        body.push(t('pickupReadyText', { ...values, address: facts.pharmacyAddress ?? facts.pharmacyName }), '', t('pickupCodeLine', { code: order.orderNumber }));
      } else {
        subject = t('rebookedSubject', values);
        body.push(t('rebookedText', { ...values, delivery: deliveryText(order, locale, facts.timing) }));
      }
      break;
  }
  body.push('', t('followLink', { link }), '', t('signature'));
  return { subject, text: body.join('\n') };
}

export interface KnownFacts {
  lines?: readonly OrderLineRow[];
  payment?: PaymentRow | null;
  pharmacyName?: string;
  contact?: CustomerContact | null;
  effects?: readonly OrderEffect[];
  partial?: OrderMailFacts['partial'];
}

/**
 * Writes an order e-mail to the outbox through `ctx.db`, the step's own transaction: it exists
 * exactly when the step does, and the outbox worker delivers it, retrying while the relay is down
 * (decision 0012). Its key is the order, the kind and the step's time, so a retried step writes one. The customer's chosen language wins, else the language they ordered in.
 * What the caller already holds is passed in `known`; the rest is read.
 */
export async function sendOrderMail(ctx: OrdersContext, order: OrderRow, kind: OrderMailKind, known: KnownFacts = {}): Promise<void> {
  try {
    const { db } = ctx;
    const contact = known.contact !== undefined ? known.contact : await customerContact(db, order.userId);
    if (!contact?.email || contact.deleted) return;
    const lines = known.lines ?? (await linesOf(db, [order.id])).get(order.id) ?? [];
    const payment = known.payment !== undefined ? known.payment : ((await paymentsOf(db, [order.id])).get(order.id) ?? null);
    const pharmacy = order.pharmacyId && (!known.pharmacyName || kind === 'redelivery_chosen') ? (await pharmaciesById(db, [order.pharmacyId])).get(order.pharmacyId) : undefined;
    const pharmacyName = known.pharmacyName ?? (pharmacy?.name || 'Apobote');
    const locale = contact.locale ?? order.meta.locale;
    const message = composeOrderMail(kind, locale, {
      order,
      lines,
      payment,
      pharmacyName,
      pharmacyAddress: pharmacy ? `${pharmacy.street} ${pharmacy.houseNumber}, ${pharmacy.postalCode} ${pharmacy.city}` : null,
      customerName: contact.firstName,
      siteUrl: ctx.deps.settings.siteUrl,
      timing: ctx.deps.settings.timing,
      ...(known.effects !== undefined ? { effects: known.effects } : {}),
      ...(known.partial !== undefined ? { partial: known.partial } : {}),
    });
    await ctx.deps.mailer(db, ctx.clock).send({ to: contact.email, ...message, kind: `order.${kind}`, idempotencyKey: `order:${order.id}:${kind}:${order.updatedAt.getTime()}` });
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'order mail not sent', kind, orderId: order.id, error: error instanceof Error ? error.name : 'error' }));
  }
}
