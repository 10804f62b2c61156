import type { Client } from 'openapi-fetch';

/*
 * The runtime behind the typed client. openapi-fetch's types check every call against the
 * generated OpenAPI paths; its runtime (middleware, custom serializers, Request subclasses: 2.7 KB
 * gzip on every island page) does far more than the islands use. This is the part they use, with
 * openapi-fetch's semantics: `{id}` path parameters encoded, query arrays as repeated keys
 * (`pzn=1&pzn=2`, OpenAPI's form style), JSON bodies, `parseAs` for blobs, `{ data }` on success and
 * `{ error }` (the parsed body, else its text) otherwise, nothing parsed from a 204 or an empty body.
 * tests/unit/platform/fetch-client.test.ts holds it to that.
 */

export type TypedClient<Paths extends object> = Pick<Client<Paths>, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;

export interface FetchClientOptions {
  baseUrl?: string;
  /** Headers every request carries, asked for per request (the token may change). */
  headers?: () => Record<string, string | undefined>;
}

interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  parseAs?: 'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream';
  signal?: AbortSignal;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function url(baseUrl: string, path: string, params: CallInit['params']): string {
  const filled = path.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(String(params?.path?.[name] ?? '')));
  return `${baseUrl.replace(/\/$/, '')}${filled}${queryString(params?.query)}`;
}

async function call(options: FetchClientOptions, method: string, path: string, init: CallInit = {}) {
  const headers = new Headers();
  const set = (entries: Record<string, unknown> | undefined) => {
    for (const [name, value] of Object.entries(entries ?? {})) if (value !== undefined && value !== null) headers.set(name, String(value));
  };
  const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
  if (init.body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  set(options.headers?.());
  set(init.params?.header);
  set(init.headers);
  const body = init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body);
  const response = await fetch(url(options.baseUrl ?? '', path, init.params), { method, headers, body, signal: init.signal, redirect: 'follow' });
  const length = response.headers.get('Content-Length');
  if (response.status === 204 || length === '0') return response.ok ? { data: undefined, response } : { error: undefined, response };
  if (response.ok) {
    const parseAs = init.parseAs ?? 'json';
    if (parseAs === 'stream') return { data: response.body, response };
    if (parseAs !== 'json') return { data: await response[parseAs](), response };
    const raw = await response.text();
    return { data: raw ? (JSON.parse(raw) as unknown) : undefined, response };
  }
  const text = await response.text();
  let error: unknown = text;
  try {
    error = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML page): the text itself, as openapi-fetch gives it.
  }
  return { error, response };
}

export function createFetchClient<Paths extends object>(options: FetchClientOptions = {}): TypedClient<Paths> {
  const method = (name: string) => (path: string, init?: CallInit) => call(options, name, path, init);
  // The methods' call signatures come from openapi-fetch's types; the runtime above is untyped.
  return { GET: method('GET'), POST: method('POST'), PUT: method('PUT'), PATCH: method('PATCH'), DELETE: method('DELETE') } as unknown as TypedClient<Paths>;
}
