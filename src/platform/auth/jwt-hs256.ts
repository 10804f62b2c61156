import { createHmac, timingSafeEqual } from 'node:crypto';
import { base64urlDecode, base64urlEncode, decodeJsonSegment } from './base64url';

/**
 * Our own login tokens: compact JWTs signed with HMAC-SHA256. Only HS256 is accepted, whatever the
 * header says, so "alg: none" and algorithm-confusion tokens never verify.
 */
const HEADER = base64urlEncode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function signature(signingInput: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

export function signHs256(claims: Record<string, unknown>, secret: Buffer): string {
  const signingInput = `${HEADER}.${base64urlEncode(JSON.stringify(claims))}`;
  return `${signingInput}.${base64urlEncode(signature(signingInput, secret))}`;
}

export type Hs256Result =
  | { ok: true; claims: Record<string, unknown> }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies signature and `exp` (seconds since epoch, compared with the injected time). */
export function verifyHs256(token: string, secret: Buffer, nowSeconds: number): Hs256Result {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeJsonSegment(headerPart);
  if (!header || header.alg !== 'HS256') return { ok: false, reason: 'malformed' };
  const given = base64urlDecode(signaturePart);
  const expected = signature(`${headerPart}.${payloadPart}`, secret);
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  const claims = decodeJsonSegment(payloadPart);
  if (!claims) return { ok: false, reason: 'malformed' };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
