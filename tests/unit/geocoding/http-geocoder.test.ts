import { describe, expect, it, vi } from 'vitest';
import { geocoderFromEnv, httpGeocoder, tableGeocoder, type FetchLike } from '../../../src/platform/geocoding';

function fakeFetch(answer: (url: URL) => Response): FetchLike & { urls: URL[] } {
  const urls: URL[] = [];
  const fn = (async (input: string) => {
    const url = new URL(input);
    urls.push(url);
    return answer(url);
  }) as FetchLike & { urls: URL[] };
  fn.urls = urls;
  return fn;
}

const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('httpGeocoder', () => {
  it('sends street and house number as separate parameters and reads the documented answer', async () => {
    const fetch = fakeFetch(() => jsonResponse({ lat: 52.5145, lng: 13.3501, postal_code: '10557', locality: 'Berlin', precision: 'address' }));
    const geocoder = httpGeocoder({ baseUrl: 'https://geo.example.org/v1/', fetch });
    const result = await geocoder.geocode({ postalCode: '10557', streetAddress: 'Straße des 17. Juni', houseNumber: '12a', locality: 'Berlin' });
    expect(result).toEqual({ found: true, location: { lat: 52.5145, lng: 13.3501 }, postalCode: '10557', locality: 'Berlin', precision: 'address' });
    const [url] = fetch.urls;
    expect(url?.pathname).toBe('/v1/geocode');
    expect(Object.fromEntries(url!.searchParams)).toEqual({ postal_code: '10557', street: 'Straße des 17. Juni', house_number: '12a', locality: 'Berlin', country: 'DE' });
  });

  it('404 means not recognised', async () => {
    const geocoder = httpGeocoder({ baseUrl: 'https://geo.example.org', fetch: fakeFetch(() => new Response('no', { status: 404 })) });
    expect(await geocoder.geocode({ postalCode: '10557' })).toEqual({ found: false });
    expect(await geocoder.reverse({ lat: 0, lng: 0 })).toBeNull();
  });

  it('reverse reads postal_code and locality', async () => {
    const fetch = fakeFetch(() => jsonResponse({ postal_code: '10178', locality: 'Berlin' }));
    const geocoder = httpGeocoder({ baseUrl: 'https://geo.example.org', fetch });
    expect(await geocoder.reverse({ lat: 52.52, lng: 13.41 })).toEqual({ postalCode: '10178', locality: 'Berlin' });
    expect(fetch.urls[0]?.pathname).toBe('/reverse');
  });

  it('falls back to the built-in table when the service fails or answers nonsense', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const answer of [() => new Response('down', { status: 503 }), () => jsonResponse({ lat: 'x' })]) {
      const geocoder = httpGeocoder({ baseUrl: 'https://geo.example.org', fetch: fakeFetch(answer), fallback: tableGeocoder() });
      expect(await geocoder.geocode({ postalCode: '10115' })).toMatchObject({ found: true, precision: 'postal_code' });
    }
    error.mockRestore();
  });

  it('throws without a fallback', async () => {
    const geocoder = httpGeocoder({ baseUrl: 'https://geo.example.org', fetch: fakeFetch(() => new Response('down', { status: 500 })) });
    await expect(geocoder.geocode({ postalCode: '10115' })).rejects.toThrow(/500/);
  });
});

describe('geocoderFromEnv', () => {
  it('uses the built-in table without GEOCODER_URL', async () => {
    expect(await geocoderFromEnv({}).geocode({ postalCode: '10115' })).toMatchObject({ found: true, precision: 'postal_code' });
  });
});
