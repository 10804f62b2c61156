/**
 * `npx tsx scripts/geocoding-table.ts`: regenerates src/platform/geocoding/postal-codes.json, the
 * built-in geocoder's table. Deterministic: the same catalogue gives the same file.
 *
 * Real PLZ polygons are not open data we can ship, so a postal code's centroid is derived from the
 * partner pharmacies: the mean position of the pharmacies whose courier zone (or address) holds it,
 * nudged by a hash-based offset of at most ~1 km so neighbouring codes do not share one point.
 * That is accurate enough for "nearest pharmacy" and distance display; a real geocoder replaces it
 * through GEOCODER_URL.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

interface CatalogPharmacy {
  address: { postalCode: string; city: string };
  location: { lat: number; lng: number };
  deliveryZone: { postalCodes: string[] };
}

const TARGET = 'src/platform/geocoding/postal-codes.json';
const pharmacies = JSON.parse(readFileSync('catalog/pharmacies.json', 'utf8')) as CatalogPharmacy[];

/** Covered cities (domain-rules.md): PLZ range, centre and the names a customer may type. */
const CITIES = [
  { city: 'Berlin', from: '10115', to: '14199', lat: 52.52, lng: 13.405, aliases: [] },
  { city: 'Hamburg', from: '20095', to: '22769', lat: 53.5511, lng: 9.9937, aliases: [] },
  { city: 'München', from: '80331', to: '81929', lat: 48.1374, lng: 11.5755, aliases: ['Munich', 'Muenchen'] },
  { city: 'Köln', from: '50667', to: '51149', lat: 50.9375, lng: 6.9603, aliases: ['Cologne', 'Koeln'] },
  { city: 'Frankfurt am Main', from: '60308', to: '60599', lat: 50.1109, lng: 8.6821, aliases: ['Frankfurt'] },
];

const sums = new Map<string, { lat: number; lng: number; n: number; city: string }>();
for (const pharmacy of pharmacies) {
  for (const code of new Set([pharmacy.address.postalCode, ...pharmacy.deliveryZone.postalCodes])) {
    const entry = sums.get(code) ?? { lat: 0, lng: 0, n: 0, city: pharmacy.address.city };
    entry.lat += pharmacy.location.lat;
    entry.lng += pharmacy.location.lng;
    entry.n += 1;
    sums.set(code, entry);
  }
}

/** A stable offset in [-1, 1) from the code's hash. */
function jitter(code: string, salt: string): number {
  const byte = createHash('sha256').update(`${salt}:${code}`).digest()[0] ?? 0;
  return byte / 128 - 1;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
const postalCodes = Object.fromEntries(
  [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, { lat, lng, n, city }]) => [
      code,
      // 0.009° latitude ≈ 1 km; longitude degrees are ~0.6 km at these latitudes, hence the larger factor.
      { lat: round(lat / n + 0.009 * jitter(code, 'lat')), lng: round(lng / n + 0.014 * jitter(code, 'lng')), city },
    ]),
);

writeFileSync(TARGET, `${JSON.stringify({ cities: CITIES, postalCodes }, null, 2)}\n`);
console.log(`written ${TARGET}: ${Object.keys(postalCodes).length} postal codes`);
