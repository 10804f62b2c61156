import type { ProductKind } from '../../src/features/catalog';

export interface Localized {
  en: string;
  de: string;
}

/** What one unit of the pack is called; the label becomes "20 film-coated tablets" / "50 ml Nasenspray". */
export interface PackForm {
  unit: 'g' | 'ml' | 'pcs';
  noun: Localized;
  /** Singular noun for packs of exactly one piece (devices, tubes sold as "1 Stück"). */
  one?: Localized;
}

export interface PackOption {
  amount: number;
  priceCents: number;
}

export interface BrandOption {
  brand: string;
  manufacturer: string;
  /** Overrides the template name when the brand spells it its own way ("Ibuprofen-ratiopharm"). */
  name?: string;
  /** Multiplies the pack price: originals cost more than generics. */
  priceFactor?: number;
}

/**
 * One product line of the demo assortment. It expands to brands × packs products, each with its own
 * PZN, so one template yields the realistic spread of makers and pack sizes a Versandapotheke lists.
 */
export interface ProductTemplate {
  /** Stable key: PZNs are derived from it, so renaming the product does not renumber it. */
  key: string;
  /** Product name; "{brand}" is replaced by the brand. */
  name: string;
  brands: BrandOption[];
  form: PackForm;
  packs: PackOption[];
  kind: ProductKind;
  vatRate?: 7 | 19;
  dosageForm?: Localized;
  activeIngredients?: { name: string; strength: string }[];
  indication?: Localized;
  collectInPersonOnly?: boolean;
  short: Localized;
  /** One or two sentences; a sentence about the pack is appended. */
  long: Localized;
  keywords: string[];
}

export interface CategoryTemplates {
  categorySlug: string;
  templates: ProductTemplate[];
}
