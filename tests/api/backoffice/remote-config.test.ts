import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MANAGER_PASSWORD, DEMO_OPERATOR, demoManagerEmail, seedDemoBackOffice } from '../../../src/features/accounts';
import { createMaintenanceReader, getRemoteConfig, REMOTE_CONFIG_DEFAULTS, REMOTE_CONFIG_KEYS, REMOTE_CONFIG_TOPIC } from '../../../src/features/remote-config';
import { createRealtimeBus, realtimeBus, setRealtimeBus, type RealtimeBus } from '../../../src/platform/realtime';
import { call } from '../support/shopper';
import { DAILY, newCustomer, pharmacistToken, useOrdersApp } from '../orders/harness';

/*
 * Issue 10: the back office's remote-config screen. Operators read every key and change or reset its
 * value through the key's schema; everyone else is refused; a refused value changes nothing; a
 * change reaches a process's cached flags at once (the announcement start.ts listens to).
 */

const h = useOrdersApp();
const KEY = 'maintenance_mode_web';
const path = (suffix = '') => `/v1/pharmacy/remote-config${suffix}`;

interface Entry {
  key: string;
  value: Record<string, unknown>;
  default: Record<string, unknown>;
  is_default: boolean;
  fields: { name: string; type: string; max_length: number | null; label: { en: string; de: string } }[];
  explanation: { en: string; de: string };
  updated_at: string | null;
}

let operator: string;
let manager: string;

beforeAll(async () => {
  await seedDemoBackOffice(h.db, [DAILY]);
  const login = async (email: string, password: string) => (await call<{ token: string }>(h.app, '/v1/user/login', { body: { email, password } })).body.token;
  operator = await login(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
  manager = await login(demoManagerEmail(DAILY), DEMO_MANAGER_PASSWORD);
});

describe('remote config in the back office', () => {
  it('lists every key with its value, default, field types and an explanation in both languages', async () => {
    const answer = await call<{ entries: Entry[] }>(h.app, path(), { token: operator });
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((entry) => entry.key)).toEqual(REMOTE_CONFIG_KEYS);
    const [entry] = answer.body.entries;
    expect(entry).toMatchObject({ key: KEY, value: REMOTE_CONFIG_DEFAULTS[KEY], default: REMOTE_CONFIG_DEFAULTS[KEY], is_default: true, updated_at: null });
    expect(entry!.fields.map((field) => [field.name, field.type])).toEqual([
      ['value', 'boolean'],
      ['en', 'text'],
      ['de', 'text'],
    ]);
    expect(entry!.explanation.en).toMatch(/maintenance/i);
    expect(entry!.explanation.de).toMatch(/Wartung/);
  });

  it('refuses managers, pharmacists and customers (403) and changes nothing', async () => {
    const customer = await newCustomer(h.app);
    for (const token of [manager, await pharmacistToken(h.app, DAILY), customer.token]) {
      expect((await call(h.app, path(), { token })).status).toBe(403);
      expect((await call(h.app, path(`/${KEY}`), { token, method: 'PUT', body: { value: true } })).status).toBe(403);
      expect((await call(h.app, path(`/${KEY}/reset`), { token, method: 'POST' })).status).toBe(403);
    }
    expect((await call(h.app, path())).status).toBe(401);
    expect((await getRemoteConfig(h.db))[KEY].value).toBe(false);
  });

  it('refuses a value its schema refuses with the code per field in the request language, and keeps the stored value', async () => {
    const empty = await call<{ fields: Record<string, string> }>(h.app, path(`/${KEY}`), { token: operator, method: 'PUT', lang: 'de', body: { value: true, en: 'Back soon.', de: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'MISSING_PARAMS', message: 'Bitte füllen Sie alle Pflichtfelder aus.', fields: { de: 'MISSING_PARAMS' } });

    const wrong = await call(h.app, path(`/${KEY}`), { token: operator, method: 'PUT', body: { value: 'yes', en: 'x'.repeat(1001), vaule: true } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'BAD_REQUEST', fields: { value: 'BAD_REQUEST', en: 'VALUE_TOO_LONG', vaule: 'BAD_REQUEST' } });

    expect((await call(h.app, path('/no_such_key'), { token: operator, method: 'PUT', body: { value: true } })).status).toBe(404);
    expect((await call(h.app, path('/no_such_key/reset'), { token: operator, method: 'POST' })).status).toBe(404);
    expect(await getRemoteConfig(h.db)).toEqual(REMOTE_CONFIG_DEFAULTS);
  });

  it('stores a change with its time and resets to the default; a cached reader sees both at once', async () => {
    // As scripts/start.ts wires the page server: a long-lived cache dropped on the announcement.
    // The bus of this file's database (on PostgreSQL its LISTEN connection must reach that database).
    const previous: RealtimeBus = realtimeBus();
    const bus = createRealtimeBus({ databaseUrl: h.testDb.url });
    setRealtimeBus(bus);
    const reader = createMaintenanceReader({ getDb: async () => h.db, ttlMs: 30 * 60_000, clock: h.clock });
    await bus.subscribe(REMOTE_CONFIG_TOPIC, () => reader.invalidate());
    try {
      expect((await reader.current()).on).toBe(false);

      h.clock.set('2026-06-16T09:15:00Z');
      const changed = await call<Entry>(h.app, path(`/${KEY}`), { token: operator, method: 'PUT', body: { value: true, en: 'Back at ten.', de: 'Ab zehn Uhr wieder da.' } });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ value: { value: true, en: 'Back at ten.', de: 'Ab zehn Uhr wieder da.' }, is_default: false, updated_at: '2026-06-16T09:15:00.000Z' });
      await vi.waitFor(async () => expect(await reader.current()).toEqual({ on: true, message: { en: 'Back at ten.', de: 'Ab zehn Uhr wieder da.' } }));
      expect((await call(h.app, '/shop/v1/config')).body).toMatchObject({ [KEY]: { value: true, de: 'Ab zehn Uhr wieder da.' } });

      h.clock.set('2026-06-16T09:45:00Z');
      const reset = await call<Entry>(h.app, path(`/${KEY}/reset`), { token: operator, method: 'POST' });
      expect(reset.status).toBe(200);
      expect(reset.body).toMatchObject({ value: REMOTE_CONFIG_DEFAULTS[KEY], is_default: true, updated_at: '2026-06-16T09:45:00.000Z' });
      await vi.waitFor(async () => expect((await reader.current()).on).toBe(false));
      expect((await call<{ entries: Entry[] }>(h.app, path(), { token: operator })).body.entries[0]).toMatchObject({ is_default: true, updated_at: '2026-06-16T09:45:00.000Z' });
    } finally {
      setRealtimeBus(previous);
      await bus.close();
    }
  });
});
