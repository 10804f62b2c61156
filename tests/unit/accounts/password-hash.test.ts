import { describe, expect, it } from 'vitest';
import { currentParams, hashPassword, needsRehash, verifyPassword } from '../../../src/platform/auth';

describe('scrypt password hashing', () => {
  it('uses OWASP’s N=2^17, r=8, p=1 by default and never less in production', () => {
    expect(currentParams({})).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(currentParams({ APOBOTE_MODE: 'production' })).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(currentParams({ PASSWORD_HASH_COST: '10' }).log2N).toBe(10);
    expect(currentParams({ PASSWORD_HASH_COST: '15', APOBOTE_MODE: 'production' }).log2N).toBe(17);
    expect(currentParams({ PASSWORD_HASH_COST: '18', APOBOTE_MODE: 'production' }).log2N).toBe(18);
    expect(currentParams({ PASSWORD_HASH_COST: 'lots' }).log2N).toBe(17);
  });

  it('hashes with a per-user salt and the parameters in the hash, and verifies', async () => {
    const params = { log2N: 10, r: 8, p: 1 };
    const first = await hashPassword('correct horse', params);
    const second = await hashPassword('correct horse', params);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$10\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toContain('correct');
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
    expect(await verifyPassword('correct horse', 'scrypt$10$8$1$broken')).toBe(false);
    expect(await verifyPassword('correct horse', 'plaintext')).toBe(false);
  });

  // N=2^17 with r=8 needs 128 MiB, far above the 32 MiB Node allows scrypt by default: the production
  // cost must still hash and verify. (How long it takes is for `npm run bench`, not a test.)
  it('hashes and verifies at the production cost', async () => {
    const hash = await hashPassword('strong one', currentParams({ APOBOTE_MODE: 'production' }));
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword('strong one', hash)).toBe(true);
    expect(await verifyPassword('strong One', hash)).toBe(false);
  });

  it('asks for a rehash when the stored parameters are weaker than today’s', async () => {
    const weak = await hashPassword('pw-12345', { log2N: 10, r: 8, p: 1 });
    expect(needsRehash(weak, { log2N: 17, r: 8, p: 1 })).toBe(true);
    expect(needsRehash(weak.replace('scrypt$10$', 'scrypt$15$'), currentParams({ APOBOTE_MODE: 'production' }))).toBe(true);
    expect(needsRehash(weak, { log2N: 10, r: 8, p: 1 })).toBe(false);
  });
});
