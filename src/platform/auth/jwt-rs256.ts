import type { KeyObject } from 'node:crypto';
import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

/**
 * Verification of a provider's ID token (Sign in with Apple, Google): an RS256 JWT whose key is
 * published as a JWKS. `jose` does the JOSE work (signature, `crit`, algorithm pinning, issuer,
 * audience, expiry, not-before); the result is reshaped here into reasons the callers can log.
 */
export interface IdTokenExpectations {
  /** Accepted `iss` values (Google uses two spellings). */
  issuers: readonly string[];
  /** Our client ids: the token must have been minted for us, not for another app. */
  audiences: readonly string[];
  nowSeconds: number;
  /** Tolerated clock difference between us and the provider. */
  leewaySeconds?: number;
}

/** Default tolerated clock difference; a used token must be remembered at least until exp + this. */
export const ID_TOKEN_LEEWAY_SECONDS = 60;

export type IdTokenFailure = 'malformed' | 'algorithm' | 'unknown-key' | 'signature' | 'issuer' | 'audience' | 'expired' | 'not-yet-valid';
export type IdTokenResult = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: IdTokenFailure };

/** Why jose refused the token; null for anything that is not about the token (e.g. keys unreachable). */
function failureReason(error: unknown): IdTokenFailure | null {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'issuer';
    if (error.claim === 'aud') return 'audience';
    if (error.claim === 'nbf' || error.claim === 'iat') return 'not-yet-valid';
    return 'malformed';
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'algorithm';
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return 'unknown-key';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  // Unknown `crit` extensions, a header alg no key supports, broken segments.
  if (error instanceof errors.JOSENotSupported || error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'malformed';
  return null;
}

/**
 * Verifies an ID token against a key or a key set resolver. A bad token is a result; errors of the
 * key resolver that are not about the token (the provider cannot be asked) are thrown as they are.
 */
export async function verifyIdToken(token: string, key: KeyObject | JWTVerifyGetKey, expect: IdTokenExpectations): Promise<IdTokenResult> {
  const leeway = expect.leewaySeconds ?? ID_TOKEN_LEEWAY_SECONDS;
  try {
    const options = {
      algorithms: ['RS256'],
      issuer: [...expect.issuers],
      audience: [...expect.audiences],
      clockTolerance: leeway,
      currentDate: new Date(expect.nowSeconds * 1000),
      requiredClaims: ['exp', 'sub'],
    };
    const { payload } = typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options);
    // jose checks `iat` only together with a maximum age; a token "issued" in the future is refused here.
    if (typeof payload.iat === 'number' && payload.iat - leeway > expect.nowSeconds) return { ok: false, reason: 'not-yet-valid' };
    if (typeof payload.sub !== 'string' || payload.sub === '') return { ok: false, reason: 'malformed' };
    return { ok: true, claims: payload as Record<string, unknown> };
  } catch (error) {
    const reason = failureReason(error);
    if (reason) return { ok: false, reason };
    throw error;
  }
}
