import { buildApi, type ApiOptions } from '../../../src/app/api';
import { fixedClock, type Clock } from '../../../src/platform/clock';
import type { TestDb } from './test-db';

/** Tuesday 2026-06-16 10:00 in Berlin (CEST): every fixture pharmacy except the night one is open. */
export const WEEKDAY_MORNING = '2026-06-16T08:00:00Z';

export function testApi(testDb: TestDb, options: Omit<ApiOptions, 'getDb'> & { clock?: Clock } = {}) {
  return buildApi({
    getDb: async () => testDb.db,
    ping: () => testDb.handle.ping(),
    clock: options.clock ?? fixedClock(WEEKDAY_MORNING),
    remoteConfigTtlMs: options.remoteConfigTtlMs ?? 30 * 60 * 1000,
    ...(options.ping ? { ping: options.ping } : {}),
    adminToken: options.adminToken,
    ...(options.prescriptionSystem ? { prescriptionSystem: options.prescriptionSystem } : {}),
  });
}

/** Fetches an API path and parses its JSON, keeping the response for status and header checks. */
export async function getJson<T = unknown>(app: ReturnType<typeof buildApi>, path: string, init?: RequestInit) {
  const response = await app.request(path, init);
  const body = (await response.json()) as T;
  return { response, status: response.status, body };
}
