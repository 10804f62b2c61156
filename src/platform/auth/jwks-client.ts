import { createRemoteJWKSet, customFetch, errors, type JWTVerifyGetKey } from 'jose';
import { verifyIdToken, type IdTokenExpectations, type IdTokenResult } from './jwt-rs256';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Providers rotate keys rarely; an hour of caching keeps sign-in fast without missing a rotation for long. */
const CACHE_MS = 60 * 60 * 1000;
/** An unknown kid may mean a fresh rotation: refetch, but not more often than this (abuse guard). */
const REFETCH_MIN_MS = 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;

export class JwksUnavailableError extends Error {
  override name = 'JwksUnavailableError';
}

/** Key-set answers that are about the token (no key for its kid/alg), not about the provider. */
function isTokenProblem(error: unknown): boolean {
  return error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys || error instanceof errors.JOSENotSupported;
}

/**
 * Verifies provider ID tokens against their published key sets, one cached `jose` remote key set
 * per URL, shared by all requests of the process (jose refetches on an unknown kid after the
 * cooldown and lets concurrent requests share one fetch).
 */
export class JwksClient {
  private readonly sets = new Map<string, JWTVerifyGetKey>();

  constructor(private readonly fetchImpl: FetchLike = (input, init) => fetch(input, init)) {}

  private keySet(url: string): JWTVerifyGetKey {
    let set = this.sets.get(url);
    if (!set) {
      const remote = createRemoteJWKSet(new URL(url), {
        cacheMaxAge: CACHE_MS,
        cooldownDuration: REFETCH_MIN_MS,
        timeoutDuration: FETCH_TIMEOUT_MS,
        [customFetch]: (input, init) => this.fetchImpl(input, init),
      });
      set = async (header, token) => {
        try {
          return await remote(header, token);
        } catch (error) {
          if (isTokenProblem(error)) throw error;
          throw new JwksUnavailableError(`JWKS ${url} unavailable: ${String(error)}`, { cause: error });
        }
      };
      this.sets.set(url, set);
    }
    return set;
  }

  /** Throws JwksUnavailableError only when the provider cannot be asked; a bad token is a result. */
  verifyIdToken(token: string, jwksUrl: string, expect: IdTokenExpectations): Promise<IdTokenResult> {
    return verifyIdToken(token, this.keySet(jwksUrl), expect);
  }
}
