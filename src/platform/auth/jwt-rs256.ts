import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { base64urlDecode, decodeJsonSegment } from './base64url';

/**
 * Verification of a provider's ID token (Sign in with Apple, Google): an RS256 JWT whose key is
 * published as a JWKS. Every check the OpenID Connect core spec asks of a relying party for ID
 * tokens is made here: algorithm, signature, issuer, audience, expiry and not-before.
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

export interface DecodedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signingInput: string;
  signature: Buffer;
}

export function decodeJwt(token: string): DecodedJwt | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeJsonSegment(headerPart);
  const claims = decodeJsonSegment(payloadPart);
  const signature = base64urlDecode(signaturePart);
  if (!header || !claims || !signature) return null;
  return { header, claims, signingInput: `${headerPart}.${payloadPart}`, signature };
}

/** Picks the key the token names; a set of one key may be used without a kid. */
export function selectJwk(keys: readonly JsonWebKey[], kid: unknown): JsonWebKey | undefined {
  const rsa = keys.filter((key) => key.kty === 'RSA' && (key.use === undefined || key.use === 'sig'));
  if (typeof kid === 'string') return rsa.find((key) => key.kid === kid);
  return rsa.length === 1 ? rsa[0] : undefined;
}

export function publicKeyFromJwk(jwk: JsonWebKey): KeyObject | null {
  try {
    return createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return null;
  }
}

export function verifyRs256IdToken(decoded: DecodedJwt, key: KeyObject, expect: IdTokenExpectations): IdTokenResult {
  if (decoded.header.alg !== 'RS256') return { ok: false, reason: 'algorithm' };
  if (!verify('sha256', Buffer.from(decoded.signingInput), key, decoded.signature)) return { ok: false, reason: 'signature' };
  const { claims } = decoded;
  const leeway = expect.leewaySeconds ?? ID_TOKEN_LEEWAY_SECONDS;
  if (typeof claims.iss !== 'string' || !expect.issuers.includes(claims.iss)) return { ok: false, reason: 'issuer' };
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.some((aud) => typeof aud === 'string' && expect.audiences.includes(aud))) return { ok: false, reason: 'audience' };
  if (typeof claims.exp !== 'number' || claims.exp + leeway <= expect.nowSeconds) return { ok: false, reason: 'expired' };
  if (typeof claims.nbf === 'number' && claims.nbf - leeway > expect.nowSeconds) return { ok: false, reason: 'not-yet-valid' };
  if (typeof claims.iat === 'number' && claims.iat - leeway > expect.nowSeconds) return { ok: false, reason: 'not-yet-valid' };
  if (typeof claims.sub !== 'string' || claims.sub === '') return { ok: false, reason: 'malformed' };
  return { ok: true, claims };
}
