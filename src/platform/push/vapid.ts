import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { appSecrets } from '../auth/tables';
import { serverConfig } from '../config/env';
import type { Db } from '../db/client';

/** The shop's VAPID identity (RFC 8292): push services accept messages signed with the private key. */
export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services can reach the operator at. */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:no-reply@apobote.de';
const KEY_NAME = 'vapid_keys';

/** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT, or null when the keys are not both set. */
export function vapidKeysFromEnv(env: NodeJS.ProcessEnv = process.env): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT };
}

const stored = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * Demo mode's keys: generated once per database and kept in app_secrets, so every process and
 * every restart signs with the same key (a new key would orphan every browser's subscription).
 */
export function storedVapidKeys(db: Db, subject: string = DEFAULT_VAPID_SUBJECT): Promise<VapidKeys> {
  let keys = stored.get(db);
  if (!keys) {
    keys = loadOrCreate(db, subject);
    stored.set(db, keys);
    keys.catch(() => stored.delete(db));
  }
  return keys;
}

async function loadOrCreate(db: Db, subject: string): Promise<VapidKeys> {
  const generated = webpush.generateVAPIDKeys();
  // Two processes starting together may both insert; the first wins and both read the winner.
  await db.insert(appSecrets).values({ name: KEY_NAME, value: JSON.stringify(generated) }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, KEY_NAME));
  if (!row) throw new Error('VAPID keys could not be stored');
  const { publicKey, privateKey } = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}

/**
 * The keys this server signs with: the configured ones; else, in demo mode, the stored ones; else
 * (production without keys) null, and web push is off.
 */
export async function vapidKeysFor(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys | null> {
  const configured = vapidKeysFromEnv(env);
  if (configured) return configured;
  if (!serverConfig(env).demoMode) return null;
  return storedVapidKeys(db, env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT);
}
