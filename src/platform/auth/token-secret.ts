import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authConfig, AuthConfigError } from './config';
import { appSecrets } from './tables';

const SECRET_NAME = 'auth_token_secret';
const generated = new WeakMap<Db, Promise<Buffer>>();

/**
 * The HMAC key for tokens. AUTH_TOKEN_SECRET when set; in demo mode a random key generated once per
 * database (so tokens survive restarts of the same data folder, and every process agrees on it).
 */
export function tokenSecret(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const config = authConfig(env);
  if (config.secret) return Promise.resolve(Buffer.from(config.secret, 'utf8'));
  if (!config.demoMode) return Promise.reject(new AuthConfigError('AUTH_TOKEN_SECRET must be set in production mode'));
  let secret = generated.get(db);
  if (!secret) {
    secret = loadOrCreate(db);
    generated.set(db, secret);
    // A failed lookup (database briefly down) must not be cached for the life of the process.
    secret.catch(() => generated.delete(db));
  }
  return secret;
}

async function loadOrCreate(db: Db): Promise<Buffer> {
  // Two processes starting together may both insert; the first wins and both read the winner.
  await db.insert(appSecrets).values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('token secret could not be stored');
  return Buffer.from(row.value, 'base64url');
}
