import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../../src/platform/db';
import { prescriptionTokenKey, prescriptionTokenVault, TokenKeyConfigError, tokenKeyFromEnv } from '../../../src/platform/prescriptions/token-key';
import { tokenVault } from '../../../src/platform/prescriptions/token-vault';

const TOKEN = `Task/160.123.456.789.123.58/$accept?ac=${'0123456789abcdef'.repeat(4)}`;

describe('tokenKeyFromEnv', () => {
  it('reads 32 bytes in base64 or base64url, and nothing when unset', () => {
    const key = randomBytes(32);
    expect(tokenKeyFromEnv({ PRESCRIPTION_TOKEN_KEY: key.toString('base64') })).toEqual(key);
    expect(tokenKeyFromEnv({ PRESCRIPTION_TOKEN_KEY: ` ${key.toString('base64url')} ` })).toEqual(key);
    expect(tokenKeyFromEnv({})).toBeNull();
    expect(tokenKeyFromEnv({ PRESCRIPTION_TOKEN_KEY: ' ' })).toBeNull();
  });

  it('stops the start for a key of another length or not in base64', () => {
    for (const bad of [randomBytes(16).toString('base64'), randomBytes(48).toString('base64'), 'not a key at all, but 44 characters long!!!', 'x'.repeat(44)]) {
      expect(() => tokenKeyFromEnv({ PRESCRIPTION_TOKEN_KEY: bad })).toThrow(TokenKeyConfigError);
    }
  });
});

describe('prescriptionTokenKey', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDb({ pgliteDir: 'memory://', databaseUrl: undefined });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('takes the configured key in any mode', async () => {
    const key = randomBytes(32);
    expect(await prescriptionTokenKey(handle.db, { APOBOTE_MODE: 'production', PRESCRIPTION_TOKEN_KEY: key.toString('base64') })).toEqual(key);
  });

  it('generates a key once per database in demo mode and keeps it', async () => {
    const first = await prescriptionTokenKey(handle.db, { APOBOTE_MODE: 'demo' });
    expect(first).toHaveLength(32);
    expect(await prescriptionTokenKey(handle.db, { APOBOTE_MODE: 'demo' })).toEqual(first);
    const sealed = (await prescriptionTokenVault(handle.db, { APOBOTE_MODE: 'demo' })).seal(TOKEN);
    expect(tokenVault(first).open(sealed)).toBe(TOKEN);
  });

  it('refuses to store tokens in production mode without a configured key', async () => {
    await expect(prescriptionTokenKey(handle.db, { APOBOTE_MODE: 'production' })).rejects.toThrow(TokenKeyConfigError);
  });
});
