import { describe, expect, it } from 'vitest';
import { isValidHouseNumber, normalizeHouseNumber } from '../../../src/platform/geocoding/house-number';

describe('isValidHouseNumber', () => {
  it.each(['12', '12a', '12 A', '12-14', '12a-14d', '7 1/2', '3/1', '1', '9999', '12 - 14', '  12a  ', '12a-12c', '3a/1'])('accepts %j', (value) => {
    expect(isValidHouseNumber(value)).toBe(true);
  });

  it.each(['', '   ', 'a', '12ab', '0', '012', '12345', '14-12', '12-12', '12c-12a', '12--14', '12/', '7 1/3', 'Nr. 12', '12, 14', 'Straße 12'])('refuses %j', (value) => {
    expect(isValidHouseNumber(value)).toBe(false);
  });

  it('refuses anything longer than the field allows', () => {
    expect(isValidHouseNumber(`1${' '.repeat(30)}2`)).toBe(false);
  });
});

describe('normalizeHouseNumber', () => {
  it('trims, collapses blanks and tightens a range’s hyphen, keeping letters as typed', () => {
    expect(normalizeHouseNumber('  12   A ')).toBe('12 A');
    expect(normalizeHouseNumber('12a - 14d')).toBe('12a-14d');
    expect(normalizeHouseNumber('7  1/2')).toBe('7 1/2');
  });
});
