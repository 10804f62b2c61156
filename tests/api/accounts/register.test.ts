import { describe, expect, it } from 'vitest';
import { accountsApp, call, latestCode, outboxFor, PASSWORD, registration, testClock, uniqueEmail, useTestDb } from './harness';

const testDb = useTestDb();
// 2026-06-16 10:00 in Berlin.
const clock = testClock('2026-06-16T08:00:00Z');
const app = () => accountsApp(testDb.db, clock);

describe('POST /api/v1/user/register', () => {
  it('creates the account, logs it in and mails a verification code', async () => {
    const email = uniqueEmail('new');
    const result = await call<{ token: string; expiresAt: string; user: Record<string, unknown> }>(app(), '/v1/user/register', {
      body: registration(`  ${email.toUpperCase()} `),
    });
    expect(result.status).toBe(201);
    expect(result.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.body.user).toMatchObject({
      email,
      firstName: 'Erika',
      lastName: 'Muster',
      birthDate: '1990-05-15',
      emailVerified: false,
      role: 'customer',
      account: { email },
      hasPassword: true,
      emailPreferences: { transactional: true, marketing: false, feedbackAndSurveys: false },
    });
    expect(JSON.stringify(result.body)).not.toMatch(/scrypt|passwordHash/);
    // Default token lifetime: 30 days.
    expect(new Date(result.body.expiresAt).getTime() - clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
    const [mail] = await outboxFor(app(), email);
    expect(mail?.subject).toBe('Your Apobote verification code');
    expect(await latestCode(app(), email)).toMatch(/^\d{6}$/);
  });

  it('answers MISSING_PARAMS with the registration text, naming each missing field', async () => {
    const result = await call(app(), '/v1/user/register', { body: { email: uniqueEmail(), firstName: '', password: PASSWORD } });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('MISSING_PARAMS');
    expect(result.body.message).toBe('First name, e-mail, date of birth, password and password confirmation are required.');
    expect(result.body.fields).toMatchObject({ firstName: 'MISSING_PARAMS', birthDate: 'MISSING_PARAMS', confirmPassword: 'MISSING_PARAMS' });
  });

  it('answers MISSING_PARAMS for an empty body, and 415 BAD_REQUEST for a body that is not JSON', async () => {
    expect((await call(app(), '/v1/user/register', { body: {} })).body.code).toBe('MISSING_PARAMS');
    const response = await app().request('/api/v1/user/register', { method: 'POST', body: 'firstName=x' });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { code: string }).code).toBe('BAD_REQUEST');
  });

  it('answers BAD_REQUEST for malformed JSON and wrong types', async () => {
    const response = await app().request('/api/v1/user/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('BAD_REQUEST');
    expect((await call(app(), '/v1/user/register', { body: registration(uniqueEmail(), { password: 12345678 }) })).body.code).toBe('BAD_REQUEST');
  });

  it('refuses a first name over 100 characters with VALUE_TOO_LONG on that field, not a generic error', async () => {
    const result = await call(app(), '/v1/user/register', { body: registration(uniqueEmail(), { firstName: 'É'.repeat(101) }) });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'VALUE_TOO_LONG', fields: { firstName: 'VALUE_TOO_LONG' } });
    expect(result.body.message).toContain('100');
  });

  it.each([['anna+shop@example.de'], ['not-an-email'], ['anna@localhost'], ['anna..b@example.de'], ['anna@exa_mple.de']])('refuses %s with INVALID_EMAIL', async (email) => {
    const result = await call(app(), '/v1/user/register', { body: registration(email) });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('INVALID_EMAIL');
    expect(result.body.fields).toEqual({ email: 'INVALID_EMAIL' });
  });

  it('refuses a password under 8 characters with INVALID_PASSWORD_LENGTH', async () => {
    const result = await call(app(), '/v1/user/register', { body: registration(uniqueEmail(), { password: 'short12', confirmPassword: 'short12' }) });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'INVALID_PASSWORD_LENGTH', message: 'The password must be at least 8 characters long.' });
  });

  it('accepts exactly 8 characters', async () => {
    const result = await call(app(), '/v1/user/register', { body: registration(uniqueEmail(), { password: '12345678', confirmPassword: '12345678' }) });
    expect(result.status).toBe(201);
  });

  it('refuses a different confirmation with PASSWORD_MISMATCH', async () => {
    const result = await call(app(), '/v1/user/register', { body: registration(uniqueEmail(), { confirmPassword: `${PASSWORD}x` }) });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'PASSWORD_MISMATCH', message: 'Passwords do not match.', fields: { confirmPassword: 'PASSWORD_MISMATCH' } });
  });

  it('counts the 18th birthday in Berlin: 18 today is accepted, 18 tomorrow is refused', async () => {
    // 2026-06-16T22:30Z is already 17 June in Berlin.
    const lateEvening = testClock('2026-06-16T22:30:00Z');
    const lateApp = accountsApp(testDb.db, lateEvening);
    expect((await call(lateApp, '/v1/user/register', { body: registration(uniqueEmail(), { birthDate: '2008-06-17' }) })).status).toBe(201);
    const refused = await call(lateApp, '/v1/user/register', { body: registration(uniqueEmail(), { birthDate: '2008-06-18' }) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'AGE_BELOW_MINIMUM_CRITERIA', fields: { birthDate: 'AGE_BELOW_MINIMUM_CRITERIA' } });
  });

  it('refuses an impossible birth date with BAD_REQUEST', async () => {
    for (const birthDate of ['1990-02-30', '15.05.1990', '2030-01-01']) {
      const result = await call(app(), '/v1/user/register', { body: registration(uniqueEmail(), { birthDate }) });
      expect(result.body).toMatchObject({ code: 'BAD_REQUEST', fields: { birthDate: 'BAD_REQUEST' } });
    }
  });

  it('refuses an e-mail that is already used, ignoring case and spaces (DUPLICATE_EMAIL)', async () => {
    const email = uniqueEmail('dup');
    expect((await call(app(), '/v1/user/register', { body: registration(email) })).status).toBe(201);
    const again = await call(app(), '/v1/user/register', { body: registration(` ${email.toUpperCase()}`) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE_EMAIL', message: 'This e-mail address is already used by another user.' });
  });

  it('answers in German with Accept-Language: de, and mails in German', async () => {
    const refused = await call(app(), '/v1/user/register', { body: { firstName: 'A' }, lang: 'de' });
    expect(refused.body.message).toBe('Vorname, E-Mail, Geburtsdatum, Passwort und Passwortbestätigung sind erforderlich.');
    const email = uniqueEmail('de');
    const created = await call<{ user: { meta: { locale: string } } }>(app(), '/v1/user/register', { body: registration(email), lang: 'de' });
    expect(created.body.user.meta.locale).toBe('de');
    const [mail] = await outboxFor(app(), email);
    expect(mail?.subject).toBe('Ihr Apobote-Bestätigungscode');
    expect(mail?.text).toContain('Hallo Erika,');
    const mismatch = await call(app(), '/v1/user/register', { body: registration(uniqueEmail(), { confirmPassword: 'x'.repeat(9) }), lang: 'de' });
    expect(mismatch.body.message).toBe('Die Passwörter stimmen nicht überein.');
  });

  it('stores marketing and survey consent with the registration', async () => {
    const created = await call<{ user: { emailPreferences: Record<string, boolean> } }>(app(), '/v1/user/register', {
      body: registration(uniqueEmail(), { marketing: true, feedbackAndSurveys: true }),
    });
    expect(created.body.user.emailPreferences).toEqual({ transactional: true, marketing: true, feedbackAndSurveys: true });
  });
});
