/** At or below this many packs an item shows as "low" (only a few left) rather than "in stock". */
export const LOW_STOCK_THRESHOLD = 3;

export type StockStatus = 'in_stock' | 'low' | 'sold_out';

/** A missing stock row is sold out: the pharmacy does not carry the product. */
export function stockStatus(quantity: number | null | undefined): StockStatus {
  if (quantity === null || quantity === undefined || quantity <= 0) return 'sold_out';
  return quantity <= LOW_STOCK_THRESHOLD ? 'low' : 'in_stock';
}
