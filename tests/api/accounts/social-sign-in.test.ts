import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const idToken = issuer.mintIdToken({ sub, aud: GOOGLE_ID, email, email_verified: true, given_name: 'Gina', family_name: 'Gold' });
    const needsBirthDate = await call(app(), '/v1/user/auth/google', { body: { idToken } });
    expect(needsBirthDate.body).toMatchObject({ code: 'MISSING_PARAMS', fields: { birthDate: 'MISSING_PARAMS' } });
    const minor = await call(app(), '/v1/user/auth/google', { body: { idToken, birthDate: '2012-01-01' } });
    expect(minor.body.code).toBe('AGE_BELOW_MINIMUM_CRITERIA');
    const created = await call<{ created: boolean; token: string; user: Record<string, unknown> }>(app(), '/v1/user/auth/google', { body: { idToken, birthDate: '1985-03-03' } });
    expect(created.status).toBe(200);
    expect(created.body.created).toBe(true);
    expect(created.body.user).toMatchObject({ email, emailVerified: true, firstName: 'Gina', lastName: 'Gold', hasPassword: false });
    const again = await call<{ created: boolean; user: { id: string } }>(app(), '/v1/user/auth/google', {
      body: { idToken: issuer.mintIdToken({ sub, aud: GOOGLE_ID, email, email_verified: true }) },
    });
    expect(again.body.created).toBe(false);
    expect(again.body.user.id).toBe((created.body.user as { id: string }).id);
  });

  it('links to the existing account with the same verified e-mail', async () => {
    const { email, user } = await registerUser(app());
    const idToken = issuer.mintIdToken({ sub: subject(), aud: APPLE_ID, email: email.toUpperCase(), email_verified: 'true' });
    const linked = await call<{ created: boolean; user: { id: string; emailVerified: boolean } }>(app(), '/v1/user/auth/apple', { body: { idToken } });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ created: false, user: { id: user.id, emailVerified: true } });
    // The password keeps working too.
    expect((await call(app(), '/v1/user/login', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('does not link by an e-mail the provider has not verified', async () => {
    const { email } = await registerUser(app());
    const idToken = issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, email, email_verified: false });
    expect((await call(app(), '/v1/user/auth/google', { body: { idToken, birthDate: '1980-01-01' } })).body.code).toBe('DUPLICATE_EMAIL');
  });

  it.each([
    ['a wrong audience', () => issuer.mintIdToken({ sub: subject(), aud: 'someone-else' })],
    ['a wrong issuer', () => issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, iss: 'https://evil.example' })],
    ['an expired token', () => issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['a bad signature', () => issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID }, { rogueKey: true })],
    ['an unknown key id', () => issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID }, { kid: 'other-key' })],
    ['an Apple token sent to Google', () => issuer.mintIdToken({ sub: subject(), aud: APPLE_ID })],
    ['garbage', () => 'not.a.jwt'],
  ])('refuses %s with SOCIAL_TOKEN_INVALID', async (_label, token) => {
    const result = await call(app(), '/v1/user/auth/google', { body: { idToken: token(), birthDate: '1980-01-01' } });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', message: 'Something went wrong, please try again later.' });
  });

  it('answers 502 GENERIC_ERROR when the provider keys cannot be fetched', async () => {
    const down = app({ GOOGLE_JWKS_URL: 'http://127.0.0.1:1/jwks' });
    const result = await call(down, '/v1/user/auth/google', { body: { idToken: issuer.mintIdToken({ sub: subject(), aud: GOOGLE_ID }) } });
    expect(result.status).toBe(502);
    expect(result.body.code).toBe('GENERIC_ERROR');
  });
});

describe('POST /api/v1/user/auth/facebook', () => {
  it('reads the profile from the Graph API; an adult age range needs no birth date', async () => {
    const email = uniqueEmail('fb');
    issuer.registerFacebookToken('fb-adult', { id: subject(), name: 'Frank Fisch', first_name: 'Frank', last_name: 'Fisch', email, age_range: { min: 21 } });
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
});
