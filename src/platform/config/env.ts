import path from 'node:path';

/**
 * Every setting the server reads from the environment, in one place (docs/production.md's table mirrors it).
 * Read lazily so tests and scripts can set variables before first use.
 */
export interface ServerConfig {
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Folder of the embedded PGlite database. 'memory://' keeps it in memory (tests). */
  pgliteDir: string;
  migrationsDir: string;
  catalogDir: string;
  port: number;
  host: string;
  /** development/demo mode exposes the dev outbox and demo credentials. */
  demoMode: boolean;
  /** How long the remote config (maintenance flag) is cached, in ms. Spec §9: 30 minutes minimum fetch interval. */
  remoteConfigTtlMs: number;
  logRequests: boolean;
}

const THIRTY_MINUTES = 30 * 60 * 1000;

export function serverConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR?.startsWith('memory://') ? env.PGLITE_DIR : path.resolve(env.PGLITE_DIR || 'data/pglite'),
    migrationsDir: path.resolve(env.MIGRATIONS_DIR || 'drizzle'),
    catalogDir: path.resolve(env.CATALOG_DIR || 'catalog'),
    port: Number(env.PORT || 4321),
    host: env.HOST || 'localhost',
    demoMode: (env.APOBOTE_MODE ?? (env.NODE_ENV === 'production' ? 'production' : 'demo')) !== 'production',
    remoteConfigTtlMs: env.REMOTE_CONFIG_TTL_MS !== undefined ? Number(env.REMOTE_CONFIG_TTL_MS) : THIRTY_MINUTES,
    logRequests: env.LOG_REQUESTS !== 'false',
  };
}
