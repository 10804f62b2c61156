import { describe, expect, it } from 'vitest';
import { distanceKm, isAssignedPostalCode, isPostalCode, localityMatches, normalizePostalCode, postalCodeInRange, roundKm } from '../../../src/platform/geocoding';

describe('postal codes (PLZ)', () => {
  it('are exactly five digits, leading zeros included', () => {
    expect(isPostalCode('01067')).toBe(true);
    expect(isPostalCode('10115')).toBe(true);
    for (const bad of ['1067', '101155', '1011a', ' 10115', '']) expect(isPostalCode(bad)).toBe(false);
  });

  it('the 00 zone was never assigned', () => {
    expect(isAssignedPostalCode('00123')).toBe(false);
    expect(isAssignedPostalCode('01067')).toBe(true);
  });

  it('only surrounding blanks are trimmed', () => {
    expect(normalizePostalCode(' 01067 ')).toBe('01067');
  });

  it('compare within a city range as numbers would', () => {
    expect(postalCodeInRange('10115', '10115', '14199')).toBe(true);
    expect(postalCodeInRange('14199', '10115', '14199')).toBe(true);
    expect(postalCodeInRange('09999', '10115', '14199')).toBe(false);
    expect(postalCodeInRange('1500', '10115', '14199')).toBe(false);
  });
});

describe('distanceKm', () => {
  it('is zero for one point and symmetric', () => {
    const berlin = { lat: 52.52, lng: 13.405 };
    const hamburg = { lat: 53.5511, lng: 9.9937 };
    expect(distanceKm(berlin, berlin)).toBe(0);
    expect(distanceKm(berlin, hamburg)).toBeCloseTo(distanceKm(hamburg, berlin), 9);
  });

  it('matches known city distances', () => {
    // Berlin–Hamburg centres ≈ 255 km, Berlin–München ≈ 504 km as the crow flies.
    expect(distanceKm({ lat: 52.52, lng: 13.405 }, { lat: 53.5511, lng: 9.9937 })).toBeGreaterThan(250);
    expect(distanceKm({ lat: 52.52, lng: 13.405 }, { lat: 53.5511, lng: 9.9937 })).toBeLessThan(260);
    expect(distanceKm({ lat: 52.52, lng: 13.405 }, { lat: 48.1374, lng: 11.5755 })).toBeCloseTo(504, -1);
  });

  it('rounds to 100 m for display', () => {
    expect(roundKm(1.2345)).toBe(1.2);
    expect(roundKm(0.05)).toBe(0.1);
  });
});

describe('localityMatches', () => {
  it('ignores case, umlaut spelling and accepts aliases and the leading word', () => {
    expect(localityMatches('münchen', 'München')).toBe(true);
    expect(localityMatches('Muenchen', 'München')).toBe(true);
    expect(localityMatches('Munich', 'München', ['Munich'])).toBe(true);
    expect(localityMatches('Frankfurt', 'Frankfurt am Main')).toBe(true);
    expect(localityMatches('Berlin-Mitte', 'Berlin')).toBe(true);
  });

  it('refuses another city and too-short prefixes', () => {
    expect(localityMatches('Hamburg', 'Berlin')).toBe(false);
    expect(localityMatches('Be', 'Berlin')).toBe(false);
    expect(localityMatches('', 'Berlin')).toBe(false);
  });
});
