import type { DeliveryArea, NearestPharmacies } from './selection-types';

/** How the list is ordered: as built, after an address check, or after a device location. */
export type ListOrder =
  | { kind: 'default' }
  | { kind: 'serving'; postalCode: string; first: string[]; delivering: string[] }
  | { kind: 'nearest'; first: string[]; delivering: string[]; distances: Record<string, number> };

/**
 * After an address check: the serving pharmacy, then the other delivering ones best first (the
 * server's order), or outside the area the nearest for pickup.
 */
export function orderFromCheck(answer: DeliveryArea): ListOrder {
  const ranked = [answer.pharmacy, ...answer.alternatives].filter((entry) => entry !== null);
  return {
    kind: 'serving',
    postalCode: answer.postal_code,
    first: ranked.map((entry) => entry.pharmacy.id),
    delivering: ranked.filter((entry) => entry.delivers).map((entry) => entry.pharmacy.id),
  };
}

export function orderFromNearest(answer: NearestPharmacies): ListOrder {
  return {
    kind: 'nearest',
    first: answer.items.map((item) => item.pharmacy.id),
    delivering: answer.items.filter((item) => item.delivers_to_location).map((item) => item.pharmacy.id),
    distances: Object.fromEntries(answer.items.map((item) => [item.pharmacy.id, item.distance_km])),
  };
}

/** The list in the given order; pharmacies the order does not mention keep their place after those it does. */
export function orderPharmacies<T extends { id: string }>(list: readonly T[], order: ListOrder): T[] {
  if (order.kind === 'default') return [...list];
  const rank = new Map(order.first.map((id, index) => [id, index]));
  const position = new Map(list.map((pharmacy, index) => [pharmacy.id, index]));
  const key = (pharmacy: T) => rank.get(pharmacy.id) ?? order.first.length + (position.get(pharmacy.id) ?? 0);
  return [...list].sort((a, b) => key(a) - key(b));
}
