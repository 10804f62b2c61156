import { isPostalCode } from './postal-code';
import type { Coordinates, GeocodeQuery, GeocodeResult, GeocodePrecision, Geocoder, ReverseResult } from './types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpGeocoderOptions {
  /** GEOCODER_URL, e.g. https://geo.example.org/v1 (no trailing slash needed). */
  baseUrl: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Answers when the service is down or answers nonsense: a shop that cannot geocode must still sell. */
  fallback?: Geocoder;
}

export const HTTP_GEOCODER_TIMEOUT_MS = 3000;

/**
 * Adapter for an external geocoder selected by GEOCODER_URL. The contract it expects:
 *
 *   GET {GEOCODER_URL}/geocode?postal_code=10557&street=Straße%20des%2017.%20Juni&house_number=12a&locality=Berlin&country=DE
 *     200 { "lat": 52.5145, "lng": 13.3501, "postal_code": "10557", "locality": "Berlin", "precision": "address" }
 *     404 (any body)  → the address is not recognised
 *   GET {GEOCODER_URL}/reverse?lat=52.52&lng=13.40
 *     200 { "postal_code": "10178", "locality": "Berlin" }
 *     404 (any body)  → the point is in no known postal-code area
 *
 * `precision` is optional ("address" | "postal_code" | "city", default "address"); "postal_code"
 * in the answer is optional too (the query's code is kept). Street and house number are sent as
 * separate parameters, never joined, because street names may contain numbers ("C 3").
 * Any other status, a timeout or a malformed body uses the fallback (the built-in table) if given,
 * else throws.
 */
export function httpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? HTTP_GEOCODER_TIMEOUT_MS;

  /** The JSON body, or null for 404; throws for anything else. */
  async function getJson(path: string, params: Record<string, string | undefined>): Promise<unknown> {
    const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
    const response = await doFetch(`${base}${path}?${search}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return response.json();
  }

  async function withFallback<T>(work: () => Promise<T>, fallback: (() => Promise<T>) | undefined): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!fallback) throw error;
      console.error(JSON.stringify({ level: 'warn', msg: 'geocoder unavailable, using built-in table', error: String(error) }));
      return fallback();
    }
  }

  return {
    geocode: (query: GeocodeQuery) =>
      withFallback(
        async () => {
          const body = await getJson('/geocode', {
            postal_code: query.postalCode,
            street: query.streetAddress,
            house_number: query.houseNumber,
            locality: query.locality,
            country: 'DE',
          });
          return body === null ? { found: false } : parseGeocode(body, query.postalCode);
        },
        options.fallback && (() => options.fallback!.geocode(query)),
      ),
    reverse: (point: Coordinates) =>
      withFallback(
        async () => {
          const body = await getJson('/reverse', { lat: String(point.lat), lng: String(point.lng) });
          return body === null ? null : parseReverse(body);
        },
        options.fallback && (() => options.fallback!.reverse(point)),
      ),
  };
}

const PRECISIONS: readonly GeocodePrecision[] = ['address', 'postal_code', 'city'];
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isLatitude = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 90;
const isLongitude = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 180;

function parseGeocode(body: unknown, queriedCode: string): GeocodeResult {
  if (!isRecord(body) || !isLatitude(body.lat) || !isLongitude(body.lng)) throw new Error('geocoder answered without valid lat/lng');
  const postalCode = typeof body.postal_code === 'string' && isPostalCode(body.postal_code) ? body.postal_code : queriedCode;
  const precision = PRECISIONS.find((value) => value === body.precision) ?? 'address';
  const locality = typeof body.locality === 'string' ? body.locality : '';
  return { found: true, location: { lat: body.lat, lng: body.lng }, postalCode, locality, precision };
}

function parseReverse(body: unknown): ReverseResult {
  if (!isRecord(body) || typeof body.postal_code !== 'string' || !isPostalCode(body.postal_code)) throw new Error('geocoder answered without a postal_code');
  return { postalCode: body.postal_code, locality: typeof body.locality === 'string' ? body.locality : '' };
}
