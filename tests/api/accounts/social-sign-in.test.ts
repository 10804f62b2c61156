import { createHash, createHmac, randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSocialConfig } from '../../../src/features/accounts';
import { socialTokenUses } from '../../../src/features/accounts/server/schema';
import { startOidcIssuer, type OidcIssuer } from '../../support/oidc-issuer';
import { accountsApp, call, PASSWORD, registerUser, testClock, uniqueEmail, useTestDb } from './harness';

const testDb = useTestDb();
let issuer: OidcIssuer;
beforeAll(async () => {
  issuer = await startOidcIssuer();
});
afterAll(() => issuer?.close());

const GOOGLE_ID = 'google-client.apps.example';
const APPLE_ID = 'de.apobote.web';

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GOOGLE_CLIENT_ID: GOOGLE_ID,
    GOOGLE_JWKS_URL: issuer.jwksUrl,
    GOOGLE_ISSUER: issuer.issuer,
    APPLE_CLIENT_ID: APPLE_ID,
    APPLE_JWKS_URL: issuer.jwksUrl,
    APPLE_ISSUER: issuer.issuer,
    FACEBOOK_APP_ID: 'fb-app-1',
    FACEBOOK_GRAPH_URL: issuer.graphUrl,
    ...extra,
  };
}

// Provider tokens carry real-time expiry, so the app clock is the real one here.
const app = (extra?: Record<string, string>) => accountsApp(testDb.db, { now: () => new Date() }, { env: env(extra) });
let subjectCounter = 0;
const subject = () => `sub-${Date.now()}-${++subjectCounter}`;
/** The raw nonce a page would generate when it starts a sign-in. */
const newNonce = () => randomBytes(16).toString('hex');
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const GENERIC = 'Something went wrong, please try again later.';

describe('GET /api/v1/auth/providers', () => {
  it('lists only configured providers with their client ids', async () => {
    expect((await call(app(), '/v1/auth/providers')).body).toEqual({
      providers: [
        { id: 'apple', clientId: APPLE_ID },
        { id: 'google', clientId: GOOGLE_ID },
        { id: 'facebook', clientId: 'fb-app-1' },
      ],
    });
    const none = accountsApp(testDb.db, testClock(), { env: { ...process.env, GOOGLE_CLIENT_ID: '', APPLE_CLIENT_ID: '', FACEBOOK_APP_ID: '' } });
    expect((await call(none, '/v1/auth/providers')).body).toEqual({ providers: [] });
    expect((await call(none, '/v1/user/auth/google', { body: { idToken: 'x' } })).status).toBe(404);
    expect((await call(none, '/v1/user/auth/facebook', { body: { accessToken: 'x' } })).status).toBe(404);
    expect((await call(app(), '/v1/user/auth/twitter', { body: { idToken: 'x' } })).status).toBe(404);
  });
});

