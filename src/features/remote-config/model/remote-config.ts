import { z } from 'zod';

/**
 * Remote config (spec §3): flags an operator changes in the database while the shop runs. Each key
 * has a schema and a default, so a missing or damaged row never breaks a page: the default applies.
 */
export const DEFAULT_MAINTENANCE_MESSAGE = {
  en: 'The shop is currently undergoing maintenance. We will be back shortly, thank you for your patience.',
  de: 'Der Shop wird gerade gewartet. Wir sind gleich wieder für Sie da, vielen Dank für Ihre Geduld.',
} as const;

/** maintenance_mode_web: `value` switches the maintenance page on; en/de are its message. */
export const MaintenanceFlagSchema = z
  .object({
    value: z.boolean(),
    // Messages may be left out when switching on: the default wording is then shown.
    en: z.string().trim().min(1).default(DEFAULT_MAINTENANCE_MESSAGE.en),
    de: z.string().trim().min(1).default(DEFAULT_MAINTENANCE_MESSAGE.de),
  })
  // Unknown fields are refused so a typo ("vaule") cannot silently leave the flag off.
  .strict();
export type MaintenanceFlag = z.infer<typeof MaintenanceFlagSchema>;

export const REMOTE_CONFIG_SCHEMAS = {
  maintenance_mode_web: MaintenanceFlagSchema,
} as const;

export type RemoteConfigKey = keyof typeof REMOTE_CONFIG_SCHEMAS;
export type RemoteConfig = { [K in RemoteConfigKey]: z.infer<(typeof REMOTE_CONFIG_SCHEMAS)[K]> };
export type RemoteConfigInput = { [K in RemoteConfigKey]: z.input<(typeof REMOTE_CONFIG_SCHEMAS)[K]> };

export const REMOTE_CONFIG_KEYS = Object.keys(REMOTE_CONFIG_SCHEMAS) as RemoteConfigKey[];

export const REMOTE_CONFIG_DEFAULTS: RemoteConfig = {
  maintenance_mode_web: { value: false, ...DEFAULT_MAINTENANCE_MESSAGE },
};

export function isRemoteConfigKey(value: unknown): value is RemoteConfigKey {
  return typeof value === 'string' && Object.hasOwn(REMOTE_CONFIG_SCHEMAS, value);
}

export type ParsedValue<K extends RemoteConfigKey> = { ok: true; value: RemoteConfig[K] } | { ok: false; error: string };

/** Validates a value for a key; the error names each offending field so an operator can fix it. */
export function parseRemoteConfigValue<K extends RemoteConfigKey>(key: K, raw: unknown): ParsedValue<K> {
  const result = REMOTE_CONFIG_SCHEMAS[key].safeParse(raw);
  if (result.success) return { ok: true, value: result.data as RemoteConfig[K] };
  const problems = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(value)'}: ${issue.message}`);
  return { ok: false, error: `invalid value for ${key}: ${problems.join('; ')}` };
}

/** What the server wrapper needs to decide whether to show the maintenance page. */
export interface MaintenanceState {
  on: boolean;
  message: { en: string; de: string };
}

export function maintenanceState(flag: MaintenanceFlag): MaintenanceState {
  return { on: flag.value, message: { en: flag.en, de: flag.de } };
}
