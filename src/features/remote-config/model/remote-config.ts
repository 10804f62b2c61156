import { z } from 'zod';
import type { ErrorCode } from '../../../platform/http/error-codes';

/**
 * Remote config (spec §3): flags an operator changes in the database while the shop runs. Each key
 * has a schema and a default, so a missing or damaged row never breaks a page: the default applies.
 */
export const DEFAULT_MAINTENANCE_MESSAGE = {
  en: 'The shop is currently undergoing maintenance. We will be back shortly, thank you for your patience.',
  de: 'Der Shop wird gerade gewartet. Wir sind gleich wieder für Sie da, vielen Dank für Ihre Geduld.',
} as const;

/** The longest text a flag may carry (a message shown on a page, not a document). */
export const REMOTE_CONFIG_TEXT_MAX = 1000;

/** maintenance_mode_web: `value` switches the maintenance page on; en/de are its message. */
export const MaintenanceFlagSchema = z
  .object({
    value: z.boolean(),
    // Messages may be left out when switching on: the default wording is then shown.
    en: z.string().trim().min(1).max(REMOTE_CONFIG_TEXT_MAX).default(DEFAULT_MAINTENANCE_MESSAGE.en),
    de: z.string().trim().min(1).max(REMOTE_CONFIG_TEXT_MAX).default(DEFAULT_MAINTENANCE_MESSAGE.de),
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

/** The catalogue codes a refused value is reported with (spec §8 plus the platform's VALUE_TOO_LONG). */
export type RemoteConfigFieldCode = Extract<ErrorCode, 'MISSING_PARAMS' | 'VALUE_TOO_LONG' | 'BAD_REQUEST'>;

export type ParsedValue<K extends RemoteConfigKey> =
  | { ok: true; value: RemoteConfig[K] }
  | {
      ok: false;
      /** For logs and the CLI: every offending field with zod's wording. */
      error: string;
      /** The first problem's code, for the answer as a whole. */
      code: RemoteConfigFieldCode;
      /** Per field (top-level name) the code a form shows in its language. */
      fields: Record<string, RemoteConfigFieldCode>;
    };

function issueCode(issue: z.core.$ZodIssue, raw: unknown): RemoteConfigFieldCode {
  const given = issue.path.reduce<unknown>((value, step) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[step] : undefined), raw);
  if (issue.code === 'invalid_type' && given === undefined) return 'MISSING_PARAMS';
  if (issue.code === 'too_small' && issue.origin === 'string') return 'MISSING_PARAMS';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'VALUE_TOO_LONG';
  return 'BAD_REQUEST';
}

/**
 * Validates a value for a key with its schema: the one check behind the admin API, the CLI, the back
 * office's API and its form (which runs it before sending, so both report the same fields).
 */
export function parseRemoteConfigValue<K extends RemoteConfigKey>(key: K, raw: unknown): ParsedValue<K> {
  const result = REMOTE_CONFIG_SCHEMAS[key].safeParse(raw);
  if (result.success) return { ok: true, value: result.data as RemoteConfig[K] };
  const problems = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(value)'}: ${issue.message}`);
  const fields: Record<string, RemoteConfigFieldCode> = {};
  // Unknown fields are named by the issue's keys, not its (parent) path.
  for (const issue of result.error.issues) {
    const names = issue.code === 'unrecognized_keys' ? issue.keys : issue.path.length ? [String(issue.path[0])] : [];
    for (const name of names) fields[name] ??= issueCode(issue, raw);
  }
  return { ok: false, error: `invalid value for ${key}: ${problems.join('; ')}`, code: issueCode(result.error.issues[0]!, raw), fields };
}

type Localized = { en: string; de: string };
export type RemoteConfigFieldType = 'boolean' | 'text' | 'number';

/**
 * What the back office shows beside each key: what it does and the label of each field, in both
 * languages. Typed by the keys and their fields, so a new key cannot ship without its explanation.
 */
export const REMOTE_CONFIG_INFO: { [K in RemoteConfigKey]: { explanation: Localized; fields: { [F in keyof RemoteConfig[K]]: Localized } } } = {
  maintenance_mode_web: {
    explanation: {
      en: 'Replaces every shop page with the maintenance page and its message in the page language. Legal pages and the API stay available.',
      de: 'Ersetzt jede Shop-Seite durch die Wartungsseite mit ihrer Nachricht in der Sprache der Seite. Rechtliche Seiten und die API bleiben erreichbar.',
    },
    fields: {
      value: { en: 'Maintenance page on', de: 'Wartungsseite an' },
      en: { en: 'Message in English', de: 'Nachricht auf Englisch' },
      de: { en: 'Message in German', de: 'Nachricht auf Deutsch' },
    },
  },
};

export interface RemoteConfigField {
  name: string;
  type: RemoteConfigFieldType;
  /** Texts only: the longest accepted. */
  maxLength: number | null;
  label: Localized;
}

/** A key's fields, typed from its default (every key is an object of booleans, numbers and texts). */
export function remoteConfigFields(key: RemoteConfigKey): RemoteConfigField[] {
  const labels = REMOTE_CONFIG_INFO[key].fields as Record<string, Localized>;
  return Object.entries(REMOTE_CONFIG_DEFAULTS[key]).map(([name, value]) => {
    const type: RemoteConfigFieldType = typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'number' : 'text';
    return { name, type, maxLength: type === 'text' ? REMOTE_CONFIG_TEXT_MAX : null, label: labels[name] ?? { en: name, de: name } };
  });
}

/** Whether a value is its key's default (both as the schema gives them back, so field order agrees). */
export function isRemoteConfigDefault(key: RemoteConfigKey, value: unknown): boolean {
  return JSON.stringify(value) === JSON.stringify(REMOTE_CONFIG_DEFAULTS[key]);
}

/** What the server wrapper needs to decide whether to show the maintenance page. */
export interface MaintenanceState {
  on: boolean;
  message: { en: string; de: string };
}

export function maintenanceState(flag: MaintenanceFlag): MaintenanceState {
  return { on: flag.value, message: { en: flag.en, de: flag.de } };
}
