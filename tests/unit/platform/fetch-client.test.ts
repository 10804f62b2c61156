import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/platform/api-client/client';

/*
 * The islands' typed client: what goes out (path, query, headers, body) and what a screen gets
 * back, for the shapes the API answers with.
 */
interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

function answering(response: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    sent.push({ url: input, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body });
    return response();
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('the typed API client', () => {
  it('fills and encodes path parameters, repeats array query keys and leaves out absent ones', async () => {
    const sent = answering(() => Response.json({ items: [] }));
    const client = createApiClient({ baseUrl: 'https://shop.example/' });
    await client.GET('/api/shop/v1/pharmacies/{id}/availability', { params: { path: { id: 'berlin mitte/1' }, query: { pzn: ['01126111', '04114918'] } } });
    await client.GET('/api/shop/v1/search', { params: { query: { q: 'ibu & co', locale: 'de', limit: 10, offset: undefined as unknown as number } } });
    expect(sent.map((s) => s.url)).toEqual([
      'https://shop.example/api/shop/v1/pharmacies/berlin%20mitte%2F1/availability?pzn=01126111&pzn=04114918',
      'https://shop.example/api/shop/v1/search?q=ibu+%26+co&locale=de&limit=10',
    ]);
  });

  it('sends the token and the page language on every request, and JSON bodies as JSON', async () => {
    const sent = answering(() => Response.json({ token: 't' }));
    let token: string | null = null;
    const client = createApiClient({ getToken: () => token, locale: 'de' });
    await client.POST('/api/v1/user/login', { body: { email: 'a@b.de', password: 'x' } });
    token = 'secret';
    await client.GET('/api/v1/user/cart');
    expect(sent[0]!.headers.get('Authorization')).toBeNull();
    expect(sent[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(sent[0]!.body).toBe(JSON.stringify({ email: 'a@b.de', password: 'x' }));
    expect(sent[1]!.headers.get('Authorization')).toBe('Bearer secret');
    expect(sent[1]!.headers.get('X-Locale')).toBe('de');
    expect(sent[1]!.headers.get('Content-Type')).toBeNull();
    expect(sent[1]!.method).toBe('GET');
  });

  it('gives the parsed body as data on success, nothing for a 204, and the error body otherwise', async () => {
    let next = () => Response.json({ items: [1] });
    answering(() => next());
    const client = createApiClient();
    expect((await client.GET('/api/v1/user/cart')).data).toEqual({ items: [1] });
    next = () => new Response(null, { status: 204 });
    const empty = await client.DELETE('/api/v1/user/cart/items/{pzn}', { params: { path: { pzn: '01126111' } } });
    expect(empty.data).toBeUndefined();
    expect(empty.response.status).toBe(204);
    next = () => Response.json({ code: 'OUT_OF_STOCK', message: 'Sold out' }, { status: 409 });
    const refused = await client.GET('/api/v1/user/cart');
    expect(refused).toMatchObject({ error: { code: 'OUT_OF_STOCK' } });
    expect(refused.data).toBeUndefined();
    next = () => new Response('<html>Bad gateway</html>', { status: 502 });
    expect((await client.GET('/api/v1/user/cart')).error).toBe('<html>Bad gateway</html>');
  });

  it('reads a document as a blob when asked', async () => {
    answering(() => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })));
    const answer = await createApiClient().GET('/api/v1/user/orders/{id}/invoice', { params: { path: { id: 'o1' } }, parseAs: 'blob' });
    expect(answer.data).toBeInstanceOf(Blob);
    expect(await (answer.data as Blob).text()).toBe('%PDF-1.7');
  });
});
