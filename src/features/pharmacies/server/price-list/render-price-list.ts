import { formatPrice } from '../../../../platform/i18n';
import { translator } from '../../../../platform/i18n/messages';
import { PdfFlow, renderPdf, type Column, type RowStyle } from '../../../../platform/pdf';
import { priceListMessages } from './messages';
import type { PriceList, PriceListRow } from './price-list-model';

const MARGIN = { top: 48, right: 40, bottom: 56, left: 40 };
const BODY: RowStyle = { font: 'regular', size: 8.5, leading: 10.5, padding: 2.5, cellPadding: 3, rule: 0.85 };
const HEAD: RowStyle = { font: 'bold', size: 8.5, leading: 10.5, padding: 4, cellPadding: 3, background: 0.9 };
const GROUP: RowStyle = { font: 'bold', size: 10, leading: 13, padding: 4, cellPadding: 0 };

/** PZN, Rx, product, pack, base price, price: 515 pt, the A4 width inside the margins. */
const COLUMNS: Column[] = [
  { width: 50 },
  { width: 20, font: 'bold' },
  { width: 190, wrap: true, maxLines: 3 },
  { width: 120, wrap: true, maxLines: 2 },
  { width: 80, align: 'right' },
  { width: 55, align: 'right', font: 'bold' },
];

/**
 * Lays out a price list as an A4 PDF: a header with the pharmacy and the date, then one table per
 * category whose column header repeats on every page, and "page n of m" at the foot of each page.
 */
export function renderPriceList(list: PriceList, now: Date): Uint8Array<ArrayBuffer> {
  const t = translator(priceListMessages, list.locale);
  const head = [t('columnPzn'), t('columnRx'), t('columnName'), t('columnPack'), t('columnBasePrice'), t('columnPrice')];
  const cells = (row: PriceListRow) => [
    row.pzn,
    row.prescription ? t('rxMark') : '',
    row.name,
    row.pack,
    row.basePrice ? t('basePrice', { price: formatPrice(row.basePrice.cents, list.locale), unit: row.basePrice.per }) : '',
    formatPrice(row.priceCents, list.locale),
  ];

  const flow = new PdfFlow({
    margin: MARGIN,
    onNewPage: (page) => {
      page.add({ kind: 'text', x: page.left, y: page.top + 16, text: `${list.pharmacy.name} – ${t('title')}`, font: 'bold', size: 9, gray: 0.3 });
      page.row(head, COLUMNS, HEAD);
    },
    footer: (pageNumber, pageCount, page) => {
      const y = MARGIN.bottom - 28;
      return [
        { kind: 'line', x1: page.left, y1: y + 12, x2: page.right, y2: y + 12, width: 0.5, gray: 0.7 },
        { kind: 'text', x: page.left, y, text: t('footer', { pharmacy: list.pharmacy.name, date: list.asOf }), font: 'regular', size: 8, gray: 0.3 },
        { kind: 'text', x: page.right, y, text: t('page', { page: pageNumber, pages: pageCount }), font: 'regular', size: 8, gray: 0.3, align: 'right' },
      ];
    },
  });

  flow.paragraph(t('title'), { font: 'bold', size: 18, leading: 24 });
  flow.paragraph(list.pharmacy.name, { font: 'bold', size: 13, leading: 18 });
  flow.paragraph(list.pharmacy.addressLine, { font: 'regular', size: 10, leading: 14 });
  flow.paragraph(t('phone', { phone: list.pharmacy.phone }), { font: 'regular', size: 10, leading: 14 });
  flow.gap(4);
  flow.paragraph(t('asOf', { date: list.asOf }), { font: 'bold', size: 10, leading: 14 });
  for (const note of [t('vatNote'), t('validityNote'), t('rxNote')]) flow.paragraph(note, { font: 'regular', size: 8.5, leading: 12, gray: 0.25 });
  flow.gap(10);

  if (list.groups.length === 0) {
    flow.paragraph(t('empty'), { font: 'regular', size: 10 });
  } else {
    flow.row(head, COLUMNS, HEAD);
    for (const group of list.groups) {
      const [first] = group.rows;
      // A category heading never stands alone at the foot of a page.
      const needed = flow.rowHeight([group.category], [{ width: flow.contentWidth }], GROUP) + (first ? flow.rowHeight(cells(first), COLUMNS, BODY) : 0);
      flow.ensure(needed);
      flow.row([group.category], [{ width: flow.contentWidth, wrap: true }], GROUP);
      for (const row of group.rows) flow.row(cells(row), COLUMNS, BODY);
    }
  }

  return renderPdf({
    pages: flow.finish(),
    lang: list.locale === 'de' ? 'de-DE' : 'en',
    info: { title: t('documentTitle', { pharmacy: list.pharmacy.name }), author: list.pharmacy.name, creator: 'Apobote', creationDate: now },
  });
}
