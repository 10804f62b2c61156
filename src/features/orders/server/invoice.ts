import { formatNumber, formatPrice, formatShopDate } from '../../../platform/i18n/format';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { PdfFlow, renderPdf, type Column, type RowStyle } from '../../../platform/pdf';
import { wallClock } from '../../../platform/time/wall-clock';
import { invoiceMessages } from '../i18n/invoice-messages';
import { customerContact, pharmaciesById, type PharmacyRow } from './collaborators';
import type { OrdersContext } from './deps';
import { refuse, type OrderResult } from './failures';
import { findOrder, linesOf, paymentsOf, statusOf, type OrderLineRow, type OrderRow, type PaymentRow } from './repo';

/*
 * The invoice of a paid order as a PDF in the customer's language: the pharmacy is the seller (it
 * concluded the contract by accepting the offer), the invoice number is the order number, dated the
 * day the pharmacy accepted and the payment was taken; lines with their VAT rate and the VAT
 * contained per rate. Orders the pharmacy never accepted have no invoice (nothing was charged).
 */

const MARGIN = { top: 56, right: 48, bottom: 64, left: 48 };
const BODY: RowStyle = { font: 'regular', size: 9, leading: 11.5, padding: 3, cellPadding: 3, rule: 0.85 };
const HEAD: RowStyle = { font: 'bold', size: 9, leading: 11.5, padding: 4, cellPadding: 3, background: 0.9 };
const SUM: RowStyle = { font: 'regular', size: 9.5, leading: 12, padding: 2, cellPadding: 3 };
const TOTAL: RowStyle = { ...SUM, font: 'bold', size: 10.5 };

/** PZN, item, qty, unit price, VAT, amount: 499 pt, the A4 width inside the margins. */
const COLUMNS: Column[] = [{ width: 56 }, { width: 219, wrap: true, maxLines: 3 }, { width: 40, align: 'right' }, { width: 70, align: 'right' }, { width: 44, align: 'right' }, { width: 70, align: 'right' }];
const SUM_COLUMNS: Column[] = [{ width: 359, align: 'right' }, { width: 140, align: 'right' }];

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', maestro: 'Maestro' };

export interface InvoiceFacts {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  payment: PaymentRow | null;
  pharmacy: PharmacyRow | null;
  customerName: string | null;
  locale: Locale;
}

const shopDate = (instant: Date, locale: Locale) => formatShopDate(wallClock(instant).date, locale);

export const invoiceFileName = (orderNumber: string, locale: Locale) => translator(invoiceMessages, locale)('fileName', { number: orderNumber });

/** An order has an invoice once the pharmacy accepted it and the payment was taken. */
export const hasInvoice = (order: Pick<OrderRow, 'acceptedAt' | 'status'>) => order.acceptedAt !== null && order.status !== 'awaiting_payment';

