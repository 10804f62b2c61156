import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from '../../../src/features/accounts/model/email';

describe('e-mail rules', () => {
  it('normalises by trimming and lower-casing', () => {
    expect(normalizeEmail('  Erika.Muster@Example.DE ')).toBe('erika.muster@example.de');
  });

  it.each(['erika@example.de', 'erika.muster@mail.example.com', 'e_m-1@sub-domain.example.org', 'a@b.io'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    'erika+shop@example.de',
    'erika',
    'erika@',
    '@example.de',
    'erika@example',
    'erika@@example.de',
    'er ika@example.de',
    '.erika@example.de',
    'erika.@example.de',
    'eri..ka@example.de',
    'erika@-example.de',
    'erika@example.d',
    'erika@example.123',
    "o'brien@example.de",
    'érika@example.de',
    `${'a'.repeat(65)}@example.de`,
  ])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
