import { distanceKm } from './distance';
import { localityMatches } from './locality';
import { isPostalCode, postalCodeInRange } from './postal-code';
import table from './postal-codes.json' with { type: 'json' };
import type { Coordinates, GeocodeQuery, GeocodeResult, Geocoder, ReverseResult } from './types';

interface CityEntry extends Coordinates {
  city: string;
  from: string;
  to: string;
  aliases: string[];
}

export interface GeocodingTable {
  cities: CityEntry[];
  postalCodes: Record<string, Coordinates & { city: string }>;
}

/**
 * A point farther than this from every known postal-code centroid is not placed in any of them:
 * reverse lookups then answer "unknown" rather than claim a far-away zone.
 */
export const REVERSE_MAX_KM = 5;

/**
 * The built-in geocoder: the covered cities' postal codes from a table shipped in the repo
 * (scripts/geocoding-table.ts). It knows no streets, so the street and house number do not move
 * the point; a locality that does not belong to the postal code makes the address unrecognised.
 * A code inside a covered city's range that the table lacks resolves to the city centre.
 */
export function tableGeocoder(data: GeocodingTable = table as GeocodingTable): Geocoder {
  const cityOf = (code: string) => data.cities.find((city) => postalCodeInRange(code, city.from, city.to));

  return {
    async geocode(query: GeocodeQuery): Promise<GeocodeResult> {
      const { postalCode, locality } = query;
      if (!isPostalCode(postalCode)) return { found: false };
      const city = cityOf(postalCode);
      const exact = data.postalCodes[postalCode];
      const cityName = exact?.city ?? city?.city;
      if (!cityName) return { found: false };
      const aliases = data.cities.find((entry) => entry.city === cityName)?.aliases ?? [];
      if (locality !== undefined && locality.trim() !== '' && !localityMatches(locality, cityName, aliases)) return { found: false };
      if (exact) return { found: true, location: { lat: exact.lat, lng: exact.lng }, postalCode, locality: cityName, precision: 'postal_code' };
      if (!city) return { found: false };
      return { found: true, location: { lat: city.lat, lng: city.lng }, postalCode, locality: city.city, precision: 'city' };
    },

    async reverse(point: Coordinates): Promise<ReverseResult | null> {
      let best: ReverseResult | null = null;
      let bestKm = REVERSE_MAX_KM;
      for (const [postalCode, entry] of Object.entries(data.postalCodes)) {
        const km = distanceKm(point, entry);
        if (km < bestKm) {
          best = { postalCode, locality: entry.city };
          bestKm = km;
        }
      }
      return best;
    },
  };
}
