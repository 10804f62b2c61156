import { kebabCase, type ProductInput } from '../../src/features/catalog';
import { unitHash } from './hash';
import type { BrandOption, Localized, PackForm, ProductTemplate } from './types';

/** Shelf prices end in 9 (3,49 € / 12,99 €) like a real pharmacy's. */
export function shelfPrice(cents: number): number {
  return Math.max(99, Math.round(cents / 10) * 10 - 1);
}

export function packLabel(form: PackForm, amount: number): Localized {
  const noun = amount === 1 && form.one ? form.one : form.noun;
  const unit = form.unit === 'pcs' ? '' : ` ${form.unit}`;
  // German writes a decimal comma: "3,3 ml".
  const de = String(amount).replace('.', ',');
  return { en: `${amount}${unit} ${noun.en}`, de: `${de}${unit} ${noun.de}` };
}

export interface ExpandOptions {
  /** Brands to use instead of the template's (the synthetic generator invents more). */
  brands?: BrandOption[];
  /** Multiplies pack amounts and prices, for synthetic "family size" variants. */
  amountScale?: number;
  /** How PZNs are handed out: by stable key (demo) or by counter (synthetic). */
  pzn: (key: string) => string;
}

/** Expands a template into one catalogue record per brand and pack, in a stable order. */
export function expandTemplate(template: ProductTemplate, categorySlug: string, options: ExpandOptions): ProductInput[] {
  const records: ProductInput[] = [];
  const scale = options.amountScale ?? 1;
  for (const brand of options.brands ?? template.brands) {
    for (const pack of template.packs) {
      const amount = pack.amount * scale;
      const key = `${template.key}|${brand.brand}|${amount}`;
      const pzn = options.pzn(key);
      const priceCents = shelfPrice(pack.priceCents * (brand.priceFactor ?? 1) * (scale === 1 ? 1 : scale * 0.8));
      const label = packLabel(template.form, amount);
      // About one product in ten carries a struck "was" price; never Rx, whose prices are fixed by law.
      const discounted = template.kind !== 'prescription' && unitHash(`was|${key}`) < 0.1;
      const name = (scale === 1 && brand.name) || template.name.replaceAll('{brand}', brand.brand);
      const record: ProductInput = {
        pzn,
        name,
        // The packs of one brand are the sizes of one product: one page with a size selector. The
        // synthetic "family size" rounds reuse the name with larger packs: each round is its own
        // product, or a generated group would gather every round's packs (dozens of sizes a page).
        ...(template.packs.length > 1 ? { group: kebabCase(scale === 1 ? name : `${name} ${scale}x`) } : {}),
        brand: brand.brand,
        manufacturer: brand.manufacturer,
        categorySlug,
        kind: template.kind,
        priceCents,
        ...(discounted
          ? {
              wasPriceCents: shelfPrice(priceCents * (1.15 + unitHash(`pct|${key}`) * 0.2)),
              // PAngV §11: say what the struck price is. About half are the maker's recommended price.
              wasPriceKind: unitHash(`kind|${key}`) < 0.5 ? ('uvp' as const) : ('lowest-30-days' as const),
            }
          : {}),
        vatRate: template.vatRate ?? 19,
        package: { amount, unit: template.form.unit, label },
        ...(template.dosageForm ? { dosageForm: template.dosageForm } : {}),
        activeIngredients: template.activeIngredients ?? [],
        ...(template.indication ? { indication: template.indication } : {}),
        ...(template.collectInPersonOnly ? { collectInPersonOnly: true } : {}),
        shortDescription: template.short,
        description: {
          en: `${template.long.en} One pack contains ${label.en}.`,
          de: `${template.long.de} Eine Packung enthält ${label.de}.`,
        },
        keywords: template.keywords,
      };
      records.push(record);
    }
  }
  return records;
}
