import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenVault, TokenVaultError } from '../../../src/platform/prescriptions/token-vault';

const TOKEN = `Task/160.123.456.789.123.58/$accept?ac=${'0123456789abcdef'.repeat(4)}`;
// A fixed key, so a failing test is reproducible; the IVs are random by design.
const KEY = Buffer.from('4f'.repeat(32), 'hex');
const vault = tokenVault(KEY);

/** Flips one bit of the base64url part `index` (1 IV, 2 ciphertext, 3 tag) of a sealed value. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0]! ^= 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('tokenVault', () => {
  it('opens what it sealed, and the sealed value shows nothing of the token', () => {
    const sealed = vault.seal(TOKEN);
    expect(vault.open(sealed)).toBe(TOKEN);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain('160.123');
    expect(sealed).not.toContain('0123456789abcdef');
  });

  it('uses a fresh IV each time, so the same token never seals to the same value', () => {
    const values = Array.from({ length: 20 }, () => vault.seal(TOKEN));
    expect(new Set(values).size).toBe(20);
    expect(new Set(values.map((value) => value.split('.')[1])).size).toBe(20);
    for (const value of values) expect(vault.open(value)).toBe(TOKEN);
  });

  it('notices a changed IV, ciphertext or tag, another version label and a truncated value', () => {
    const sealed = vault.seal(TOKEN);
    for (const part of [1, 2, 3]) expect(() => vault.open(tamper(sealed, part))).toThrow(TokenVaultError);
    expect(() => vault.open(sealed.replace(/^v1\./, 'v2.'))).toThrow(TokenVaultError);
    expect(() => vault.open(sealed.split('.').slice(0, 3).join('.'))).toThrow(TokenVaultError);
    expect(() => vault.open('')).toThrow(TokenVaultError);
  });

  it('does not open with another key, and says so without quoting the value', () => {
    const sealed = vault.seal(TOKEN);
    let message = '';
    try {
      tokenVault(randomBytes(32)).open(sealed);
    } catch (error) {
      message = (error as Error).message;
      expect(error).toBeInstanceOf(TokenVaultError);
    }
    expect(message).not.toBe('');
    expect(message).not.toContain(sealed.split('.')[2]!);
  });

  it('binds a sealed value to its record when asked: it opens only there', () => {
    const sealed = vault.seal(TOKEN, 'rx-1');
    expect(vault.open(sealed, 'rx-1')).toBe(TOKEN);
    expect(() => vault.open(sealed, 'rx-2')).toThrow(TokenVaultError);
    expect(() => vault.open(sealed)).toThrow(TokenVaultError);
  });

  it('hashes a token to the same keyed value every time, another per key and per token', () => {
    const hash = vault.lookupHash(TOKEN);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenVault(Buffer.from(KEY)).lookupHash(TOKEN)).toBe(hash);
    expect(tokenVault(randomBytes(32)).lookupHash(TOKEN)).not.toBe(hash);
    expect(vault.lookupHash(TOKEN.replace(/f$/, 'e'))).not.toBe(hash);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => tokenVault(Buffer.alloc(16))).toThrow(TokenVaultError);
  });
});
