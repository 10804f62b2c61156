/** Settings of login sessions, read from the environment on each use so tests can change them. */
export interface AuthConfig {
  /** AUTH_TOKEN_TTL: how long a login lasts, in seconds (default 30 days). */
  ttlSeconds: number;
}

const DAY = 24 * 60 * 60;
export const DEFAULT_TOKEN_TTL_SECONDS = 30 * DAY;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 60 * 60, d: DAY };

/** '3600', '3600s', '15m', '12h' and '30d' are all accepted; anything else is a configuration error. */
export function parseDuration(value: string): number | null {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(value);
  if (!match) return null;
  const seconds = Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1);
  return seconds > 0 ? seconds : null;
}

export class AuthConfigError extends Error {
  override name = 'AuthConfigError';
}

export function authConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const ttl = env.AUTH_TOKEN_TTL ? parseDuration(env.AUTH_TOKEN_TTL) : DEFAULT_TOKEN_TTL_SECONDS;
  if (ttl === null) throw new AuthConfigError(`AUTH_TOKEN_TTL must be a duration like 30d, 12h or 3600, got "${env.AUTH_TOKEN_TTL}"`);
  return { ttlSeconds: ttl };
}

/** Start-up check: a mistyped AUTH_TOKEN_TTL stops the server at start, not at the first login. */
export function assertAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return authConfig(env);
}
