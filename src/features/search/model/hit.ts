import { formatPrice } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { productPath } from '../../catalog/client';

/** The product fields a search result shows; structurally a subset of the API's Product. */
export interface SearchProduct {
  pzn: string;
  name: string;
  slug: string;
  brand: string;
  priceCents: number;
  wasPriceCents: number | null;
  /** What the struck price is (PAngV §11). */
  wasPriceKind?: 'lowest-30-days' | 'uvp' | null;
  package: { label: { en: string; de: string } };
  basePrice: { cents: number; per: 'kg' | 'l' } | null;
  imageUrl: string;
  prescriptionRequired: boolean;
}

/**
 * One result as the screen renders it, texts already in the page language. The page maps server
 * results to hits before handing them to the island, so hydration props stay small (no descriptions).
 */
export interface SearchHit {
  pzn: string;
  name: string;
  brand: string;
  pack: string;
  price: string;
  wasPrice: string | null;
  /** Set with wasPrice: which reference the struck price is. */
  wasPriceKind: 'lowest-30-days' | 'uvp' | null;
  basePrice: { price: string; unit: string } | null;
  imageUrl: string;
  href: string;
  prescriptionRequired: boolean;
}

export function toSearchHit(product: SearchProduct, locale: Locale): SearchHit {
  const discounted = product.wasPriceCents !== null && product.wasPriceCents > product.priceCents;
  return {
    pzn: product.pzn,
    name: product.name,
    brand: product.brand,
    pack: product.package.label[locale],
    price: formatPrice(product.priceCents, locale),
    wasPrice: discounted && product.wasPriceCents !== null ? formatPrice(product.wasPriceCents, locale) : null,
    wasPriceKind: discounted ? (product.wasPriceKind ?? 'lowest-30-days') : null,
    basePrice: product.basePrice ? { price: formatPrice(product.basePrice.cents, locale), unit: product.basePrice.per } : null,
    imageUrl: product.imageUrl,
    href: localizePath(productPath(product.slug), locale),
    prescriptionRequired: product.prescriptionRequired,
  };
}

/** A popular search as the screen links it: term in the page language, landing page URL. */
export interface PopularLink {
  slug: string;
  term: string;
  href: string;
}
