import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestLocale, validationErrorCode } from '../../../src/platform/http/app';
import { errorMessages, normalizeErrorCode } from '../../../src/platform/http/error-codes';

const Login = z.object({ email: z.email(), password: z.string().min(8), profile: z.object({ name: z.string().min(1) }).optional() });

function codeFor(input: unknown) {
  const result = Login.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return validationErrorCode(result.error, input);
}

describe('validationErrorCode', () => {
  it('calls an absent, null or blank field MISSING_PARAMS', () => {
    expect(codeFor({ password: 'secret123' })).toBe('MISSING_PARAMS');
    expect(codeFor({ email: null, password: 'secret123' })).toBe('MISSING_PARAMS');
    expect(codeFor({ email: '   ', password: 'secret123' })).toBe('MISSING_PARAMS');
    expect(codeFor({})).toBe('MISSING_PARAMS');
  });

  it('calls a present but wrong value BAD_REQUEST', () => {
    expect(codeFor({ email: 'not-an-email', password: 'secret123' })).toBe('BAD_REQUEST');
    expect(codeFor({ email: 'a@example.org', password: 'short' })).toBe('BAD_REQUEST');
    expect(codeFor({ email: 'a@example.org', password: 42 })).toBe('BAD_REQUEST');
  });

  it('looks up nested paths, and a missing parent counts as missing', () => {
    expect(codeFor({ email: 'a@example.org', password: 'secret123', profile: { name: '' } })).toBe('MISSING_PARAMS');
    expect(codeFor({ email: 'a@example.org', password: 'secret123', profile: 'x' })).toBe('BAD_REQUEST');
  });

  it('a non-object body is missing everything', () => {
    expect(codeFor(null)).toBe('MISSING_PARAMS');
  });
});

describe('requestLocale', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name.toLowerCase()];

  it('prefers ?lang=, then X-Locale, then Accept-Language', () => {
    expect(requestLocale('http://x/api/a?lang=de', headers({ 'accept-language': 'en' }))).toBe('de');
    expect(requestLocale('http://x/api/a', headers({ 'x-locale': 'de', 'accept-language': 'en' }))).toBe('de');
    expect(requestLocale('http://x/api/a', headers({ 'accept-language': 'fr-FR, de;q=0.8, en;q=0.5' }))).toBe('de');
  });

  it('ignores unsupported values and falls back to English', () => {
    expect(requestLocale('http://x/api/a?lang=fr', headers({}))).toBe('en');
    expect(requestLocale('http://x/api/a', headers({ 'x-locale': 'xx', 'accept-language': 'fr' }))).toBe('en');
    expect(requestLocale('http://x/api/a', headers({}))).toBe('en');
  });
});

describe('normalizeErrorCode', () => {
  it('keeps known codes and maps anything else to GENERIC_ERROR (spec §8)', () => {
    expect(normalizeErrorCode('NOT_FOUND')).toBe('NOT_FOUND');
    expect(normalizeErrorCode('SOMETHING_NEW')).toBe('GENERIC_ERROR');
    expect(normalizeErrorCode(undefined)).toBe('GENERIC_ERROR');
    expect(normalizeErrorCode(404)).toBe('GENERIC_ERROR');
    // Inherited object keys are not codes.
    expect(normalizeErrorCode('toString')).toBe('GENERIC_ERROR');
  });

  it('every code has a non-empty English and German message', () => {
    for (const code of Object.keys(errorMessages.en) as (keyof typeof errorMessages.en)[]) {
      expect(errorMessages.en[code].trim()).not.toBe('');
      expect(errorMessages.de[code].trim()).not.toBe('');
    }
  });
});
