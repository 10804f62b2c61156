import { timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { isRemoteConfigKey, parseRemoteConfigValue, REMOTE_CONFIG_KEYS } from '../model/remote-config';
import { getRemoteConfig, setRemoteConfigValue } from './store';

const route = createRoute({
  method: 'put',
  path: '/admin/v1/remote-config/{key}',
  tags: ['admin'],
  summary: 'Change one remote config flag (operators; Authorization: Bearer ADMIN_API_TOKEN)',
  security: [{ adminToken: [] }],
  request: {
    params: z.object({ key: z.string().openapi({ example: 'maintenance_mode_web', description: `One of: ${REMOTE_CONFIG_KEYS.join(', ')}` }) }),
    body: { required: true, content: { 'application/json': { schema: z.record(z.string(), z.unknown()).openapi({ example: { value: true, en: 'Back soon', de: 'Gleich wieder da' } }) } } },
  },
  responses: {
    200: json(z.record(z.string(), z.unknown()).openapi('RemoteConfigValue'), 'The stored value'),
    ...errorEntries(400, 401, 404),
  },
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Operators switch flags (maintenance) without touching the database by hand. Until staff accounts
 * with an admin role exist, one shared token from the environment guards it; without the token the
 * endpoint does not exist (404).
 */
export function registerRemoteConfigAdminRoutes(app: ApiApp, options: { adminToken: string | undefined }) {
  app.openapi(route, async (c) => {
    if (!options.adminToken) return errorJson(c, 404, 'NOT_FOUND');
    const header = c.req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameSecret(given, options.adminToken)) return errorJson(c, 401, 'UNAUTHORIZED');
    const { key } = c.req.valid('param');
    if (!isRemoteConfigKey(key)) return errorJson(c, 404, 'NOT_FOUND');
    const parsed = parseRemoteConfigValue(key, c.req.valid('json'));
    if (!parsed.ok) return errorJson(c, 400, 'BAD_REQUEST', { message: parsed.error });
    await setRemoteConfigValue(c.var.ctx.db, key, parsed.value);
    const config = await getRemoteConfig(c.var.ctx.db);
    return c.json(config[key] as Record<string, unknown>, 200);
  });
}
