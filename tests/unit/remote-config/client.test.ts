import { describe, expect, it, vi } from 'vitest';
import { createRemoteConfigClient, REMOTE_CONFIG_FETCH_INTERVAL_MS, REMOTE_CONFIG_FETCH_TIMEOUT_MS } from '../../../src/features/remote-config/client';
import { REMOTE_CONFIG_DEFAULTS } from '../../../src/features/remote-config';

const ON = { maintenance_mode_web: { value: true, en: 'Back soon', de: 'Gleich zurück' } };

function answer(body: unknown, init: { status?: number; cacheControl?: string } = {}) {
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers: { 'content-type': 'application/json', ...(init.cacheControl ? { 'cache-control': init.cacheControl } : {}) } });
}

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
}

describe('remote config client', () => {
  it('uses the spec reading of 30 minutes and a 60 s timeout by default', () => {
    expect(REMOTE_CONFIG_FETCH_INTERVAL_MS).toBe(30 * 60 * 1000);
    expect(REMOTE_CONFIG_FETCH_TIMEOUT_MS).toBe(60 * 1000);
  });

  it('fetches once per interval and keeps the answer across pages (storage)', async () => {
    let clock = 0;
    const storage = memoryStorage();
    const fetch = vi.fn(async () => answer(ON));
    const client = createRemoteConfigClient({ now: () => clock, fetch, storage, fetchIntervalMs: 1_000 });
    expect(await client.read()).toEqual(ON);
    clock = 999;
    expect(await createRemoteConfigClient({ now: () => clock, fetch, storage, fetchIntervalMs: 1_000 }).read()).toEqual(ON);
    expect(fetch).toHaveBeenCalledTimes(1);
    clock = 1_000;
    await client.read();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("follows the server's max-age when it is longer (REMOTE_CONFIG_TTL_MS)", async () => {
    let clock = 0;
    const fetch = vi.fn(async () => answer(ON, { cacheControl: 'public, max-age=7200' }));
    const client = createRemoteConfigClient({ now: () => clock, fetch, storage: undefined });
    await client.read();
    clock = REMOTE_CONFIG_FETCH_INTERVAL_MS + 1;
    await client.read();
    expect(fetch).toHaveBeenCalledTimes(1);
    clock = 7_200_000;
    await client.read();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('falls back to the defaults when the fetch fails or times out, and to the last answer once it had one', async () => {
    let clock = 0;
    const failing = createRemoteConfigClient({ now: () => clock, fetch: async () => Promise.reject(new Error('offline')), storage: undefined });
    expect(await failing.read()).toEqual(REMOTE_CONFIG_DEFAULTS);
    const slow = createRemoteConfigClient({
      fetchTimeoutMs: 5,
      storage: undefined,
      fetch: (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    expect(await slow.read()).toEqual(REMOTE_CONFIG_DEFAULTS);
    let fail = false;
    const flaky = createRemoteConfigClient({ now: () => clock, fetchIntervalMs: 10, storage: undefined, fetch: async () => (fail ? answer({}, { status: 503 }) : answer(ON)) });
    expect(await flaky.read()).toEqual(ON);
    fail = true;
    clock = 20;
    expect(await flaky.read()).toEqual(ON);
  });

  it('takes the default for a damaged key', async () => {
    const client = createRemoteConfigClient({ storage: undefined, fetch: async () => answer({ maintenance_mode_web: { vaule: true } }) });
    expect(await client.read()).toEqual(REMOTE_CONFIG_DEFAULTS);
  });
});
