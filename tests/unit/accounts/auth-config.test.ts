import { describe, expect, it } from 'vitest';
import { assertAuthConfig, parseDuration } from '../../../src/platform/auth';

describe('parseDuration (AUTH_TOKEN_TTL)', () => {
  it('reads seconds and s/m/h/d suffixes', () => {
    expect(parseDuration('3600')).toBe(3600);
    expect(parseDuration('15m')).toBe(900);
    expect(parseDuration('12h')).toBe(43_200);
    expect(parseDuration('30d')).toBe(2_592_000);
    expect(parseDuration('0')).toBeNull();
    expect(parseDuration('soon')).toBeNull();
  });
});

describe('assertAuthConfig (start-up check)', () => {
  it('needs no secret in production mode, only a readable token lifetime', () => {
    expect(assertAuthConfig({ APOBOTE_MODE: 'production' })).toEqual({ ttlSeconds: 30 * 24 * 3600 });
    expect(() => assertAuthConfig({ APOBOTE_MODE: 'production', AUTH_TOKEN_TTL: 'soon' })).toThrow(/AUTH_TOKEN_TTL/);
  });
});
