import { describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../../../src/features/catalog/model/catalog-index';
import { ProductSchema } from '../../../src/features/catalog/model/catalog-schema';
import { groupPositions, groupProducts, movedProductSlugs } from '../../../src/features/catalog/model/product-groups';
import { productGroupKey, productSlug } from '../../../src/features/catalog/model/product-paths';
import { productGroupJsonLd } from '../../../src/features/catalog/model/seo';
import { catalog, category, product } from './fixtures';

const pack = (amount: number) => ({ amount, unit: 'pcs' as const, label: { en: `${amount} tablets`, de: `${amount} Tabletten` } });
// In file order 20, 10, 50: the first record (20) is the size the group's page opens with.
const ibu20 = product({ pzn: '10019621', name: 'Ibuprofen AL 400 mg', group: 'ibuprofen-al-400-mg', priceCents: 489, package: pack(20) });
const ibu10 = product({ pzn: '04877800', name: 'Ibuprofen AL 400 mg', group: 'ibuprofen-al-400-mg', priceCents: 329, package: pack(10) });
const ibu50 = product({ pzn: '04773414', name: 'Ibuprofen AL 400 mg', group: 'ibuprofen-al-400-mg', priceCents: 999, package: pack(50) });
const lone = product({ pzn: '17377588', name: 'Nasenspray Meerwasser' });
const products = [ibu20, lone, ibu10, ibu50];

describe('product groups', () => {
  it('make one page per group and one per lone product, in the order the files first name them', () => {
    const groups = groupProducts(products);
    expect(groups.map((group) => [group.slug, group.grouped])).toEqual([
      ['ibuprofen-al-400-mg', true],
      ['nasenspray-meerwasser-17377588', false],
    ]);
  });

  it('list the sizes smallest first and open with the first size in the files', () => {
    const [ibuprofen] = groupProducts(products);
    expect(ibuprofen!.variants.map((variant) => variant.package.amount)).toEqual([10, 20, 50]);
    expect(ibuprofen!.defaultVariant.pzn).toBe(ibu20.pzn);
  });

  it('number each size by its place among its group\'s records in the files, 0 for the size the page opens with (what the database keeps)', () => {
    expect(Object.fromEntries(groupPositions(products))).toEqual({ [ibu20.pzn]: 0, [lone.pzn]: 0, [ibu10.pzn]: 1, [ibu50.pzn]: 2 });
  });

  it('compare weights and volumes across kg/g and l/ml', () => {
    const gel = (pzn: string, amount: number, unit: 'g' | 'kg') =>
      product({ pzn, name: 'Gel', group: 'gel', package: { amount, unit, label: { en: `${amount} ${unit}`, de: `${amount} ${unit}` } } });
    const [group] = groupProducts([gel('10019621', 1, 'kg'), gel('04877800', 250, 'g')]);
    expect(group!.variants.map((variant) => variant.pzn)).toEqual(['04877800', '10019621']);
  });

  it('give each size the URL of its group with its PZN; lone products keep theirs', () => {
    expect(productSlug(ibu10)).toBe('ibuprofen-al-400-mg/04877800');
    expect(productSlug(lone)).toBe('nasenspray-meerwasser-17377588');
    expect(productGroupKey(productSlug(ibu10))).toBe('ibuprofen-al-400-mg');
    expect(productGroupKey(productSlug(lone))).toBe('nasenspray-meerwasser-17377588');
  });

  it('move every size\'s former page to the group\'s page with that size chosen, and nothing else', () => {
    expect(movedProductSlugs(products)).toEqual({
      'ibuprofen-al-400-mg-10019621': 'ibuprofen-al-400-mg/10019621',
      'ibuprofen-al-400-mg-04877800': 'ibuprofen-al-400-mg/04877800',
      'ibuprofen-al-400-mg-04773414': 'ibuprofen-al-400-mg/04773414',
    });
  });

  it('refuse a group key that could be taken for a product page (ending in a PZN)', () => {
    const input = { ...ibu20, group: 'ibuprofen-10019621' };
    expect(ProductSchema.safeParse(input).success).toBe(false);
    expect(ProductSchema.safeParse({ ...ibu20 }).success).toBe(true);
  });
});

describe('listings of grouped products', () => {
  const index = buildCatalogIndex(
    catalog(products, [category('cold-and-flu', 0, 'Cold & flu', 'Erkältung')], [{ slug: 'ibuprofen', term: { en: 'Ibuprofen', de: 'Ibuprofen' } }]),
  );

  it('show a group once in its category, as its default size', () => {
    expect(index.productsByCategory.get('cold-and-flu')!.map((p) => p.pzn)).toEqual([ibu20.pzn, lone.pzn]);
  });

  it('show a group once in a popular search\'s results', () => {
    const found = index.searchResults(index.popularSearches[0]!, 'de');
    expect(found.filter((p) => p.group === 'ibuprofen-al-400-mg')).toHaveLength(1);
  });
});

describe('ProductGroup JSON-LD', () => {
  const [group] = groupProducts(products);
  const ld = productGroupJsonLd({
    group: group!,
    locale: 'de',
    url: 'https://apobote.example/de/shop/product/ibuprofen-al-400-mg/',
    variantUrl: (variant) => `https://apobote.example/de/shop/product/${productSlug(variant)}/`,
    image: (variant) => `https://apobote.example/images/products/${variant.pzn}.svg`,
  });

  it('is a ProductGroup varying by size, at the group page', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      productGroupID: 'ibuprofen-al-400-mg',
      variesBy: ['https://schema.org/size'],
      url: 'https://apobote.example/de/shop/product/ibuprofen-al-400-mg/',
    });
  });

  it('has one Product per size with its PZN, size, page and price', () => {
    const variants = ld.hasVariant as Record<string, unknown>[];
    expect(variants.map((variant) => [variant['@type'], variant.sku, variant.size, (variant.offers as { price: string }).price])).toEqual([
      ['Product', '04877800', '10 Tabletten', '3.29'],
      ['Product', '10019621', '20 Tabletten', '4.89'],
      ['Product', '04773414', '50 Tabletten', '9.99'],
    ]);
    expect(variants[0]).toMatchObject({
      url: 'https://apobote.example/de/shop/product/ibuprofen-al-400-mg/04877800/',
      offers: { url: 'https://apobote.example/de/shop/product/ibuprofen-al-400-mg/04877800/' },
    });
    expect(variants[0]).not.toHaveProperty('@context');
  });
});
