import type { buildApi } from '../../../src/app/api';
import { stock } from '../../../src/features/pharmacies/server/schema';
import type { Db } from '../../../src/platform/db/client';

// Real scrypt, smaller N: these suites register a few customers (production keeps 2^15).
process.env.PASSWORD_HASH_COST ??= '10';

type App = ReturnType<typeof buildApi>;

export interface Call {
  method?: string;
  body?: unknown;
  token?: string;
  lang?: 'en' | 'de';
}

/** A JSON call to the API under /api. */
export async function call<T = Record<string, unknown>>(app: App, path: string, options: Call = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.request(`/api${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body = (text ? JSON.parse(text) : null) as T & { code?: string; message?: string };
  return { status: response.status, body, headers: response.headers };
}

let counter = 0;

/** A delivery address in Berlin, valid under the address rules. */
export const SHIPPING_ADDRESS = { street_address: 'Alexanderplatz', house_number: '1', room: null, postal_code: '10178', locality: 'Berlin', note: null };

/** Gives the customer a shipping address, which the cart needs before anything can be added (§6). */
export async function addShippingAddress(app: App, token: string): Promise<void> {
  const result = await call(app, '/v1/user/shipping/', { token, body: SHIPPING_ADDRESS });
  if (result.status !== 201) throw new Error(`address failed: ${result.status} ${JSON.stringify(result.body)}`);
}

/**
 * Registers a fresh customer and returns their token. They get a shipping address unless
 * `withAddress` is false, so cart tests start from a customer who may add items.
 */
export async function newShopper(app: App, { withAddress = true } = {}): Promise<string> {
  counter += 1;
  const email = `shopper.${Date.now().toString(36)}${counter}@example.de`;
  const password = 'correct-horse-battery';
  const result = await call<{ token: string }>(app, '/v1/user/register', {
    body: { firstName: 'Erika', lastName: 'Muster', email, birthDate: '1990-05-15', password, confirmPassword: password },
  });
  if (result.status !== 201) throw new Error(`registration failed: ${result.status} ${JSON.stringify(result.body)}`);
  if (withAddress) await addShippingAddress(app, result.body.token);
  return result.body.token;
}

/** Sets a pharmacy's stock of some products (upsert, so tests can change it between calls). */
export async function setStock(db: Db, pharmacyId: string, quantities: Record<string, number>): Promise<void> {
  for (const [pzn, quantity] of Object.entries(quantities)) {
    await db
      .insert(stock)
      .values({ pharmacyId, pzn, quantity })
      .onConflictDoUpdate({ target: [stock.pharmacyId, stock.pzn], set: { quantity } });
  }
}
