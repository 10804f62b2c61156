import { httpGeocoder } from './http-geocoder';
import { tableGeocoder } from './table-geocoder';
import type { Geocoder } from './types';

/**
 * GEOCODER_URL set: the external service, falling back to the built-in table when it fails.
 * Unset: the built-in table alone (the covered cities' postal codes).
 */
export function geocoderFromEnv(env: NodeJS.ProcessEnv = process.env): Geocoder {
  const builtIn = tableGeocoder();
  const url = env.GEOCODER_URL?.trim();
  return url ? httpGeocoder({ baseUrl: url, fallback: builtIn }) : builtIn;
}
