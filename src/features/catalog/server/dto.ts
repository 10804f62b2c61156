import { orNull } from '../../../platform/http/openapi';
import { z } from '@hono/zod-openapi';
import { basePrice } from '../model/base-price';
import { PACKAGE_UNITS, PRODUCT_KINDS, WAS_PRICE_KINDS } from '../model/catalog-schema';
import type { categories, popularSearches, products } from './schema';

/**
 * Wire shapes of the shop API v1 catalogue. Texts carry both languages ({ en, de }) instead of one
 * picked from the request language: the static pages are built once per language from the same
 * answer, and the answer can be cached publicly without `Vary: Accept-Language`.
 */
export const LocalizedDto = z
  .object({ en: z.string(), de: z.string() })
  .openapi('LocalizedText', { description: 'The same text in English and German.' });

export const CategoryDto = z
  .object({
    slug: z.string().openapi({ example: 'cold-and-flu' }),
    position: z.number().int().openapi({ description: 'Sort order, ascending.' }),
    name: LocalizedDto,
    description: LocalizedDto,
    productCount: z.number().int().openapi({ description: 'Active products in this category.' }),
  })
  .openapi('Category');
export type CategoryDto = z.infer<typeof CategoryDto>;

export const CategoryListDto = z.object({ items: z.array(CategoryDto) }).openapi('CategoryList');

export const BasePriceDto = z
  .object({ cents: z.number().int(), per: z.enum(['kg', 'l']) })
  .openapi('BasePrice', { description: 'Grundpreis (PAngV): price per 1 kg or 1 l; null when not required.' });

export const ProductDto = z
  .object({
    pzn: z.string().openapi({ example: '10019621', description: '8-digit PZN, kept as a string (leading zeros).' }),
    name: z.string(),
    slug: z.string().openapi({
      example: 'ibuprofen-al-400-mg-filmtabletten/10019621',
      description: 'The product page under /shop/product/: `<group>/<pzn>` for a pack size of a product group (its page with that size chosen), else `<name>-<pzn>`.',
    }),
    brand: z.string(),
    manufacturer: z.string(),
    categorySlug: z.string(),
    priceCents: z.number().int().openapi({ description: 'Gross price including VAT, in euro cents.' }),
    wasPriceCents: z.number().int().nullable().openapi({ description: 'Struck price, named by wasPriceKind (PAngV §11).' }),
    wasPriceKind: z.enum(WAS_PRICE_KINDS).nullable().openapi({
      description: 'What the struck price is: `lowest-30-days` (lowest price of the previous 30 days) or `uvp` (manufacturer\'s recommended retail price); null without a struck price.',
    }),
    vatRate: z.number().int().openapi({ example: 19, description: 'VAT in percent (19 or 7).' }),
    package: z.object({ amount: z.number(), unit: z.enum(PACKAGE_UNITS), label: LocalizedDto }),
    basePrice: orNull(BasePriceDto),
    dosageForm: LocalizedDto.nullable(),
    activeIngredients: z.array(z.object({ name: z.string(), strength: z.string() })),
    kind: z.enum(PRODUCT_KINDS),
    indication: LocalizedDto.nullable(),
    collectInPersonOnly: z.boolean().openapi({ description: 'Never delivered; must be collected at the pharmacy.' }),
    shortDescription: LocalizedDto,
    description: LocalizedDto,
    imageUrl: z.string().openapi({ example: '/images/products/10019621.svg' }),
    prescriptionRequired: z.boolean().openapi({ description: 'Rx: shown but never sold without a prescription.' }),
  })
  .openapi('Product');
export type ProductDto = z.infer<typeof ProductDto>;

export const ProductPageDto = z
  .object({
    items: z.array(ProductDto),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().openapi({ description: 'Matching products over all pages.' }),
  })
  .openapi('ProductPage');
export type ProductPageDto = z.infer<typeof ProductPageDto>;

export const PopularSearchDto = z.object({ slug: z.string(), term: LocalizedDto }).openapi('PopularSearch');
export const PopularSearchListDto = z.object({ items: z.array(PopularSearchDto) }).openapi('PopularSearchList');

type CategoryRow = typeof categories.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type PopularSearchRow = typeof popularSearches.$inferSelect;

export function toCategoryDto(row: CategoryRow, productCount: number): CategoryDto {
  return { slug: row.slug, position: row.position, name: row.name, description: row.description, productCount };
}

/** Stored paths may be site-relative ("images/x.svg") or absolute URLs; clients always get a usable URL. */
export function imageUrl(imagePath: string): string {
  if (/^(https?:)?\/\//.test(imagePath) || imagePath.startsWith('/')) return imagePath;
  return `/${imagePath}`;
}

export function toProductDto(row: ProductRow): ProductDto {
  return {
    pzn: row.pzn,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    manufacturer: row.manufacturer,
    categorySlug: row.categorySlug,
    priceCents: row.priceCents,
    wasPriceCents: row.wasPriceCents ?? null,
    wasPriceKind: row.wasPriceCents === null ? null : (row.wasPriceKind ?? 'lowest-30-days'),
    vatRate: row.vatRate,
    package: { amount: row.packageAmount, unit: row.packageUnit, label: row.packageLabel },
    basePrice: basePrice(row.priceCents, row.packageAmount, row.packageUnit),
    dosageForm: row.dosageForm ?? null,
    activeIngredients: row.activeIngredients,
    kind: row.kind,
    indication: row.indication ?? null,
    collectInPersonOnly: row.collectInPersonOnly,
    shortDescription: row.shortDescription,
    description: row.description,
    imageUrl: imageUrl(row.imagePath),
    prescriptionRequired: row.kind === 'prescription',
  };
}

export const toPopularSearchDto = (row: PopularSearchRow) => ({ slug: row.slug, term: row.term });