export function renderInvoice(facts: InvoiceFacts, now: Date): Uint8Array<ArrayBuffer> {
  const { order, lines, payment, pharmacy, locale } = facts;
  const t = translator(invoiceMessages, locale);
  const price = (cents: number) => formatPrice(cents, locale);
  const number = order.orderNumber;
  const pharmacyName = pharmacy?.name ?? '';

  const flow = new PdfFlow({
    margin: MARGIN,
    onNewPage: (page) => page.row([t('columnPzn'), t('columnItem'), t('columnQuantity'), t('columnUnitPrice'), t('columnVat'), t('columnTotal')], COLUMNS, HEAD),
    footer: (pageNumber, pageCount, page) => {
      const y = MARGIN.bottom - 30;
      return [
        { kind: 'line', x1: page.left, y1: y + 12, x2: page.right, y2: y + 12, width: 0.5, gray: 0.7 },
        { kind: 'text', x: page.left, y, text: t('footer', { pharmacy: pharmacyName, number }), font: 'regular', size: 8, gray: 0.3 },
        { kind: 'text', x: page.right, y, text: t('page', { page: pageNumber, pages: pageCount }), font: 'regular', size: 8, gray: 0.3, align: 'right' },
      ];
    },
  });

  flow.paragraph(t('title'), { font: 'bold', size: 20, leading: 26 });
  flow.gap(6);
  flow.paragraph(t('seller'), { font: 'bold', size: 9, gray: 0.35 });
  flow.paragraph(pharmacyName, { font: 'bold', size: 11 });
  if (pharmacy) {
    flow.paragraph(`${pharmacy.street} ${pharmacy.houseNumber}, ${pharmacy.postalCode} ${pharmacy.city}`, { font: 'regular', size: 10 });
    if (pharmacy.phone) flow.paragraph(t('phone', { phone: pharmacy.phone }), { font: 'regular', size: 10 });
  }
  flow.paragraph(t('sellerNote'), { font: 'regular', size: 8, gray: 0.35 });
  flow.gap(10);

  const address = order.billingAddress ?? order.shippingAddress;
  if (facts.customerName || address) {
    flow.paragraph(t('customer'), { font: 'bold', size: 9, gray: 0.35 });
    if (facts.customerName) flow.paragraph(facts.customerName, { font: 'regular', size: 10 });
    if (address) {
      flow.paragraph(`${address.street_address} ${address.house_number}${address.room ? `, ${address.room}` : ''}`, { font: 'regular', size: 10 });
      flow.paragraph(`${address.postal_code} ${address.locality}`, { font: 'regular', size: 10 });
    }
    flow.gap(10);
  }

  const facts2: [string, string][] = [
    [t('invoiceNumber'), number],
    [t('orderNumber'), number],
    [t('invoiceDate'), shopDate(order.acceptedAt ?? order.placedAt ?? order.createdAt, locale)],
    [t('orderDate'), shopDate(order.placedAt ?? order.createdAt, locale)],
  ];
  if (order.deliveredAt) facts2.push([t('deliveryDate'), shopDate(order.deliveredAt, locale)]);
  for (const [label, value] of facts2) flow.row([label, value], [{ width: 110, font: 'bold' }, { width: 389 }], { font: 'regular', size: 10, leading: 13 });
  flow.gap(12);

  flow.row([t('columnPzn'), t('columnItem'), t('columnQuantity'), t('columnUnitPrice'), t('columnVat'), t('columnTotal')], COLUMNS, HEAD);
  for (const line of lines) {
    flow.row([line.pzn, line.name, String(line.quantity), price(line.unitPriceCents), t('vatRate', { rate: formatNumber(line.vatRate, locale) }), price(line.lineTotalCents)], COLUMNS, BODY);
  }
  flow.gap(6);

  const sum = (label: string, value: string, style: RowStyle = SUM) => flow.row([label, value], SUM_COLUMNS, style);
  sum(t('subtotal'), price(order.subtotalCents));
  if (order.couponDiscountCents > 0) sum(t('couponDiscount', { code: order.couponCode ?? '' }).trim(), `−${price(order.couponDiscountCents)}`);
  if (order.deliveryMethod !== 'pickup' || order.deliveryFeeCents > 0) sum(t('deliveryFee'), price(order.deliveryFeeCents));
  if (order.tipCents > 0) sum(t('tip'), price(order.tipCents));
  sum(t('total'), price(order.totalCents), TOTAL);
  if (order.walletCents > 0) sum(t('walletCredit'), `−${price(order.walletCents)}`);
  if (order.amountDueCents > 0) sum(t('amountPaid'), price(order.amountDueCents));
  flow.gap(10);

  flow.paragraph(t('vatHeading'), { font: 'bold', size: 10 });
  for (const share of order.vat) {
    sum(t('vatLine', { rate: formatNumber(share.rate, locale), gross: price(share.grossCents) }), price(share.vatCents));
  }
  sum(t('vatTotal'), price(order.vatTotalCents), { ...SUM, font: 'bold' });
  flow.gap(10);
  if (payment?.last4) flow.paragraph(t('paidWith', { brand: BRAND_NAMES[payment.brand] ?? payment.brand, last4: payment.last4 }), { font: 'regular', size: 9.5 });
  if (statusOf(order) === 'refunded') flow.paragraph(t('refunded'), { font: 'bold', size: 10 });

  return renderPdf({
    pages: flow.finish(),
    lang: locale === 'de' ? 'de-DE' : 'en',
    info: { title: t('documentTitle', { number }), author: pharmacyName, creator: 'Apobote', creationDate: now },
  });
}

/** The customer's invoice of their own paid order, or why there is none. */
export async function invoiceOf(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderResult<{ pdf: Uint8Array<ArrayBuffer>; fileName: string }>> {
  const order = await findOrder(ctx.db, orderId, { userId });
  if (!order || order.status === 'awaiting_payment') return refuse(404, 'ORDER_NOT_FOUND');
  if (!hasInvoice(order)) return refuse(409, 'INVOICE_NOT_AVAILABLE');
  const [lines, payments, pharmacies, customer] = await Promise.all([
    linesOf(ctx.db, [order.id]),
    paymentsOf(ctx.db, [order.id]),
    pharmaciesById(ctx.db, [order.pharmacyId]),
    customerContact(ctx.db, userId),
  ]);
  const name = [customer?.firstName, customer?.lastName].filter(Boolean).join(' ') || null;
  const pdf = renderInvoice(
    {
      order,
      lines: lines.get(order.id) ?? [],
      payment: payments.get(order.id) ?? null,
      pharmacy: order.pharmacyId ? (pharmacies.get(order.pharmacyId) ?? null) : null,
      customerName: name,
      locale: ctx.locale,
    },
    ctx.clock.now(),
  );
  return { ok: true, value: { pdf, fileName: invoiceFileName(order.orderNumber, ctx.locale) } };
}
