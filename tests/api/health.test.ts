import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../src/app/api';
import { createTestDb, type TestDb } from './support/test-db';
import { testApi } from './support/api';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

describe('GET /api/health', () => {
  it('answers 200 ok/up when the database answers', async () => {
    const response = await testApi(testDb).request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 degraded/down when the ping says no', async () => {
    const response = await testApi(testDb, { ping: async () => false }).request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'degraded', database: 'down' });
  });

  it('answers 503 degraded/down when the ping throws', async () => {
    const response = await testApi(testDb, { ping: () => Promise.reject(new Error('connection refused')) }).request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'degraded', database: 'down' });
  });

  it('still answers when the database cannot even be opened', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = buildApi({ getDb: () => Promise.reject(new Error('cannot open')), ping: async () => false });
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'degraded', database: 'down' });
    spy.mockRestore();
  });
});
