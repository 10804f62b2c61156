import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Binding checks for Apple and Google ID tokens, on top of the signature/issuer/audience/expiry
 * checks of the platform's verifier. Pure functions: no clock, no database.
 */

const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Longest nonce the API takes (the page sends 32 hex characters). */
export const MAX_NONCE_LENGTH = 256;

/**
 * What the provider writes into the ID token's `nonce` claim for the raw nonce the page generated:
 * - Google copies the authorization request's `nonce` verbatim, and the page sends the raw value.
 * - Apple: the page sends SHA-256(raw) as lower-case hex to Apple (the Sign in with Apple
 *   convention), so the claim holds that hash and the raw value never appears in the token.
 */
export function expectedNonceClaim(provider: 'apple' | 'google', rawNonce: string): string {
  switch (provider) {
    case 'google':
      return rawNonce;
    case 'apple':
      return sha256Hex(rawNonce);
  }
}

/** Does the token's `nonce` claim belong to the raw nonce the client sent? Missing or empty never matches. */
export function nonceMatches(provider: 'apple' | 'google', rawNonce: unknown, claim: unknown): boolean {
  if (typeof rawNonce !== 'string' || rawNonce === '' || rawNonce.length > MAX_NONCE_LENGTH) return false;
  if (typeof claim !== 'string' || claim === '') return false;
  // Compared as digests: equal length for timingSafeEqual whatever the inputs.
  return timingSafeEqual(createHash('sha256').update(expectedNonceClaim(provider, rawNonce)).digest(), createHash('sha256').update(claim).digest());
}

/**
 * The key under which a used ID token is remembered: its `jti` (scoped to provider and issuer)
 * when it has one, else a hash of the signed part of the token. The signed part (header.payload as
 * sent) cannot be re-encoded without breaking the signature, unlike the signature segment, whose
 * base64url spelling has slack; so a re-spelled copy of a used token still maps to the same key.
 */
export function idTokenReplayKey(provider: 'apple' | 'google', claims: Record<string, unknown>, signingInput: string): string {
  const jti = typeof claims.jti === 'string' && claims.jti !== '' ? claims.jti : null;
  const iss = typeof claims.iss === 'string' ? claims.iss : '';
  return sha256Hex(jti !== null ? `${provider}\0jti\0${iss}\0${jti}` : `${provider}\0token\0${signingInput}`);
}

/** header.payload of a compact JWS (the part the signature covers). */
export function signingInputOf(token: string): string {
  return token.slice(0, Math.max(0, token.lastIndexOf('.')));
}

/**
 * Until when a used token must be remembered: as long as the verifier would still accept it
 * (exp + leeway), plus a margin for clock differences between server processes. Null when the
 * token has no numeric expiry (the verifier refuses those anyway).
 */
export function replayGuardUntil(claims: Record<string, unknown>, leewaySeconds: number, marginSeconds = 300): Date | null {
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  return new Date((claims.exp + leewaySeconds + marginSeconds) * 1000);
}
