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

/** Every known key with its stored value, or its default, and when it was last stored (null: never). */
export interface RemoteConfigEntry<K extends RemoteConfigKey = RemoteConfigKey> {
  key: K;
  value: RemoteConfig[K];
  updatedAt: Date | null;
}

/**
 * Every known key with its stored value, or its default when there is no row. A stored value that
 * no longer matches its schema (edited by hand, older version) is logged and replaced by the default
 * rather than breaking the shop.
 */
export async function remoteConfigEntries(db: Db, warn: Warn = warnToStderr): Promise<RemoteConfigEntry[]> {
  const rows = await db.select().from(remoteConfig).where(inArray(remoteConfig.key, REMOTE_CONFIG_KEYS));
  const stored = new Map(rows.map((row) => [row.key, row]));
  return REMOTE_CONFIG_KEYS.map((key) => {
    const row = stored.get(key);
    if (!row) return { key, value: structuredClone(REMOTE_CONFIG_DEFAULTS[key]), updatedAt: null };
    const parsed = parseRemoteConfigValue(key, row.value);
    if (!parsed.ok) warn({ msg: 'stored remote config value ignored, default used', key, error: parsed.error });
    return { key, value: parsed.ok ? parsed.value : structuredClone(REMOTE_CONFIG_DEFAULTS[key]), updatedAt: row.updatedAt };
  });
}

/** Every known key's value (stored or default), as clients and the page server read it. */
export async function getRemoteConfig(db: Db, warn: Warn = warnToStderr): Promise<RemoteConfig> {
  const config = {} as Record<RemoteConfigKey, unknown>;
  for (const entry of await remoteConfigEntries(db, warn)) config[entry.key] = entry.value;
  return config as RemoteConfig;
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
export async function setRemoteConfigValue<K extends RemoteConfigKey>(db: Db, key: K, value: RemoteConfigInput[K], at?: Date): Promise<RemoteConfig[K]> {
  const parsed = parseRemoteConfigValue(key, value);
  if (!parsed.ok) throw new Error(parsed.error);
  // `at`: the caller's clock (the API's, injectable in tests); scripts take the database's.
  const updatedAt = at ?? sql`now()`;
  await db
    .insert(remoteConfig)
    .values({ key, value: parsed.value, updatedAt })
    .onConflictDoUpdate({ target: remoteConfig.key, set: { value: parsed.value, updatedAt } });
  await realtimeBus().publish(db, REMOTE_CONFIG_TOPIC, 'remote_config.changed', { key });
  return parsed.value;
}