describe('POST /api/v1/user/auth/google and /apple', () => {
  it('creates an account from a valid ID token (birth date required), then signs it in again', async () => {
    const email = uniqueEmail('google');
    const sub = subject();
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ sub, aud: GOOGLE_ID, email, email_verified: true, given_name: 'Gina', family_name: 'Gold', nonce });
    // The token is not used up until a sign-in succeeds: the birth-date round trip sends it again.
    const needsBirthDate = await call(app(), '/v1/user/auth/google', { body: { idToken, nonce } });
    expect(needsBirthDate.body).toMatchObject({ code: 'MISSING_PARAMS', fields: { birthDate: 'MISSING_PARAMS' } });
    const minor = await call(app(), '/v1/user/auth/google', { body: { idToken, nonce, birthDate: '2012-01-01' } });
    expect(minor.body.code).toBe('AGE_BELOW_MINIMUM_CRITERIA');
    const created = await call<{ created: boolean; token: string; user: Record<string, unknown> }>(app(), '/v1/user/auth/google', { body: { idToken, nonce, birthDate: '1985-03-03' } });
    expect(created.status).toBe(200);
    expect(created.body.created).toBe(true);
    expect(created.body.user).toMatchObject({ email, emailVerified: true, firstName: 'Gina', lastName: 'Gold', hasPassword: false });
    const nonce2 = newNonce();
    const again = await call<{ created: boolean; user: { id: string } }>(app(), '/v1/user/auth/google', {
      body: { idToken: issuer.mintIdToken({ sub, aud: GOOGLE_ID, email, email_verified: true, nonce: nonce2 }), nonce: nonce2 },
    });
    expect(again.body.created).toBe(false);
    expect(again.body.user.id).toBe((created.body.user as { id: string }).id);
  });

  it('links to the existing account with the same verified e-mail', async () => {
    const { email, user } = await registerUser(app());
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ sub: subject(), aud: APPLE_ID, email: email.toUpperCase(), email_verified: 'true', nonce: sha256Hex(nonce) });
    const linked = await call<{ created: boolean; user: { id: string; emailVerified: boolean } }>(app(), '/v1/user/auth/apple', { body: { idToken, nonce } });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ created: false, user: { id: user.id, emailVerified: true } });
    // The password keeps working too.
    expect((await call(app(), '/v1/user/login', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('does not link by an e-mail the provider has not verified', async () => {
    const { email } = await registerUser(app());
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, email, email_verified: false, nonce });
    expect((await call(app(), '/v1/user/auth/google', { body: { idToken, nonce, birthDate: '1980-01-01' } })).body.code).toBe('DUPLICATE_EMAIL');
  });

  const NONCE = 'c0ffeec0ffeec0ffeec0ffeec0ffee00';
  it.each([
    ['a wrong audience', () => issuer.mintIdToken({ sub: subject(), aud: 'someone-else', nonce: NONCE })],
    ['a wrong issuer', () => issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, iss: 'https://evil.example', nonce: NONCE })],
    ['an expired token', () => issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, exp: Math.floor(Date.now() / 1000) - 3600, nonce: NONCE })],
    ['a bad signature', () => issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, nonce: NONCE }, { rogueKey: true })],
    ['an unknown key id', () => issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, nonce: NONCE }, { kid: 'other-key' })],
    ['an Apple token sent to Google', () => issuer.mintIdToken({ sub: subject(), aud: APPLE_ID, nonce: NONCE })],
    ['garbage', () => 'not.a.jwt'],
  ])('refuses %s with SOCIAL_TOKEN_INVALID', async (_label, token) => {
    const result = await call(app(), '/v1/user/auth/google', { body: { idToken: token(), nonce: NONCE, birthDate: '1980-01-01' } });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', message: GENERIC });
  });

  it('answers 502 GENERIC_ERROR when the provider keys cannot be fetched', async () => {
    const down = app({ GOOGLE_JWKS_URL: 'http://127.0.0.1:1/jwks' });
    const nonce = newNonce();
    const result = await call(down, '/v1/user/auth/google', { body: { idToken: issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, nonce }), nonce } });
    expect(result.status).toBe(502);
    expect(result.body.code).toBe('GENERIC_ERROR');
  });
});

