import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { remoteConfig } from '../../src/features/remote-config/server/schema';
import {
  createMaintenanceReader,
  DEFAULT_MAINTENANCE_MESSAGE,
  FAILURE_RETRY_MS,
  getRemoteConfig,
  parseCliArgs,
  REMOTE_CONFIG_DEFAULTS,
  REMOTE_CONFIG_TOPIC,
  setRemoteConfigValue,
} from '../../src/features/remote-config';
import { createRealtimeBus, realtimeBus, setRealtimeBus, type RealtimeEvent } from '../../src/platform/realtime';
import type { Clock } from '../../src/platform/clock';
import { createTestDb, type TestDb } from './support/test-db';
import { getJson, testApi } from './support/api';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  await testDb.db.delete(remoteConfig);
});

const ON = { value: true, en: 'Back at 10:00.', de: 'Ab 10:00 Uhr wieder da.' };

/** A clock tests move by hand. */
function manualClock(start = Date.parse('2026-06-16T08:00:00Z')) {
  let now = start;
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

describe('GET /api/shop/v1/config', () => {
  it('answers the defaults when nothing is stored, cacheable for the TTL', async () => {
    const { status, body, response } = await getJson(testApi(testDb, { remoteConfigTtlMs: 30 * 60 * 1000 }), '/api/shop/v1/config');
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800');
    expect(body).toEqual({ maintenance_mode_web: { value: false, ...DEFAULT_MAINTENANCE_MESSAGE } });
  });

  it('answers the stored value after a database change', async () => {
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', ON);
    const { body } = await getJson(testApi(testDb), '/api/shop/v1/config');
    expect(body).toEqual({ maintenance_mode_web: ON });
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', { value: false });
    const after = await getJson(testApi(testDb), '/api/shop/v1/config');
    expect(after.body).toEqual({ maintenance_mode_web: { value: false, ...DEFAULT_MAINTENANCE_MESSAGE } });
  });

  it('sends no-store when caching is disabled (TTL 0)', async () => {
    const { response } = await getJson(testApi(testDb, { remoteConfigTtlMs: 0 }), '/api/shop/v1/config');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('remote config store', () => {
  it('announces a change on the config topic, which server processes follow to drop their caches', async () => {
    // With DATABASE_URL the announcement travels through NOTIFY to every process (tests/pg).
    const previous = realtimeBus();
    const bus = createRealtimeBus({ databaseUrl: testDb.url });
    setRealtimeBus(bus);
    const heard: RealtimeEvent[] = [];
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await bus.subscribe(REMOTE_CONFIG_TOPIC, (event) => {
      heard.push(event);
      arrive();
    });
    try {
      await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', ON);
      await arrived;
      expect(heard).toMatchObject([{ topic: REMOTE_CONFIG_TOPIC, type: 'remote_config.changed', data: { key: 'maintenance_mode_web' } }]);
    } finally {
      setRealtimeBus(previous);
      await bus.close();
    }
  });

  it('fills default messages when only the flag is given', async () => {
    expect(await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', { value: true })).toEqual({ value: true, ...DEFAULT_MAINTENANCE_MESSAGE });
    expect((await getRemoteConfig(testDb.db)).maintenance_mode_web.value).toBe(true);
  });

  it('refuses an invalid value and keeps the stored one', async () => {
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', ON);
    await expect(setRemoteConfigValue(testDb.db, 'maintenance_mode_web', { value: 'yes' } as never)).rejects.toThrow(/value/);
    await expect(setRemoteConfigValue(testDb.db, 'maintenance_mode_web', { value: true, en: '' })).rejects.toThrow(/en/);
    expect((await getRemoteConfig(testDb.db)).maintenance_mode_web).toEqual(ON);
  });

  it('uses the default, and warns, when a stored value is damaged', async () => {
    await testDb.db.insert(remoteConfig).values({ key: 'maintenance_mode_web', value: { value: 'on' } });
    const warnings: Record<string, unknown>[] = [];
    expect(await getRemoteConfig(testDb.db, (fields) => warnings.push(fields))).toEqual(REMOTE_CONFIG_DEFAULTS);
    expect(warnings).toHaveLength(1);
  });

  it('ignores keys it does not know', async () => {
    await testDb.db.insert(remoteConfig).values({ key: 'something_else', value: 42 });
    expect(await getRemoteConfig(testDb.db)).toEqual(REMOTE_CONFIG_DEFAULTS);
  });
});

describe('createMaintenanceReader', () => {
  const quiet = () => undefined;

  it('is off with the default message when nothing is stored', async () => {
    const reader = createMaintenanceReader({ getDb: async () => testDb.db, ttlMs: 1000, log: quiet });
    expect(await reader.current()).toEqual({ on: false, message: DEFAULT_MAINTENANCE_MESSAGE });
  });

  it('caches for the TTL, then reads again', async () => {
    const { clock, advance } = manualClock();
    const reader = createMaintenanceReader({ getDb: async () => testDb.db, ttlMs: 60_000, clock, log: quiet });
    expect((await reader.current()).on).toBe(false);
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', ON);
    advance(59_999);
    expect((await reader.current()).on).toBe(false);
    advance(1);
    expect(await reader.current()).toEqual({ on: true, message: { en: ON.en, de: ON.de } });
  });

  it('invalidate() forces the next read', async () => {
    const reader = createMaintenanceReader({ getDb: async () => testDb.db, ttlMs: 60_000, clock: manualClock().clock, log: quiet });
    expect((await reader.current()).on).toBe(false);
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', ON);
    reader.invalidate();
    expect((await reader.current()).on).toBe(true);
  });

  it('TTL 0 reads the database every time', async () => {
    let reads = 0;
    const reader = createMaintenanceReader({ getDb: async () => (reads++, testDb.db), ttlMs: 0, clock: manualClock().clock, log: quiet });
    await reader.current();
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', ON);
    expect((await reader.current()).on).toBe(true);
    expect(reads).toBe(2);
  });

  it('shares one database read between concurrent requests', async () => {
    let reads = 0;
    const reader = createMaintenanceReader({ getDb: async () => (reads++, testDb.db), ttlMs: 60_000, clock: manualClock().clock, log: quiet });
    await Promise.all(Array.from({ length: 10 }, () => reader.current()));
    expect(reads).toBe(1);
  });

  it('never rejects: a failing database counts as off and is logged', async () => {
    const logged: Record<string, unknown>[] = [];
    const reader = createMaintenanceReader({ getDb: () => Promise.reject(new Error('down')), ttlMs: 60_000, log: (f) => logged.push(f) });
    expect(await reader.current()).toEqual({ on: false, message: DEFAULT_MAINTENANCE_MESSAGE });
    expect(logged).toHaveLength(1);
  });

  it('keeps the last known state through a failure and retries soon after', async () => {
    const { clock, advance } = manualClock();
    let fail = false;
    let reads = 0;
    const getDb = async () => {
      reads++;
      if (fail) throw new Error('connection reset');
      return testDb.db;
    };
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', ON);
    const reader = createMaintenanceReader({ getDb, ttlMs: 60_000, clock, log: quiet });
    expect((await reader.current()).on).toBe(true);
    fail = true;
    advance(60_000);
    expect((await reader.current()).on).toBe(true);
    expect(reads).toBe(2);
    // Within the retry delay no new attempt; after it, the recovered database is read again.
    advance(FAILURE_RETRY_MS - 1);
    await reader.current();
    expect(reads).toBe(2);
    fail = false;
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', { value: false });
    advance(1);
    expect((await reader.current()).on).toBe(false);
    expect(reads).toBe(3);
  });

  it('falls back to 30 minutes for a malformed TTL', async () => {
    const { clock, advance } = manualClock();
    const reader = createMaintenanceReader({ getDb: async () => testDb.db, ttlMs: Number.NaN, clock, log: quiet });
    await reader.current();
    await setRemoteConfigValue(testDb.db, 'maintenance_mode_web', ON);
    advance(29 * 60 * 1000);
    expect((await reader.current()).on).toBe(false);
    advance(60 * 1000);
    expect((await reader.current()).on).toBe(true);
  });
});

describe('config:set arguments', () => {
  it('without arguments shows the config', () => {
    expect(parseCliArgs([])).toEqual({ kind: 'show' });
  });

  it('parses a key and a JSON value', () => {
    expect(parseCliArgs(['maintenance_mode_web', JSON.stringify(ON)])).toEqual({ kind: 'set', key: 'maintenance_mode_web', value: ON });
  });

  it.each([
    [['maintenance_mode_web', '{value:true}'], /not valid JSON/],
    [['maintenance_mode_web', '{"value":"true"}'], /invalid value for maintenance_mode_web: value/],
    [['maintenance_mode_web', '{"vaule":true}'], /invalid value/],
    [['maintenance_mode_web'], /expected a key and one JSON value/],
    [['maintenance_mode_web', '{"value":true}', 'extra'], /expected a key and one JSON value/],
    [['no_such_key', '{}'], /unknown key "no_such_key"/],
  ] as const)('refuses %j with a clear message', (args, message) => {
    const command = parseCliArgs(args);
    expect(command.kind).toBe('error');
    expect(command.kind === 'error' && command.message).toMatch(message);
  });
});
