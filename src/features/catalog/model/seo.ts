import type { Locale } from '../../../platform/i18n/locales';
import type { Product } from './catalog-schema';
import type { ProductGroup } from './product-groups';

/**
 * schema.org structured data for the catalogue pages, handed to BaseLayout's `jsonLd` prop.
 * Every URL is absolute: search engines resolve nothing relative in JSON-LD.
 */

/** 1299 → "12.99": schema.org wants a plain decimal with a dot, never a localised string. */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new TypeError(`price must be integer cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface ProductJsonLdInput {
  product: Product;
  locale: Locale;
  /** Absolute URL of the product page in this language. */
  url: string;
  /** Absolute URL of the product image. */
  image: string;
  categoryName?: string | undefined;
}

export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  return { '@context': 'https://schema.org', ...productNode(input) };
}

function productNode({ product, locale, url, image, categoryName }: ProductJsonLdInput): Record<string, unknown> {
  return {
    '@type': 'Product',
    name: product.name,
    image,
    sku: product.pzn,
    // PZN is the German pharmacy number; schema.org has no dedicated property, so it is also given as a PropertyValue.
    additionalProperty: { '@type': 'PropertyValue', propertyID: 'PZN', value: product.pzn },
    brand: { '@type': 'Brand', name: product.brand },
    manufacturer: { '@type': 'Organization', name: product.manufacturer },
    description: product.shortDescription[locale],
    ...(categoryName ? { category: categoryName } : {}),
    // Prescription-only medicines may be shown but not advertised or offered for sale (HWG §10).
    ...(product.kind === 'prescription'
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            url,
            price: centsToDecimal(product.priceCents),
            priceCurrency: 'EUR',
            availability: 'https://schema.org/InStock',
            itemCondition: 'https://schema.org/NewCondition',
            // The struck price as what it is: the maker's list price (UVP) or the earlier (30-day low) price.
            ...(product.wasPriceCents !== undefined && product.wasPriceCents > product.priceCents
              ? {
                  priceSpecification: {
                    '@type': 'UnitPriceSpecification',
                    priceType: product.wasPriceKind === 'uvp' ? 'https://schema.org/ListPrice' : 'https://schema.org/StrikethroughPrice',
                    price: centsToDecimal(product.wasPriceCents),
                    priceCurrency: 'EUR',
                  },
                }
              : {}),
          },
        }),
  };
}

export interface ProductGroupJsonLdInput {
  group: ProductGroup;
  locale: Locale;
  /** Absolute URL of the group's page in this language. */
  url: string;
  /** Absolute URL of the page with one size chosen. */
  variantUrl: (variant: Product) => string;
  image: (variant: Product) => string;
  categoryName?: string | undefined;
}

/**
 * The pack sizes of one product as a ProductGroup varying by size: each size a Product with its own
 * PZN (sku), size, page and offer, so search engines show the right price for each pack.
 */
export function productGroupJsonLd({ group, locale, url, variantUrl, image, categoryName }: ProductGroupJsonLdInput): Record<string, unknown> {
  const first = group.defaultVariant;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: first.name,
    url,
    productGroupID: group.slug,
    variesBy: ['https://schema.org/size'],
    brand: { '@type': 'Brand', name: first.brand },
    manufacturer: { '@type': 'Organization', name: first.manufacturer },
    description: first.shortDescription[locale],
    ...(categoryName ? { category: categoryName } : {}),
    hasVariant: group.variants.map((variant) => ({
      ...productNode({ product: variant, locale, url: variantUrl(variant), image: image(variant), categoryName }),
      url: variantUrl(variant),
      size: variant.package.label[locale],
    })),
  };
}

export interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** Meta descriptions: search engines show about 155 characters; cut at a word and mark the cut. */
export function truncateDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** Absolute URL of a site path; without a configured site the dev origin stands in, as BaseLayout does. */
export function absoluteUrl(path: string, site: URL | undefined): string {
  return new URL(path, site ?? 'http://localhost:4321').href;
}
