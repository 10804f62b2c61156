/** JWTs use unpadded base64url for header, payload and signature (RFC 7515 §2). */
export function base64urlEncode(input: Buffer | string): string {
  return (typeof input === 'string' ? Buffer.from(input, 'utf8') : input).toString('base64url');
}

export function base64urlDecode(input: string): Buffer | null {
  // Buffer.from silently skips foreign characters; refuse them so a mangled token never verifies.
  if (!/^[A-Za-z0-9_-]*$/.test(input)) return null;
  return Buffer.from(input, 'base64url');
}

/** Parses one JSON segment of a JWT; anything but a plain object is refused. */
export function decodeJsonSegment(segment: string): Record<string, unknown> | null {
  const bytes = base64urlDecode(segment);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
