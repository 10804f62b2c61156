import { createHash } from 'node:crypto';
import type { Product } from '../model/catalog-schema';
import { toProductRow } from './import-catalog';
import type { ProductRow } from './product-reads';

/*
 * What a product's pages show, reduced to a short hash: the same columns the import writes
 * (toProductRow), so the build (from the catalogue files) and the server (from the database) can tell
 * whether a prebuilt page still shows what the database says without comparing field by field.
 */

type Fingerprinted = Omit<ReturnType<typeof toProductRow>, 'active' | 'updatedAt'>;

const KEYS = [
  'pzn',
  'slug',
  'name',
  'brand',
  'manufacturer',
  'categorySlug',
  'priceCents',
  'wasPriceCents',
  'wasPriceKind',
  'vatRate',
  'packageAmount',
  'packageUnit',
  'packageLabel',
  'dosageForm',
  'activeIngredients',
  'kind',
  'indication',
  'collectInPersonOnly',
  'shortDescription',
  'description',
  'imagePath',
  'keywords',
  // Which size a group's page opens with and its listings show.
  'groupPosition',
] as const satisfies readonly (keyof Fingerprinted)[];

/** JSON with object keys sorted: jsonb hands objects back in its own key order. */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function fingerprintOf(fields: Record<string, unknown>): string {
  return createHash('sha1')
    .update(canonical(KEYS.map((key) => fields[key] ?? null)))
    .digest('base64url')
    .slice(0, 16);
}

/** The fingerprint of a product as the catalogue files describe it (the build's view). */
export const productFingerprint = (product: Product, groupPosition = 0): string => fingerprintOf(toProductRow(product, groupPosition));

/** The fingerprint of a database row (the server's view); equal to the files' when the import wrote them. */
export const rowFingerprint = (row: ProductRow): string => fingerprintOf(row);
