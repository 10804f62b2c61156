import { afterAll, beforeAll } from 'vitest';
import { registerAccountRoutes, type AccountsDeps } from '../../../src/features/accounts';
import type { Clock } from '../../../src/platform/clock';
import { createApiApp } from '../../../src/platform/http/app';
import { createTestDb, type TestDb } from '../support/test-db';

// Real scrypt, smaller N: the suite hashes dozens of passwords (production keeps 2^15).
process.env.PASSWORD_HASH_COST ??= '10';

/** A clock the test moves by hand (expiry, rate-limit windows). */
export interface TestClock extends Clock {
  set(at: string | Date): void;
  advance(ms: number): void;
}

export function testClock(at = '2026-06-16T08:00:00Z'): TestClock {
  let current = new Date(at).getTime();
  return {
    now: () => new Date(current),
    set: (value) => {
      current = new Date(value).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type AccountsApp = ReturnType<typeof accountsApp>;

/** The platform app with only the account routes, around the test database and a movable clock. */
export function accountsApp(testDb: TestDb, clock: Clock, overrides: Partial<AccountsDeps> = {}) {
  const app = createApiApp({ getDb: async () => testDb.db, clock });
  registerAccountRoutes(app, overrides);
  return app;
}

/** Opens a database for the test file and closes it afterwards. */
export function useTestDb(): { readonly db: TestDb } {
  const holder: { db?: TestDb } = {};
  beforeAll(async () => {
    holder.db = await createTestDb();
  });
  afterAll(() => holder.db?.close());
  return {
    get db() {
      if (!holder.db) throw new Error('test database not open yet');
      return holder.db;
    },
  };
}

export interface Call {
  method?: string;
  body?: unknown;
  token?: string;
  lang?: 'en' | 'de';
  ip?: string;
}

/** A JSON call to the API; `ip` becomes the client address the rate limits see. */
export async function call<T = Record<string, unknown>>(app: AccountsApp, path: string, options: Call = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.request(
    `/api${path}`,
    { method: options.method ?? (options.body === undefined ? 'GET' : 'POST'), headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    options.ip ? { clientAddress: options.ip } : undefined,
  );
  const text = await response.text();
  const body = (text ? JSON.parse(text) : null) as T & { code?: string; message?: string; fields?: Record<string, string> };
  return { status: response.status, body, headers: response.headers };
}

let counter = 0;
/** A fresh valid address per test (plain letters: '+' is not allowed). */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.de`;
}

export const PASSWORD = 'correct-horse-battery';

export function registration(email: string, extra: Record<string, unknown> = {}) {
  return { firstName: 'Erika', lastName: 'Muster', email, birthDate: '1990-05-15', password: PASSWORD, confirmPassword: PASSWORD, ...extra };
}

/** Registers an account and returns its token and profile. */
export async function registerUser(app: AccountsApp, email = uniqueEmail(), extra: Record<string, unknown> = {}) {
  const result = await call<{ token: string; user: { id: string; email: string } }>(app, '/v1/user/register', { body: registration(email, extra) });
  if (result.status !== 201) throw new Error(`registration failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { email, token: result.body.token, user: result.body.user };
}

interface OutboxItem {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  time: string;
}

export async function outboxFor(app: AccountsApp, to: string): Promise<OutboxItem[]> {
  const result = await call<{ items: OutboxItem[] }>(app, `/dev/outbox?to=${encodeURIComponent(to)}`);
  if (result.status !== 200) throw new Error(`outbox answered ${result.status}`);
  return result.body.items;
}

/** The 6-digit code of the newest message to `to`. */
export async function latestCode(app: AccountsApp, to: string): Promise<string> {
  const [latest] = await outboxFor(app, to);
  const code = latest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** A code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
