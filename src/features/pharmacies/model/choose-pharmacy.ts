/** What the choice needs to know of a pharmacy that delivers to the address. */
export interface Candidate {
  id: string;
  openNow: boolean;
  /** How many of the requested PZNs it has in stock. */
  inStock: number;
  /** Kilometres from the address, or null when the address has no position. */
  distanceKm: number | null;
}

/**
 * Best first: open now (a closed pharmacy only takes pre-orders, spec §4), then most of the cart
 * in stock, then nearest, then id so equal candidates always come out in the same order.
 */
export function rankCandidates<T extends Candidate>(candidates: readonly T[]): T[] {
  return [...candidates].sort(
    (a, b) =>
      Number(b.openNow) - Number(a.openNow) ||
      b.inStock - a.inStock ||
      (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY) ||
      a.id.localeCompare(b.id),
  );
}
