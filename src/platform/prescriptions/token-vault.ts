import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Prescription tokens at rest. A token is a bearer secret for a patient's prescription, so the
 * database keeps it only sealed (AES-256-GCM: a copy of the database, or a backup, redeems
 * nothing without the key) and finds "the same token again" by a keyed hash (HMAC-SHA-256), never
 * by decrypting every row. A plain hash would not do: a PrescriptionID is guessable and the
 * access code is printed on paper, so the hash must not be computable without the key.
 *
 * Both keys are derived from the one master key with HKDF, each for its purpose, so the
 * encryption key never doubles as a MAC key.
 */
export interface TokenVault {
  /**
   * `v1.<iv>.<ciphertext>.<tag>` (base64url), a fresh random 12-byte IV each time. `boundTo`
   * (e.g. the row's id) must be given again to open it, so a sealed token copied into another
   * row does not open there.
   */
  seal(token: string, boundTo?: string): string;
  /** The token, or TokenVaultError when the value was changed, is bound elsewhere or sealed with another key. */
  open(sealed: string, boundTo?: string): string;
  /** The keyed hash of a canonical token (hex): equal for the same token, for lookups and uniqueness. */
  lookupHash(token: string): string;
}

export class TokenVaultError extends Error {
  override name = 'TokenVaultError';
}

export const TOKEN_KEY_BYTES = 32;
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A vault over a 32-byte master key (PRESCRIPTION_TOKEN_KEY, or demo mode's stored key). */
export function tokenVault(masterKey: Buffer): TokenVault {
  if (masterKey.length !== TOKEN_KEY_BYTES) throw new TokenVaultError(`the prescription token key must be ${TOKEN_KEY_BYTES} bytes`);
  const encryptionKey = derive(masterKey, 'apobote prescription token encryption v1');
  const lookupKey = derive(masterKey, 'apobote prescription token lookup v1');
  // The version is authenticated too: a value relabelled as another format fails to open.
  const associated = (boundTo: string) => Buffer.from(`${VERSION}\u0000${boundTo}`, 'utf8');

  return {
    seal(token, boundTo = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(associated(boundTo));
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },

    open(sealed, boundTo = '') {
      const parts = sealed.split('.');
      // The messages never quote the value: it is the secret.
      if (parts.length !== 4 || parts[0] !== VERSION) throw new TokenVaultError('not a sealed prescription token of a known version');
      const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new TokenVaultError('not a sealed prescription token of a known version');
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(associated(boundTo));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenVaultError('the sealed prescription token was changed, is bound to another record or was sealed with another key');
      }
    },

    lookupHash(token) {
      return createHmac('sha256', lookupKey).update(token, 'utf8').digest('hex');
    },
  };
}

function derive(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), purpose, TOKEN_KEY_BYTES));
}
