/**
 * The geocoding seam: features ask "where is this address?" and "which postal code is this point
 * in?" without knowing whether the answer comes from the shipped table or a real geocoder.
 */
export interface Coordinates {
  lat: number;
  lng: number;
}

export interface GeocodeQuery {
  /** Five digits, already validated. */
  postalCode: string;
  streetAddress?: string | undefined;
  houseNumber?: string | undefined;
  locality?: string | undefined;
}

/** How exact a found position is: the address itself, its postal-code area or just the city. */
export type GeocodePrecision = 'address' | 'postal_code' | 'city';

export type GeocodeResult =
  | { found: true; location: Coordinates; postalCode: string; locality: string; precision: GeocodePrecision }
  /** The geocoder has no position for this address (unknown code, or a locality that does not fit it). */
  | { found: false };

export interface ReverseResult {
  postalCode: string;
  locality: string;
}

export interface Geocoder {
  geocode(query: GeocodeQuery): Promise<GeocodeResult>;
  /** The postal-code area a point lies in, or null when it is outside what the geocoder knows. */
  reverse(point: Coordinates): Promise<ReverseResult | null>;
}
