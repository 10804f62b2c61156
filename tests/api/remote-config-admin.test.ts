import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRemoteConfig } from '../../src/features/remote-config';
import { createTestDb, type TestDb } from './support/test-db';
import { getJson, testApi } from './support/api';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

const put = (token: string | undefined, body: unknown, key = 'maintenance_mode_web') => ({
  path: `/api/admin/v1/remote-config/${key}`,
  init: {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  },
});

describe('PUT /api/admin/v1/remote-config/{key}', () => {
  it('does not exist without ADMIN_API_TOKEN', async () => {
    const { path, init } = put('anything', { value: true });
    const { status, body } = await getJson(testApi(testDb, { adminToken: undefined }), path, init);
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a missing or wrong token with 401 and changes nothing', async () => {
    const app = testApi(testDb, { adminToken: 'operator-secret' });
    for (const token of [undefined, 'wrong', 'operator-secret2']) {
      const { path, init } = put(token, { value: true });
      const { status, body } = await getJson(app, path, init);
      expect(status).toBe(401);
      expect(body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect((await getRemoteConfig(testDb.db)).maintenance_mode_web.value).toBe(false);
  });

  it('switches maintenance on and off with the operator token', async () => {
    const app = testApi(testDb, { adminToken: 'operator-secret' });
    const on = put('operator-secret', { value: true, en: 'Back at ten.', de: 'Um zehn wieder da.' });
    expect((await getJson(app, on.path, on.init)).body).toEqual({ value: true, en: 'Back at ten.', de: 'Um zehn wieder da.' });
    expect((await getJson(app, '/api/shop/v1/config')).body).toMatchObject({ maintenance_mode_web: { value: true, de: 'Um zehn wieder da.' } });
    const off = put('operator-secret', { value: false });
    expect((await getJson(app, off.path, off.init)).status).toBe(200);
    expect((await getRemoteConfig(testDb.db)).maintenance_mode_web.value).toBe(false);
  });

  it('answers 400 BAD_REQUEST naming the field for an invalid value, 404 for an unknown key', async () => {
    const app = testApi(testDb, { adminToken: 'operator-secret' });
    const bad = put('operator-secret', { vaule: true });
    const { status, body } = await getJson<{ code: string; message: string }>(app, bad.path, bad.init);
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toMatch(/value/);
    const unknown = put('operator-secret', { value: true }, 'no_such_flag');
    expect((await getJson(app, unknown.path, unknown.init)).status).toBe(404);
  });
});
