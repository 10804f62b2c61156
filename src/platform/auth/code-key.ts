import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from './tables';

const KEY_NAME = 'verification_code_key';
const generated = new WeakMap<Db, Promise<Buffer>>();

/**
 * The HMAC key one-time codes are stored under (a 6-digit code has too few values for a plain
 * hash). Random, generated once per database, so every process agrees on it and nothing has to be
 * configured. Cached per database handle: load it before a transaction takes PGlite's only
 * connection.
 */
export function verificationCodeKey(db: Db): Promise<Buffer> {
  let key = generated.get(db);
  if (!key) {
    key = loadOrCreate(db);
    generated.set(db, key);
    // A failed lookup (database briefly down) must not be cached for the life of the process.
    key.catch(() => generated.delete(db));
  }
  return key;
}

async function loadOrCreate(db: Db): Promise<Buffer> {
  // Two processes starting together may both insert; the first wins and both read the winner.
  await db.insert(appSecrets).values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, KEY_NAME));
  if (!row) throw new Error('verification code key could not be stored');
  return Buffer.from(row.value, 'base64url');
}
