import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/platform/api-client';
import { chunk, distinctPzns } from '../../../src/features/pharmacies/model/pzn-list';
import { fetchAvailability } from '../../../src/features/pharmacies/browser/fetch-availability';
import { MAX_PZNS_PER_REQUEST } from '../../../src/features/pharmacies/client';

const pzns = (count: number) => Array.from({ length: count }, (_, i) => String(10_000_000 + i));

describe('distinctPzns', () => {
  it('keeps each product once, in page order, and skips empty values', () => {
    expect(distinctPzns(['04773414', '10019621', '04773414', '', undefined, null, ' 10019621 '])).toEqual(['04773414', '10019621']);
  });
});

describe('chunk', () => {
  it('makes one request of a whole product page (48 products)', () => {
    expect(chunk(pzns(48))).toEqual([pzns(48)]);
  });

  it('splits only beyond the per-request limit', () => {
    const batches = chunk(pzns(MAX_PZNS_PER_REQUEST + 1));
    expect(batches.map((batch) => batch.length)).toEqual([MAX_PZNS_PER_REQUEST, 1]);
    expect(batches.flat()).toEqual(pzns(MAX_PZNS_PER_REQUEST + 1));
    expect(chunk(pzns(2 * MAX_PZNS_PER_REQUEST)).length).toBe(2);
  });

  it('makes no request for nothing and refuses a nonsensical size', () => {
    expect(chunk([])).toEqual([]);
    expect(() => chunk(['a'], 0)).toThrow(RangeError);
  });
});

describe('fetchAvailability', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubServer(answer: (url: URL) => Response | Promise<Response>) {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | Request) => {
        const url = new URL(typeof input === 'string' ? input : input.url);
        urls.push(url);
        return answer(url);
      }),
    );
    return { urls, client: createApiClient({ baseUrl: 'http://shop.test' }) };
  }

  const statusesFor = (url: URL) =>
    Response.json({ items: url.searchParams.getAll('pzn').map((pzn) => ({ pzn, status: pzn.endsWith('1') ? 'sold_out' : 'in_stock' })) });

  it('asks once for all distinct products of a page and maps each to its status', async () => {
    const { urls, client } = stubServer(statusesFor);
    const result = await fetchAvailability('berlin-alexanderplatz', ['10000000', '10000001', '10000000'], client);
    expect(urls).toHaveLength(1);
    expect(urls[0]!.pathname).toBe('/api/shop/v1/pharmacies/berlin-alexanderplatz/availability');
    expect(urls[0]!.searchParams.getAll('pzn')).toEqual(['10000000', '10000001']);
    expect([...result]).toEqual([
      ['10000000', 'in_stock'],
      ['10000001', 'sold_out'],
    ]);
  });

  it('splits beyond the limit and keeps the answers that arrived when one request fails', async () => {
    let calls = 0;
    const { urls, client } = stubServer((url) => (++calls === 1 ? statusesFor(url) : Response.json({ code: 'GENERIC_ERROR', message: 'x' }, { status: 500 })));
    const result = await fetchAvailability('p', pzns(MAX_PZNS_PER_REQUEST + 5), client);
    expect(urls).toHaveLength(2);
    expect(result.size).toBe(MAX_PZNS_PER_REQUEST);
  });

  it('answers nothing, without throwing, when the network is down or the pharmacy is unknown', async () => {
    const down = stubServer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchAvailability('p', ['10000000'], down.client)).resolves.toEqual(new Map());
    const unknown = stubServer(() => Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 }));
    await expect(fetchAvailability('nope', ['10000000'], unknown.client)).resolves.toEqual(new Map());
  });

  it('makes no request when the page lists no product', async () => {
    const { urls, client } = stubServer(statusesFor);
    await fetchAvailability('p', [], client);
    expect(urls).toHaveLength(0);
  });
});