describe('ID token nonce (Apple and Google)', () => {
  /** An adult with a fresh e-mail: signs in (creates the account) when the token is accepted. */
  const person = () => ({ sub: subject(), email: uniqueEmail('nonce'), email_verified: true });

  it('accepts the token whose nonce claim is the raw nonce sent (Google)', async () => {
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ ...person(), aud: GOOGLE_ID, nonce });
    const result = await call<{ created: boolean }>(app(), '/v1/user/auth/google', { body: { idToken, nonce, birthDate: '1980-01-01' } });
    expect(result.status).toBe(200);
    expect(result.body.created).toBe(true);
  });

  it('refuses a missing nonce with 401 SOCIAL_TOKEN_INVALID and the generic message', async () => {
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ ...person(), aud: GOOGLE_ID, nonce });
    for (const body of [{ idToken, birthDate: '1980-01-01' }, { idToken, nonce: '', birthDate: '1980-01-01' }, { idToken, nonce: '   ' }]) {
      const result = await call(app(), '/v1/user/auth/google', { body });
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', message: GENERIC });
    }
    // German, too: the generic text.
    const de = await call(app(), '/v1/user/auth/apple', { body: { idToken: issuer.mintIdToken({ ...person(), aud: APPLE_ID }) }, lang: 'de' });
    expect(de.status).toBe(401);
    expect(de.body.code).toBe('SOCIAL_TOKEN_INVALID');
    // A token minted without a nonce is refused whatever nonce is sent.
    const noClaim = issuer.mintIdToken({ ...person(), aud: GOOGLE_ID });
    expect((await call(app(), '/v1/user/auth/google', { body: { idToken: noClaim, nonce, birthDate: '1980-01-01' } })).status).toBe(401);
    // The token itself was fine: with its nonce it signs in.
    expect((await call(app(), '/v1/user/auth/google', { body: { idToken, nonce, birthDate: '1980-01-01' } })).status).toBe(200);
  });

  it('refuses a nonce that does not match the token', async () => {
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ ...person(), aud: GOOGLE_ID, nonce });
    const result = await call(app(), '/v1/user/auth/google', { body: { idToken, nonce: newNonce(), birthDate: '1980-01-01' } });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', message: GENERIC });
    // Google's claim is the raw nonce: its hash is not accepted in its place.
    const hashed = issuer.mintIdToken({ ...person(), aud: GOOGLE_ID, nonce: sha256Hex(nonce) });
    expect((await call(app(), '/v1/user/auth/google', { body: { idToken: hashed, nonce, birthDate: '1980-01-01' } })).status).toBe(401);
  });

  it('Apple: the claim is the SHA-256 (hex) of the raw nonce the page sends', async () => {
    const nonce = newNonce();
    // Raw nonce in Apple's claim: not Apple's convention, refused.
    const raw = issuer.mintIdToken({ ...person(), aud: APPLE_ID, nonce });
    expect((await call(app(), '/v1/user/auth/apple', { body: { idToken: raw, nonce, birthDate: '1980-01-01' } })).status).toBe(401);
    const idToken = issuer.mintIdToken({ ...person(), aud: APPLE_ID, nonce: sha256Hex(nonce), jti: undefined });
    // Sending the hash (what is in the token) instead of the raw value is refused.
    const hashSent = await call(app(), '/v1/user/auth/apple', { body: { idToken, nonce: sha256Hex(nonce), birthDate: '1980-01-01' } });
    expect(hashSent.status).toBe(401);
    expect(hashSent.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', message: GENERIC });
    const accepted = await call<{ created: boolean }>(app(), '/v1/user/auth/apple', { body: { idToken, nonce, birthDate: '1980-01-01' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.created).toBe(true);
  });

  it('an unconfigured provider stays 404 even without a nonce', async () => {
    const none = accountsApp(testDb.db, testClock(), { env: { ...process.env, GOOGLE_CLIENT_ID: '', APPLE_CLIENT_ID: '' } });
    expect((await call(none, '/v1/user/auth/apple', { body: { idToken: 'x' } })).status).toBe(404);
    expect((await call(app(), '/v1/user/auth/twitter', { body: { idToken: 'x' } })).status).toBe(404);
    // Other problems keep their 400.
    expect((await call(app(), '/v1/user/auth/google', { body: { nonce: newNonce() } })).body.code).toBe('MISSING_PARAMS');
  });
});

describe('ID token replay (single use within its lifetime)', () => {
  it('refuses a token (with jti) already used to sign in, also after the account was linked', async () => {
    const { email } = await registerUser(app());
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, email, email_verified: true, nonce });
    expect((await call(app(), '/v1/user/auth/google', { body: { idToken, nonce } })).status).toBe(200);
    // A second server process (another app on the same database) refuses it as well.
    const replay = await call(app(), '/v1/user/auth/google', { body: { idToken, nonce } });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', message: GENERIC });
    // Another token with the same jti (same issuer) counts as the same token.
    const { jti } = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
    const sameJti = issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, email, email_verified: true, nonce, jti });
    expect((await call(app(), '/v1/user/auth/google', { body: { idToken: sameJti, nonce } })).status).toBe(401);
  });

  it('refuses a token without jti by its hash, also when its signature is spelled differently', async () => {
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ sub: subject(), aud: APPLE_ID, email: uniqueEmail('replay'), email_verified: 'true', nonce: sha256Hex(nonce), jti: undefined });
    const first = await call<{ created: boolean }>(app(), '/v1/user/auth/apple', { body: { idToken, nonce, birthDate: '1980-01-01' } });
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(true);
    const replay = await call(app(), '/v1/user/auth/apple', { body: { idToken, nonce, birthDate: '1980-01-01' } });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', message: GENERIC });
    // The last base64url character of a 256-byte signature has 4 unused bits: a different spelling
    // of the same signature still verifies, and must still count as the same token.
    const last = idToken.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = idToken.slice(0, -1) + alphabet[(alphabet.indexOf(last) & ~0xf) | ((alphabet.indexOf(last) + 1) & 0xf)];
    expect(respelled).not.toBe(idToken);
    const variant = await call(app(), '/v1/user/auth/apple', { body: { idToken: respelled, nonce, birthDate: '1980-01-01' } });
    expect(variant.status).toBe(401);
  });

  it('lets only one of two simultaneous sign-ins with the same token through', async () => {
    const { email } = await registerUser(app());
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, email, email_verified: true, nonce });
    const results = await Promise.all([app(), app()].map((instance) => call(instance, '/v1/user/auth/google', { body: { idToken, nonce } })));
    expect(results.map((result) => result.status).sort()).toEqual([200, 401]);
  });

  it('forgets used tokens once they have expired', async () => {
    const past = new Date(Date.now() - 60 * 60 * 1000);
    await testDb.db.db.insert(socialTokenUses).values({ key: `stale-${subject()}`, provider: 'google', expiresAt: past, usedAt: past });
    const nonce = newNonce();
    const idToken = issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, email: uniqueEmail('prune'), email_verified: true, nonce });
    expect((await call(app(), '/v1/user/auth/google', { body: { idToken, nonce, birthDate: '1980-01-01' } })).status).toBe(200);
    expect(await testDb.db.db.select().from(socialTokenUses).where(lt(socialTokenUses.expiresAt, new Date()))).toEqual([]);
    // The token just used is remembered until after it expires (exp + leeway + margin).
    const rows = await testDb.db.db.select().from(socialTokenUses);
    expect(rows.length).toBeGreaterThan(0);
    expect(Math.min(...rows.map((row) => row.expiresAt.getTime()))).toBeGreaterThan(Date.now() + 600 * 1000);
  });
});

