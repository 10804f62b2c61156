import type { ProductInput } from '../../src/features/catalog';
import { expandTemplate } from './expand';
import { brand } from './forms';
import { PznAllocator } from './hash';
import { categoryTemplates } from './templates';
import type { BrandOption, ProductTemplate } from './types';

// Invented house brands, named after German regions and rivers, so generated products read like a
// real assortment rather than "Product 4711".
const SYNTHETIC_BRANDS: BrandOption[] = [
  'Apomed', 'Medivita', 'Pharmalind', 'Curasan', 'Vitaris', 'Salutan', 'Heilwerk', 'Nordapo',
  'Sanavita', 'Elbpharm', 'Rheinmed', 'Isarvita', 'Mainpharm', 'Alsterpharm', 'Spreemed', 'Taunusvital',
  'Harzpharma', 'Bodenseemed', 'Moselvita', 'Weserpharm', 'Eifelmed', 'Allgäuvita', 'Ostseepharm', 'Neckarmed',
].map((name, index) => brand(name, `${name} Arzneimittel GmbH`, 0.85 + (index % 7) * 0.05));

/** A name with a "{brand}" slot, so every synthetic brand yields a distinct product name. */
function withBrandSlot(template: ProductTemplate): ProductTemplate {
  if (template.name.includes('{brand}')) return template;
  const original = template.brands[0]?.brand;
  const name = original && template.name.includes(original) ? template.name.replace(original, '{brand}') : `{brand} ${template.name}`;
  return { ...template, name };
}

/**
 * Yields a category's products round by round: first the demo brands, then one synthetic brand per
 * round across all templates, then the same again with larger packs, so any count is reachable.
 */
function* categoryVariants(categorySlug: string, templates: ProductTemplate[], pzn: () => string): Generator<ProductInput> {
  const slotted = templates.map(withBrandSlot);
  for (let round = 0; ; round++) {
    const brandIndex = round === 0 ? -1 : (round - 1) % SYNTHETIC_BRANDS.length;
    const amountScale = round === 0 ? 1 : 1 + Math.floor((round - 1) / SYNTHETIC_BRANDS.length);
    for (const template of round === 0 ? templates : slotted) {
      const brands = brandIndex < 0 ? undefined : [SYNTHETIC_BRANDS[brandIndex]!];
      yield* expandTemplate(template, categorySlug, { pzn, amountScale, ...(brands ? { brands } : {}) });
    }
  }
}

/** `count` products spread evenly over the given categories, each with a unique valid PZN. */
export function generateProducts(count: number, categorySlugs: readonly string[]): ProductInput[] {
  const pzns = new PznAllocator();
  const allTemplates = categoryTemplates.flatMap((entry) => entry.templates);
  const products: ProductInput[] = [];
  categorySlugs.forEach((categorySlug, index) => {
    const quota = Math.floor(count / categorySlugs.length) + (index < count % categorySlugs.length ? 1 : 0);
    // A category an editor added has no templates of its own: it borrows from the whole assortment.
    const templates = categoryTemplates.find((entry) => entry.categorySlug === categorySlug)?.templates ?? allTemplates;
    const variants = categoryVariants(categorySlug, templates, () => pzns.next());
    for (let taken = 0; taken < quota; taken++) products.push(variants.next().value as ProductInput);
  });
  return products;
}
