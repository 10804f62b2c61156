import { formatShopDate } from '../../../platform/i18n/format';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { PdfFlow, renderPdf, type Column, type RowStyle } from '../../../platform/pdf';
import { localDate, localTime } from '../../../platform/time/wall-clock';
import { packDocumentMessages } from '../i18n/pack-document-messages';
import { packDocumentFileName, packDocumentTitle, type PackDocument } from '../model/pack-documents';
import { customerContact, pharmaciesById, type PharmacyRow } from './collaborators';
import type { OrdersContext } from './deps';
import { refuse, type OrderResult } from './failures';
import { staffOrderScope } from './read-service';
import { findOrder, linesOf, type OrderLineRow, type OrderRow } from './repo';

/*
 * The pharmacy's paper for one order, in the staff member's language: the picking list (what to
 * take from the shelves, with a box to tick per line) and the delivery note that travels with the
 * bag (recipient, address, the rider's note, or the pickup code at the counter). Only for orders
 * the pharmacy accepted: an offer is not packed yet.
 */

export { PACK_DOCUMENTS, type PackDocument } from '../model/pack-documents';

const MARGIN = { top: 56, right: 48, bottom: 64, left: 48 };
const HEAD: RowStyle = { font: 'bold', size: 9.5, leading: 12, padding: 4, cellPadding: 3, background: 0.9 };
const BODY: RowStyle = { font: 'regular', size: 10, leading: 13, padding: 5, cellPadding: 3, rule: 0.85 };
const FACT: RowStyle = { font: 'regular', size: 10.5, leading: 14 };
/** Picked box, PZN, item, quantity: 499 pt, the A4 width inside the margins. */
const PICKING_COLUMNS: Column[] = [{ width: 50 }, { width: 70 }, { width: 319, wrap: true, maxLines: 3 }, { width: 60, align: 'right' }];
const NOTE_COLUMNS: Column[] = [{ width: 70 }, { width: 369, wrap: true, maxLines: 3 }, { width: 60, align: 'right' }];
const FACT_COLUMNS: Column[] = [{ width: 130, font: 'bold' }, { width: 369, wrap: true, maxLines: 4 }];

export interface PackDocumentFacts {
  kind: PackDocument;
  order: OrderRow;
  lines: readonly OrderLineRow[];
  pharmacy: PharmacyRow | null;
  customerName: string | null;
  customerPhone: string | null;
  locale: Locale;
}

