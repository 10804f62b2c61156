import { loadCatalog } from '../../../catalog';
import type { Locale } from '../../../../platform/i18n/locales';
import { localizePath } from '../../../../platform/i18n/locales';
import { buildPriceList, priceListPharmacies } from './price-list-model';
import { renderPriceList } from './render-price-list';

/** Where a pharmacy's printable price list is served (prebuilt per language). */
export function priceListHref(pharmacyId: string, locale: Locale): string {
  return localizePath(`/shop/pharmacies/${encodeURIComponent(pharmacyId)}/price-list.pdf`, locale);
}

export interface PriceListPageProps {
  pharmacyId: string;
}

/** One static PDF per flagged pharmacy; the same paths exist under /de for the German list. */
export async function priceListStaticPaths() {
  const catalog = await loadCatalog();
  return priceListPharmacies(catalog).map((pharmacy) => ({
    params: { id: pharmacy.id },
    props: { pharmacyId: pharmacy.id } satisfies PriceListPageProps,
  }));
}

/** The PDF answer of the static endpoint, dated with the day of the build. */
export async function priceListResponse(props: PriceListPageProps, locale: Locale, now: Date = new Date()): Promise<Response> {
  const catalog = await loadCatalog();
  const pdf = renderPriceList(buildPriceList(catalog, props.pharmacyId, locale, now), now);
  return new Response(pdf, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${props.pharmacyId}-${locale === 'de' ? 'preisliste' : 'price-list'}.pdf"`,
    },
  });
}
