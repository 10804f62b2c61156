import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { realtimeBus, type Topic } from '../../../platform/realtime';
import {
  parseRemoteConfigValue,
  REMOTE_CONFIG_DEFAULTS,
  REMOTE_CONFIG_KEYS,
  type RemoteConfig,
  type RemoteConfigInput,
  type RemoteConfigKey,
} from '../model/remote-config';
import { remoteConfig } from './schema';

type Warn = (fields: Record<string, unknown>) => void;
const warnToStderr: Warn = (fields) => console.error(JSON.stringify({ level: 'warn', ...fields }));

/**
 * Every known key with its stored value, or its default when there is no row. A stored value that
 * no longer matches its schema (edited by hand, older version) is logged and replaced by the default
 * rather than breaking the shop.
 */
export async function getRemoteConfig(db: Db, warn: Warn = warnToStderr): Promise<RemoteConfig> {
  const rows = await db.select().from(remoteConfig).where(inArray(remoteConfig.key, REMOTE_CONFIG_KEYS));
  const config: RemoteConfig = structuredClone(REMOTE_CONFIG_DEFAULTS);
  for (const row of rows) {
    const key = row.key as RemoteConfigKey;
    const parsed = parseRemoteConfigValue(key, row.value);
    if (parsed.ok) config[key] = parsed.value;
    else warn({ msg: 'stored remote config value ignored, default used', key, error: parsed.error });
  }
  return config;
}

/** Every server process drops its cached flags when this topic announces a change (see start.ts). */
export const REMOTE_CONFIG_TOPIC: Topic = 'config:remote';

/**
 * Validates and stores one value (insert or replace), then announces the change on
 * REMOTE_CONFIG_TOPIC so every process (on PostgreSQL, through NOTIFY) re-reads at once instead of
 * after its cache's lifetime. Throws on an invalid value: callers are operators' scripts and tests,
 * which validate first when they need a friendly message. Call it outside a transaction: the
 * announcement must follow the commit.
 */
export async function setRemoteConfigValue<K extends RemoteConfigKey>(db: Db, key: K, value: RemoteConfigInput[K]): Promise<RemoteConfig[K]> {
  const parsed = parseRemoteConfigValue(key, value);
  if (!parsed.ok) throw new Error(parsed.error);
  await db
    .insert(remoteConfig)
    .values({ key, value: parsed.value })
    .onConflictDoUpdate({ target: remoteConfig.key, set: { value: parsed.value, updatedAt: sql`now()` } });
  await realtimeBus().publish(db, REMOTE_CONFIG_TOPIC, 'remote_config.changed', { key });
  return parsed.value;
}