export function renderPackDocument(facts: PackDocumentFacts, now: Date): Uint8Array<ArrayBuffer> {
  const { kind, order, lines, pharmacy, locale } = facts;
  const t = translator(packDocumentMessages, locale);
  const title = packDocumentTitle(kind, locale);
  const number = order.orderNumber;
  const pharmacyName = pharmacy?.name ?? '';
  const columns = kind === 'picking-list' ? PICKING_COLUMNS : NOTE_COLUMNS;
  const head = kind === 'picking-list' ? [t('columnPicked'), t('columnPzn'), t('columnItem'), t('columnQuantity')] : [t('columnPzn'), t('columnItem'), t('columnQuantity')];

  const flow = new PdfFlow({
    margin: MARGIN,
    onNewPage: (page) => page.row(head, columns, HEAD),
    footer: (pageNumber, pageCount, page) => {
      const y = MARGIN.bottom - 30;
      return [
        { kind: 'line', x1: page.left, y1: y + 12, x2: page.right, y2: y + 12, width: 0.5, gray: 0.7 },
        { kind: 'text', x: page.left, y, text: t('footer', { pharmacy: pharmacyName, title, number }), font: 'regular', size: 8, gray: 0.3 },
        { kind: 'text', x: page.right, y, text: t('page', { page: pageNumber, pages: pageCount }), font: 'regular', size: 8, gray: 0.3, align: 'right' },
      ];
    },
  });

  flow.paragraph(`${title} ${number}`, { font: 'bold', size: 20, leading: 26 });
  flow.paragraph(pharmacyName, { font: 'bold', size: 11 });
  if (pharmacy) flow.paragraph(`${pharmacy.street} ${pharmacy.houseNumber}, ${pharmacy.postalCode} ${pharmacy.city}`, { font: 'regular', size: 10 });
  flow.gap(12);

  const fact = (label: string, value: string) => flow.row([label, value], FACT_COLUMNS, FACT);
  const when = (instant: Date) => `${formatShopDate(localDate(instant), locale)} ${localTime(instant)}`;
  fact(t('orderNumber'), number);
  fact(t('orderDate'), when(order.placedAt ?? order.createdAt));
  const method = order.deliveryMethod ?? 'courier';
  fact(t('delivery'), t(method === 'pickup' ? 'deliveryPickup' : method === 'parcel' ? 'deliveryParcel' : 'deliveryCourier'));
  if (order.slotStart) fact(t('deliveryTime'), when(order.slotStart));
  else if (order.deliveryTiming === 'asap') fact(t('deliveryTime'), t('asap'));
  if (method === 'pickup') {
    fact(t('pickupCode'), number);
    flow.paragraph(t('pickupCodeNote'), { font: 'regular', size: 9, gray: 0.35 });
  }
  if (facts.customerName) fact(t('customer'), facts.customerName);
  const address = order.shippingAddress;
  if (address && method !== 'pickup') {
    const recipient = [address.recipient_first_name, address.recipient_last_name].filter(Boolean).join(' ');
    if (recipient) fact(t('recipient'), recipient);
    fact(t('address'), `${address.street_address} ${address.house_number}${address.room ? `, ${address.room}` : ''}, ${address.postal_code} ${address.locality}`);
    if (address.note) fact(t('riderNote'), address.note);
  }
  if (facts.customerPhone) fact(t('phone'), facts.customerPhone);
  flow.gap(12);

  flow.row(head, columns, HEAD);
  for (const line of lines) {
    const cells = [line.pzn, line.name, String(line.quantity)];
    flow.row(kind === 'picking-list' ? ['[   ]', ...cells] : cells, columns, BODY);
  }
  flow.gap(6);
  flow.paragraph(t('itemCount', { count: lines.reduce((sum, line) => sum + line.quantity, 0) }), { font: 'bold', size: 10 });

  if (kind === 'delivery-note' && method !== 'pickup') {
    flow.gap(10);
    flow.paragraph(t('prescriptionNote'), { font: 'regular', size: 9.5 });
    flow.gap(28);
    flow.paragraph('_______________________________________________', { font: 'regular', size: 10 });
    flow.paragraph(t('receivedBy'), { font: 'regular', size: 9, gray: 0.35 });
  }

  return renderPdf({
    pages: flow.finish(),
    lang: locale === 'de' ? 'de-DE' : 'en',
    info: { title: `${title} ${number}`, author: pharmacyName, creator: 'Apobote', creationDate: now },
  });
}

/** A pack document of one of the staff member's pharmacy's accepted orders; another pharmacy's order does not exist (404). */
export async function packDocumentOf(ctx: OrdersContext, pharmacy: string | 'all', orderId: string, kind: PackDocument): Promise<OrderResult<{ pdf: Uint8Array<ArrayBuffer>; fileName: string }>> {
  const order = await findOrder(ctx.db, orderId, staffOrderScope(pharmacy));
  if (!order || order.status === 'awaiting_payment') return refuse(404, 'ORDER_NOT_FOUND');
  if (order.acceptedAt === null) return refuse(409, 'INVALID_ORDER_TRANSITION');
  const [lines, pharmacies, customer] = await Promise.all([
    linesOf(ctx.db, [order.id]),
    pharmaciesById(ctx.db, [order.pharmacyId]),
    order.userId ? customerContact(ctx.db, order.userId) : Promise.resolve(null),
  ]);
  const pdf = renderPackDocument(
    {
      kind,
      order,
      lines: lines.get(order.id) ?? [],
      pharmacy: order.pharmacyId ? (pharmacies.get(order.pharmacyId) ?? null) : null,
      customerName: [customer?.firstName, customer?.lastName].filter(Boolean).join(' ') || null,
      customerPhone: order.phone ?? customer?.phone ?? null,
      locale: ctx.locale,
    },
    ctx.clock.now(),
  );
  return { ok: true, value: { pdf, fileName: packDocumentFileName(kind, order.orderNumber, ctx.locale) } };
}
