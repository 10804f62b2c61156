import type { JsonWebKey } from 'node:crypto';
import { decodeJwt, publicKeyFromJwk, selectJwk, verifyRs256IdToken, type IdTokenExpectations, type IdTokenResult } from './jwt-rs256';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Providers rotate keys rarely; an hour of caching keeps sign-in fast without missing a rotation for long. */
const CACHE_MS = 60 * 60 * 1000;
/** An unknown kid may mean a fresh rotation: refetch, but not more often than this (abuse guard). */
const REFETCH_MIN_MS = 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;

interface CacheEntry {
  keys: JsonWebKey[];
  fetchedAt: number;
}

export class JwksUnavailableError extends Error {
  override name = 'JwksUnavailableError';
}

/** Fetches and caches JSON Web Key Sets by URL (shared by all requests of the process). */
export class JwksClient {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly fetchImpl: FetchLike = (input, init) => fetch(input, init)) {}

  private async load(url: string, nowMs: number): Promise<JsonWebKey[]> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new JwksUnavailableError(`JWKS ${url} unreachable: ${String(error)}`);
    }
    if (!response.ok) throw new JwksUnavailableError(`JWKS ${url} answered ${response.status}`);
    const body = (await response.json().catch(() => null)) as { keys?: unknown } | null;
    if (!body || !Array.isArray(body.keys)) throw new JwksUnavailableError(`JWKS ${url} is not a key set`);
    const keys = body.keys as JsonWebKey[];
    this.cache.set(url, { keys, fetchedAt: nowMs });
    return keys;
  }

  private async keysFor(url: string, kid: unknown, nowMs: number): Promise<JsonWebKey | undefined> {
    const cached = this.cache.get(url);
    if (cached && nowMs - cached.fetchedAt < CACHE_MS) {
      const key = selectJwk(cached.keys, kid);
      if (key || nowMs - cached.fetchedAt < REFETCH_MIN_MS) return key;
    }
    return selectJwk(await this.load(url, nowMs), kid);
  }

  /** Throws JwksUnavailableError only when the provider cannot be asked; a bad token is a result. */
  async verifyIdToken(token: string, jwksUrl: string, expect: IdTokenExpectations): Promise<IdTokenResult> {
    const decoded = decodeJwt(token);
    if (!decoded) return { ok: false, reason: 'malformed' };
    if (decoded.header.alg !== 'RS256') return { ok: false, reason: 'algorithm' };
    // Cache age is measured on the real clock: key rotation happens in real time, not test time.
    const jwk = await this.keysFor(jwksUrl, decoded.header.kid, Date.now());
    if (!jwk) return { ok: false, reason: 'unknown-key' };
    const key = publicKeyFromJwk(jwk);
    if (!key) return { ok: false, reason: 'unknown-key' };
    return verifyRs256IdToken(decoded, key, expect);
  }
}
