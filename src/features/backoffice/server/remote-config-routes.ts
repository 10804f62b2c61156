import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, errorJson, json } from '../../../platform/http/openapi';
import {
  isRemoteConfigDefault,
  isRemoteConfigKey,
  parseRemoteConfigValue,
  REMOTE_CONFIG_DEFAULTS,
  REMOTE_CONFIG_INFO,
  REMOTE_CONFIG_KEYS,
  remoteConfigEntries,
  remoteConfigFields,
  setRemoteConfigValue,
  type RemoteConfigEntry,
  type RemoteConfigKey,
} from '../../remote-config';
import { access, refuse } from './access';

/*
 * Issue 10: operators read and change every remote-config key in the back office. The value goes
 * through the key's own schema (the one the admin API and the CLI use) and through
 * setRemoteConfigValue, whose announcement makes every process drop its cached flags at once.
 */

const BASE = '/v1/pharmacy/remote-config';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['pharmacy back office'] };
const OPERATORS_ONLY = 'FORBIDDEN (403) for anyone but operators.';

const Localized = z.object({ en: z.string(), de: z.string() });
const ValueDto = z.record(z.string(), z.unknown()).openapi({ description: "An object of the key's fields (see `fields`)." });
const RemoteConfigEntryDto = z
  .object({
    key: z.string().openapi({ example: 'maintenance_mode_web' }),
    value: ValueDto,
    default: ValueDto,
    is_default: z.boolean().openapi({ description: 'The value equals the default.' }),
    fields: z.array(
      z.object({
        name: z.string(),
        type: z.enum(['boolean', 'text', 'number']),
        max_length: z.number().int().nullable().openapi({ description: 'Texts: the longest accepted.' }),
        label: Localized,
      }),
    ),
    explanation: Localized,
    updated_at: z.string().nullable().openapi({ description: 'When the value was last stored (null: never, the default applies).' }),
  })
  .openapi('RemoteConfigEntry');
const KeyParam = z.object({ key: z.string().max(100).openapi({ example: 'maintenance_mode_web', description: `One of: ${REMOTE_CONFIG_KEYS.join(', ')}` }) });

const listRoute = createRoute({
  ...secured,
  method: 'get',
  path: BASE,
  summary: 'Every remote-config key with its value, default, fields and explanation (operators)',
  description: OPERATORS_ONLY,
  responses: { 200: json(z.object({ entries: z.array(RemoteConfigEntryDto) }).openapi('RemoteConfigEntries'), 'Every key'), ...errorEntries(401, 403, 404) },
});
const putRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${BASE}/{key}`,
  summary: 'Change one remote-config value (operators); every process uses it at once',
  description:
    `A value its schema refuses changes nothing: 400 with MISSING_PARAMS, VALUE_TOO_LONG or BAD_REQUEST and the code per field in \`fields\`. ` +
    `NOT_FOUND (404) for an unknown key. ${OPERATORS_ONLY}`,
  request: { params: KeyParam, body: { content: { 'application/json': { schema: ValueDto.openapi({ example: { value: true, en: 'Back at ten.', de: 'Ab zehn Uhr wieder da.' } }) } }, required: true } },
  responses: { 200: json(RemoteConfigEntryDto, 'The stored value'), ...errorEntries(400, 401, 403, 404) },
});
const resetRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${BASE}/{key}/reset`,
  summary: 'Put one remote-config key back to its default (operators); every process uses it at once',
  description: `NOT_FOUND (404) for an unknown key. ${OPERATORS_ONLY}`,
  request: { params: KeyParam },
  responses: { 200: json(RemoteConfigEntryDto, 'The default, now stored'), ...errorEntries(401, 403, 404) },
});

function entryDto(entry: RemoteConfigEntry) {
  return {
    key: entry.key,
    value: entry.value as Record<string, unknown>,
    default: REMOTE_CONFIG_DEFAULTS[entry.key] as Record<string, unknown>,
    is_default: isRemoteConfigDefault(entry.key, entry.value),
    fields: remoteConfigFields(entry.key).map((field) => ({ name: field.name, type: field.type, max_length: field.maxLength, label: field.label })),
    explanation: REMOTE_CONFIG_INFO[entry.key].explanation,
    updated_at: entry.updatedAt?.toISOString() ?? null,
  };
}

export function registerRemoteConfigBackOfficeRoutes(app: ApiApp) {
  const entryOf = async (db: Parameters<typeof remoteConfigEntries>[0], key: RemoteConfigKey) => entryDto((await remoteConfigEntries(db)).find((entry) => entry.key === key)!);

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    return c.json({ entries: (await remoteConfigEntries(db)).map(entryDto) }, 200);
  });

  app.openapi(putRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    const { key } = c.req.valid('param');
    if (!isRemoteConfigKey(key)) return errorJson(c, 404, 'NOT_FOUND');
    const parsed = parseRemoteConfigValue(key, c.req.valid('json'));
    // The catalogue's wording in the request language; zod's English stays in `parsed.error` for logs.
    if (!parsed.ok) return errorJson(c, 400, parsed.code, { fields: parsed.fields });
    await setRemoteConfigValue(db, key, parsed.value, clock.now());
    return c.json(await entryOf(db, key), 200);
  });

  app.openapi(resetRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    const { key } = c.req.valid('param');
    if (!isRemoteConfigKey(key)) return errorJson(c, 404, 'NOT_FOUND');
    // Stored rather than deleted, so "last changed" also tells when it was reset.
    await setRemoteConfigValue(db, key, REMOTE_CONFIG_DEFAULTS[key], clock.now());
    return c.json(await entryOf(db, key), 200);
  });
}
