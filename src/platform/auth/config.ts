import { serverConfig } from '../config/env';

/** Settings of token issuing, read from the environment on each use so tests can change them. */
export interface AuthConfig {
  /** AUTH_TOKEN_SECRET; in demo mode a generated secret stored in the database stands in for it. */
  secret: string | undefined;
  /** AUTH_TOKEN_TTL: how long a login lasts, in seconds (default 30 days). */
  ttlSeconds: number;
  demoMode: boolean;
}

const DAY = 24 * 60 * 60;
export const DEFAULT_TOKEN_TTL_SECONDS = 30 * DAY;
/** A shorter HMAC key than the hash output weakens the signature; refuse it outright. */
export const MIN_SECRET_LENGTH = 32;

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
  return { secret: env.AUTH_TOKEN_SECRET || undefined, ttlSeconds: ttl, demoMode: serverConfig(env).demoMode };
}

/**
 * Start-up check: a production server without its own token secret would either fail every login
 * or (worse) sign with a guessable key, so it must not start at all.
 */
export function assertAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const config = authConfig(env);
  if (!config.demoMode) {
    if (!config.secret) throw new AuthConfigError('AUTH_TOKEN_SECRET must be set in production mode (APOBOTE_MODE=production)');
    if (config.secret.length < MIN_SECRET_LENGTH) {
      throw new AuthConfigError(`AUTH_TOKEN_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
  }
  return config;
}
