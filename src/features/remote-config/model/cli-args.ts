import { isRemoteConfigKey, parseRemoteConfigValue, REMOTE_CONFIG_KEYS, type RemoteConfig, type RemoteConfigKey } from './remote-config';

export const REMOTE_CONFIG_USAGE = [
  'usage: npm run config:set -- <key> <json value>',
  `keys: ${REMOTE_CONFIG_KEYS.join(', ')}`,
  `example: npm run config:set -- maintenance_mode_web '{"value":true,"en":"Back at 10:00.","de":"Ab 10:00 Uhr wieder da."}'`,
  'without arguments: prints the current config',
].join('\n');

export type CliCommand =
  | { kind: 'show' }
  | { kind: 'set'; key: RemoteConfigKey; value: RemoteConfig[RemoteConfigKey] }
  | { kind: 'error'; message: string };

/** Parses the CLI's arguments without touching the database, so every mistake is reported first. */
export function parseCliArgs(args: readonly string[]): CliCommand {
  if (args.length === 0) return { kind: 'show' };
  const [key, text, ...rest] = args;
  if (rest.length > 0 || text === undefined) return { kind: 'error', message: `expected a key and one JSON value (quote it)\n${REMOTE_CONFIG_USAGE}` };
  if (!isRemoteConfigKey(key)) return { kind: 'error', message: `unknown key "${key}"; known keys: ${REMOTE_CONFIG_KEYS.join(', ')}` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { kind: 'error', message: `value is not valid JSON (${(error as Error).message}): ${text}` };
  }
  const parsed = parseRemoteConfigValue(key, raw);
  return parsed.ok ? { kind: 'set', key, value: parsed.value } : { kind: 'error', message: parsed.error };
}
