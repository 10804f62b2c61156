import { basePrice, type BasePrice, type Catalog, type Pharmacy, type Product } from '../../../catalog';
import { dateTimeFormat } from '../../../../platform/i18n/intl-format';
import { INTL_LOCALE, type Locale } from '../../../../platform/i18n/locales';
import { SHOP_TIME_ZONE } from '../../../../platform/clock';

/** One line of a price list: what a customer needs to compare and order by phone or in person. */
export interface PriceListRow {
  pzn: string;
  name: string;
  pack: string;
  priceCents: number;
  basePrice: BasePrice | null;
  prescription: boolean;
}

export interface PriceListGroup {
  category: string;
  rows: PriceListRow[];
}

export interface PriceList {
  locale: Locale;
  pharmacy: { id: string; name: string; addressLine: string; phone: string };
  /** The day the list was made, as the customer reads it (Europe/Berlin). */
  asOf: string;
  groups: PriceListGroup[];
}

/** The pharmacies that publish a printable price list (spec §3: 16 are flagged). */
export function priceListPharmacies(catalog: Pick<Catalog, 'pharmacies'>): Pharmacy[] {
  return catalog.pharmacies.filter((pharmacy) => pharmacy.hasPdfPriceList);
}

export function formatListDate(date: Date, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

function toRow(product: Product, locale: Locale): PriceListRow {
  return {
    pzn: product.pzn,
    name: product.name,
    pack: product.package.label[locale],
    priceCents: product.priceCents,
    basePrice: basePrice(product.priceCents, product.package.amount, product.package.unit),
    prescription: product.kind === 'prescription',
  };
}

/**
 * The assortment of one pharmacy: every product it carries (has a stock row for, even when the
 * shelf is empty today: a price list is about the range, not the moment), grouped by category in
 * the shop's category order, products by name within a group.
 */
export function buildPriceList(catalog: Catalog, pharmacyId: string, locale: Locale, now: Date): PriceList {
  const pharmacy = catalog.pharmacies.find((candidate) => candidate.id === pharmacyId);
  if (!pharmacy) throw new Error(`unknown pharmacy "${pharmacyId}"`);
  const carried = new Set(catalog.stock.filter((row) => row.pharmacyId === pharmacyId).map((row) => row.pzn));
  const collator = new Intl.Collator(INTL_LOCALE[locale]);

  const groups = [...catalog.categories]
    .sort((a, b) => a.position - b.position)
    .map((category) => ({
      category: category.name[locale],
      rows: catalog.products
        .filter((product) => product.categorySlug === category.slug && carried.has(product.pzn))
        .sort((a, b) => collator.compare(a.name, b.name) || a.pzn.localeCompare(b.pzn))
        .map((product) => toRow(product, locale)),
    }))
    .filter((group) => group.rows.length > 0);

  const { street, houseNumber, postalCode, city } = pharmacy.address;
  return {
    locale,
    pharmacy: { id: pharmacy.id, name: pharmacy.name, addressLine: `${street} ${houseNumber}, ${postalCode} ${city}`, phone: pharmacy.phone },
    asOf: formatListDate(now, locale),
    groups,
  };
}
