import { randomBytes } from 'node:crypto';

/**
 * Order numbers are read out on the phone and typed from e-mails: two groups of four characters
 * without look-alikes (no 0/O, 1/I/L), e.g. "AB7K-2Q4M". 31^8 ≈ 8.5·10^11 numbers; a collision
 * hits the unique index and the insert is retried with a new one.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LIMIT = Math.floor(256 / ALPHABET.length) * ALPHABET.length;

export function generateOrderNumber(random: (count: number) => Uint8Array = (count) => randomBytes(count)): string {
  let code = '';
  while (code.length < 8) {
    for (const byte of random(8)) {
      // Dropping bytes ≥ 248 keeps every character equally likely.
      if (byte < LIMIT && code.length < 8) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a customer may type: any case, with or without the hyphen or blanks. */
export function normalizeOrderNumber(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  if (!new RegExp(`^[${ALPHABET}]{8}$`).test(compact)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}
