// Geocoding seam: postal codes, distances and the Geocoder interface with its two implementations.
export type { Coordinates, GeocodeQuery, GeocodeResult, GeocodePrecision, Geocoder, ReverseResult } from './types';
export { isPostalCode, isAssignedPostalCode, normalizePostalCode, postalCodeInRange } from './postal-code';
export { distanceKm, roundKm } from './distance';
export { normalizeLocality, localityMatches } from './locality';
export { tableGeocoder, REVERSE_MAX_KM, type GeocodingTable } from './table-geocoder';
export { httpGeocoder, HTTP_GEOCODER_TIMEOUT_MS, type HttpGeocoderOptions, type FetchLike } from './http-geocoder';
export { geocoderFromEnv } from './select';
export { postalCodeExists, placesOf, recogniseAddress, type AddressRecognition } from './german-places';
