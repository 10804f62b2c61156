import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import { SHOP_TAG, SHOP_V1 } from '../../catalog';
import { DEFAULT_MAINTENANCE_MESSAGE } from '../model/remote-config';
import { getRemoteConfig } from './store';

const MaintenanceFlagDto = z
  .object({
    value: z.boolean().openapi({ description: 'true: the shop shows the maintenance page instead of its pages.' }),
    en: z.string().openapi({ example: DEFAULT_MAINTENANCE_MESSAGE.en }),
    de: z.string().openapi({ example: DEFAULT_MAINTENANCE_MESSAGE.de }),
  })
  .openapi('MaintenanceFlag');

export const RemoteConfigDto = z
  .object({ maintenance_mode_web: MaintenanceFlagDto })
  .openapi('RemoteConfig', {
    description: 'Remote config flags by key (spec §3 names); keys without a stored value carry their defaults. More keys may follow.',
  });

const route = createRoute({
  method: 'get',
  path: `${SHOP_V1}/config`,
  tags: [SHOP_TAG],
  summary: 'Remote config flags such as maintenance mode',
  responses: { 200: json(RemoteConfigDto, 'Every known flag'), ...errorEntries(500) },
});

/** Clients may keep the answer as long as the server's own cache (spec §9 minimum fetch interval). */
export function configCacheControl(ttlMs: number): string {
  const seconds = Math.floor(ttlMs / 1000);
  return seconds > 0 ? `public, max-age=${seconds}` : 'no-store';
}

export function registerRemoteConfigRoutes(app: ApiApp, options: { ttlMs: number }) {
  const cacheControl = configCacheControl(options.ttlMs);
  app.openapi(route, async (c) => {
    const config = await getRemoteConfig(c.var.ctx.db);
    c.header('Cache-Control', cacheControl);
    return c.json(config, 200);
  });
}
