import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { serverConfig } from '../config/env';

/**
 * Password storage with scrypt (memory-hard, in node:crypto). The parameters travel with each hash
 * ("scrypt$<log2 N>$<r>$<p>$<salt>$<key>") so the cost can be raised later without breaking old
 * hashes; a login with weaker parameters re-hashes (see needsRehash).
 * The default is OWASP's recommendation for scrypt (Password Storage Cheat Sheet): N=2^17, r=8,
 * p=1, i.e. 128 MiB and roughly 0.1-0.4 s per hash.
 */
export const DEFAULT_LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Production never goes below the default, whatever PASSWORD_HASH_COST says. */
const MIN_LOG2_N_PRODUCTION = DEFAULT_LOG2_N;
const MIN_LOG2_N = 10;
const MAX_LOG2_N = 20;

export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

/** PASSWORD_HASH_COST (log2 N) lets the test suites hash cheaply; production keeps at least 2^17. */
export function currentParams(env: NodeJS.ProcessEnv = process.env): ScryptParams {
  const requested = Number(env.PASSWORD_HASH_COST);
  let log2N = Number.isInteger(requested) && requested >= MIN_LOG2_N && requested <= MAX_LOG2_N ? requested : DEFAULT_LOG2_N;
  if (!serverConfig(env).demoMode) log2N = Math.max(log2N, MIN_LOG2_N_PRODUCTION);
  return { log2N, r: R, p: P };
}

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.log2N;
  // scrypt needs about 128·N·r bytes (128 MiB for N=2^17, r=8); Node's default maxmem (32 MiB)
  // would refuse it, so the limit is set from the parameters, with room for scrypt's own buffers.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams = currentParams()): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return ['scrypt', params.log2N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  const parsed = { log2N: Number(log2N), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
  const sane = [parsed.log2N, parsed.r, parsed.p].every(Number.isInteger) && parsed.log2N >= 1 && parsed.log2N <= MAX_LOG2_N && parsed.r >= 1 && parsed.p >= 1;
  return sane && parsed.key.length > 0 ? parsed : null;
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash is weaker than what we would produce today. */
export function needsRehash(stored: string, params: ScryptParams = currentParams()): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.log2N < params.log2N || parsed.r < params.r || parsed.p < params.p;
}