describe('POST /api/v1/user/auth/facebook', () => {
  it('reads the profile from the Graph API; an adult age range needs no birth date', async () => {
    const email = uniqueEmail('fb');
    issuer.registerFacebookToken('fb-adult', { id: subject(), name: 'Frank Fisch', first_name: 'Frank', last_name: 'Fisch', email, age_range: { min: 21 } }, { appSecret: 'app-secret' });
    const result = await call<{ created: boolean; user: Record<string, unknown> }>(app({ FACEBOOK_APP_SECRET: 'app-secret' }), '/v1/user/auth/facebook', { body: { accessToken: 'fb-adult' } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ created: true, user: { email, firstName: 'Frank', lastName: 'Fisch', emailVerified: true, birthDate: null } });
    const query = issuer.graphRequests.at(-1);
    expect(query?.get('fields')).toBe('id,name,first_name,last_name,email,age_range');
    expect(query?.get('appsecret_proof')).toBe(createHmac('sha256', 'app-secret').update('fb-adult').digest('hex'));
  });

  it('refuses an under-18 age range with AGE_BELOW_MINIMUM_CRITERIA', async () => {
    issuer.registerFacebookToken('fb-teen', { id: subject(), name: 'Tim Teen', email: uniqueEmail('teen'), age_range: { min: 13, max: 17 } });
    const result = await call(app(), '/v1/user/auth/facebook', { body: { accessToken: 'fb-teen', birthDate: '1990-01-01' } });
    expect(result.status).toBe(422);
    expect(result.body.code).toBe('AGE_BELOW_MINIMUM_CRITERIA');
  });

  it('refuses a token the Graph API does not accept', async () => {
    const result = await call(app(), '/v1/user/auth/facebook', { body: { accessToken: 'unknown-token' } });
    expect(result.status).toBe(401);
    expect(result.body.code).toBe('SOCIAL_TOKEN_INVALID');
  });

  it('does not start in production mode without FACEBOOK_APP_SECRET (a token of any app would sign in)', () => {
    const production = env({ APOBOTE_MODE: 'production', FACEBOOK_APP_SECRET: '' });
    expect(() => accountsApp(testDb.db, testClock(), { env: production })).toThrow(/FACEBOOK_APP_SECRET/);
    // The same check that npm start makes before serving anything.
    expect(() => assertSocialConfig(production)).toThrow(/FACEBOOK_APP_SECRET/);
    expect(() => assertSocialConfig({ ...production, FACEBOOK_APP_ID: '' })).not.toThrow();
    expect(() => assertSocialConfig({ ...production, FACEBOOK_APP_SECRET: 'our-app-secret' })).not.toThrow();
  });

  it('in production, refuses an access token issued to another app', async () => {
    const production = app({ APOBOTE_MODE: 'production', FACEBOOK_APP_SECRET: 'our-app-secret' });
    issuer.registerFacebookToken('fb-other-app', { id: subject(), name: 'Olga Other', email: uniqueEmail('fb-other'), age_range: { min: 21 } }, { appSecret: 'another-apps-secret' });
    const foreign = await call(production, '/v1/user/auth/facebook', { body: { accessToken: 'fb-other-app' } });
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe('SOCIAL_TOKEN_INVALID');
    issuer.registerFacebookToken('fb-our-app', { id: subject(), name: 'Olaf Own', email: uniqueEmail('fb-own'), age_range: { min: 21 } }, { appSecret: 'our-app-secret' });
    expect((await call(production, '/v1/user/auth/facebook', { body: { accessToken: 'fb-our-app' } })).status).toBe(200);
  });
});
