import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { distanceKm, isAssignedPostalCode, placesOf, recogniseAddress, roundKm, type Coordinates, type Geocoder } from '../../../platform/geocoding';
import { rankCandidates } from '../model/choose-pharmacy';
import { DELIVERY_MESSAGES, inAreaOutcome, type DeliveryOutcome } from '../model/delivery-outcome';
import { deliversTo } from '../model/delivery-zone';
import type { DeliveryAreaDto, DeliveryPharmacyDto, NearestDto } from './delivery-dto';
import { toPharmacyDto } from './dto';
import { pharmacies, stock } from './schema';

type PharmacyRow = typeof pharmacies.$inferSelect;

export interface DeliveryAreaInput {
  postalCode: string;
  streetAddress?: string | undefined;
  houseNumber?: string | undefined;
  locality?: string | undefined;
  /** Device position; when given the address is not geocoded. */
  point?: Coordinates | undefined;
  pzns: readonly string[];
}

/** Outside the area the answer lists this many nearest pharmacies (for pickup). */
export const OUTSIDE_AREA_SUGGESTIONS = 5;

const activePharmacies = (db: Db) => db.select().from(pharmacies).where(eq(pharmacies.active, true));

/** PZNs in stock (quantity > 0) per pharmacy, for all candidates and all PZNs in one query. */
async function stockedPzns(db: Db, pharmacyIds: readonly string[], pzns: readonly string[]): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>(pharmacyIds.map((id) => [id, new Set<string>()]));
  if (pharmacyIds.length === 0 || pzns.length === 0) return result;
  const rows = await db
    .select({ pharmacyId: stock.pharmacyId, pzn: stock.pzn })
    .from(stock)
    .where(and(inArray(stock.pharmacyId, [...pharmacyIds]), inArray(stock.pzn, [...pzns]), gt(stock.quantity, 0)));
  for (const row of rows) result.get(row.pharmacyId)?.add(row.pzn);
  return result;
}

function answer(outcome: DeliveryOutcome, postalCode: string, rest: Partial<DeliveryAreaDto> = {}): DeliveryAreaDto {
  // The place says where the promise holds ("in about 30 minutes to 10178 Berlin").
  const locality = outcome === 'address_not_recognised' ? null : (placesOf(postalCode)[0] ?? null);
  return { outcome, message: DELIVERY_MESSAGES[outcome], postal_code: postalCode, locality, location: null, missing_pzns: [], pharmacy: null, alternatives: [], ...rest };
}

/**
 * Decides the outcome for an address and picks the serving pharmacy:
 * - a postal code no post office could have (00…), one that does not exist, or a locality that is
 *   not one of the code's places → address_not_recognised;
 * - no courier zone holds the code → outside_area, with the nearest pharmacies when the address has a position;
 * - a zone holds it but the geocoder cannot place the address (e.g. the city does not fit the code)
 *   → address_not_recognised: the rider could not find it;
 * - otherwise the best delivering pharmacy (open now, most of the PZNs in stock, nearest) serves it.
 */
export async function checkDeliveryArea(db: Db, geocoder: Geocoder, now: Date, input: DeliveryAreaInput): Promise<DeliveryAreaDto> {
  const { postalCode, pzns } = input;
  if (!isAssignedPostalCode(postalCode)) return answer('address_not_recognised', postalCode);
  // The complete list of German postal codes and their places: a code that does not exist, or a
  // locality it does not belong to (a Berlin street with a Hamburg code), is no address to deliver to.
  if (recogniseAddress(postalCode, input.point ? undefined : input.locality) !== 'recognised') return answer('address_not_recognised', postalCode);

  let location: DeliveryAreaDto['location'] = null;
  if (input.point) {
    location = { ...input.point, source: 'client', precision: 'device' };
  } else {
    const found = await geocoder.geocode({ postalCode, streetAddress: input.streetAddress, houseNumber: input.houseNumber, locality: input.locality });
    if (found.found) location = { ...found.location, source: 'geocoder', precision: found.precision };
  }
  const distanceTo = (row: PharmacyRow) => (location ? roundKm(distanceKm(location, row)) : null);

  const rows = await activePharmacies(db);
  const delivering = rows.filter((row) => deliversTo(row, postalCode));

  if (delivering.length === 0) {
    const nearest = location
      ? rows
          .map((row) => ({ row, km: distanceKm(location, row) }))
          .sort((a, b) => a.km - b.km || a.row.id.localeCompare(b.row.id))
          .slice(0, OUTSIDE_AREA_SUGGESTIONS)
          .map(({ row }) => ({ pharmacy: toPharmacyDto(row, now), delivers: false, distance_km: distanceTo(row), in_stock_count: 0, missing_pzns: [...pzns] }))
      : [];
    return answer('outside_area', postalCode, { location, alternatives: nearest });
  }
  if (!location) return answer('address_not_recognised', postalCode);

  const stocked = await stockedPzns(db, delivering.map((row) => row.id), pzns);
  const candidates = delivering.map((row) => {
    const have = stocked.get(row.id) ?? new Set<string>();
    const pharmacy = toPharmacyDto(row, now);
    return { id: row.id, openNow: pharmacy.openNow, inStock: have.size, distanceKm: distanceTo(row), pharmacy, missing: pzns.filter((pzn) => !have.has(pzn)) };
  });
  const [best, ...others] = rankCandidates(candidates).map(
    (c): DeliveryPharmacyDto => ({ pharmacy: c.pharmacy, delivers: true, distance_km: c.distanceKm, in_stock_count: c.inStock, missing_pzns: c.missing }),
  );
  if (!best) return answer('outside_area', postalCode, { location });
  return answer(inAreaOutcome(best.missing_pzns), postalCode, { location, missing_pzns: best.missing_pzns, pharmacy: best, alternatives: others });
}

/** Pharmacies nearest a device position, each with whether its courier zone holds the point's postal code. */
export async function nearestPharmacies(db: Db, geocoder: Geocoder, now: Date, point: Coordinates, limit: number): Promise<NearestDto> {
  const [area, rows] = await Promise.all([geocoder.reverse(point), activePharmacies(db)]);
  const items = rows
    .map((row) => ({ row, km: distanceKm(point, row) }))
    .sort((a, b) => a.km - b.km || a.row.id.localeCompare(b.row.id))
    .slice(0, limit)
    .map(({ row, km }) => ({ pharmacy: toPharmacyDto(row, now), distance_km: roundKm(km), delivers_to_location: area !== null && deliversTo(row, area.postalCode) }));
  return { postal_code: area?.postalCode ?? null, locality: area?.locality ?? null, items };
}

/**
 * The pharmacy whose courier serves a postal code, for an address the chosen pharmacy does not reach
 * (the checkout proposes it): the best by the same ranking as the delivery-area check (open now,
 * most of the PZNs in stock), without distances. Null outside every courier zone.
 */
export async function servingPharmacy(db: Db, now: Date, postalCode: string, pzns: readonly string[]): Promise<{ id: string; name: string } | null> {
  const delivering = (await activePharmacies(db)).filter((row) => deliversTo(row, postalCode));
  if (delivering.length === 0) return null;
  const stocked = await stockedPzns(db, delivering.map((row) => row.id), pzns);
  const candidates = delivering.map((row) => {
    const pharmacy = toPharmacyDto(row, now);
    return { id: row.id, openNow: pharmacy.openNow, inStock: stocked.get(row.id)?.size ?? 0, distanceKm: null, name: row.name };
  });
  const [best] = rankCandidates(candidates);
  return best ? { id: best.id, name: best.name } : null;
}
