/**
 * § 17 Abs. 2b ApBetrO: medicines with the active ingredients lenalidomide, pomalidomide or
 * thalidomide (teratogenic; the T-Rezept) may not be sold by mail order (Versand, § 43 Abs. 1 AMG).
 * The pharmacy hands them over itself. Matched on the catalogue's active ingredients, in English or
 * German spelling, case-insensitively (a name may carry a salt: "Lenalidomid-Hydrochlorid").
 */
export const NO_PARCEL_ACTIVE_INGREDIENTS = ['lenalidomid', 'pomalidomid', 'thalidomid'] as const;

export interface ParcelBasis {
  activeIngredients: readonly { name: string }[];
  /** The catalogue's "must be collected in person" (never delivered at all, so never by parcel). */
  collectInPersonOnly: boolean;
}

/** Whether a product may be sent by parcel. */
export function parcelAllowed(product: ParcelBasis): boolean {
  if (product.collectInPersonOnly) return false;
  return !product.activeIngredients.some(({ name }) => {
    const lower = name.toLowerCase();
    return NO_PARCEL_ACTIVE_INGREDIENTS.some((ingredient) => lower.includes(ingredient));
  });
}
