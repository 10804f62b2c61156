import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSecrets } from '../auth/tables';
import { serverConfig } from '../config/env';
import type { Db } from '../db/client';
import { TOKEN_KEY_BYTES, tokenVault, type TokenVault } from './token-vault';

export class TokenKeyConfigError extends Error {
  override name = 'TokenKeyConfigError';
}

const KEY_NAME = 'prescription_token_key';
// 32 bytes are 43 base64 characters and a pad; `openssl rand -base64 32` prints this form.
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** PRESCRIPTION_TOKEN_KEY (32 bytes, base64 or base64url), or null when unset. A malformed key stops the start. */
export function tokenKeyFromEnv(env: NodeJS.ProcessEnv = process.env): Buffer | null {
  const raw = env.PRESCRIPTION_TOKEN_KEY?.trim();
  if (!raw) return null;
  const key = BASE64_KEY.test(raw) ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : null;
  if (!key || key.length !== TOKEN_KEY_BYTES) throw new TokenKeyConfigError('PRESCRIPTION_TOKEN_KEY must be 32 random bytes in base64, e.g. from `openssl rand -base64 32`');
  return key;
}

const stored = new WeakMap<Db, Promise<Buffer>>();

/**
 * The key prescription tokens are sealed with: PRESCRIPTION_TOKEN_KEY; without it, in demo mode
 * only, a key generated once per database and kept in app_secrets, as the one-time code key is.
 * That keeps the demo free of configuration but protects nothing: the key then lies beside the
 * sealed tokens, so whoever copies the database opens them. Acceptable only where the tokens are
 * test tokens; production refuses to run without a key kept outside the database.
 *
 * Changing the key (or going from the demo's to a configured one) makes the tokens sealed before
 * unreadable; the shop holds a token only until the pharmacy has retrieved the prescription.
 */
export function prescriptionTokenKey(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const configured = tokenKeyFromEnv(env);
  if (configured) return Promise.resolve(configured);
  if (!serverConfig(env).demoMode) {
    return Promise.reject(new TokenKeyConfigError('production mode needs PRESCRIPTION_TOKEN_KEY (32 random bytes in base64) to store prescription tokens'));
  }
  let key = stored.get(db);
  if (!key) {
    key = loadOrCreate(db);
    stored.set(db, key);
    // A failed lookup (database briefly down) must not be cached for the life of the process.
    key.catch(() => stored.delete(db));
  }
  return key;
}

/** The vault over this server's key (see prescriptionTokenKey). Load it before a transaction takes PGlite's only connection. */
export async function prescriptionTokenVault(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<TokenVault> {
  return tokenVault(await prescriptionTokenKey(db, env));
}

async function loadOrCreate(db: Db): Promise<Buffer> {
  // Two processes starting together may both insert; the first wins and both read the winner.
  await db.insert(appSecrets).values({ name: KEY_NAME, value: randomBytes(TOKEN_KEY_BYTES).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, KEY_NAME));
  if (!row) throw new Error('prescription token key could not be stored');
  return Buffer.from(row.value, 'base64url');
}
