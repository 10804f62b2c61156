import { describe, expect, it } from 'vitest';
import { apportion, percentOfCents } from '../../../src/platform/money';

describe('percentOfCents', () => {
  it('rounds half up to a cent', () => {
    expect(percentOfCents(125, 10)).toBe(13); // 12.5 ct
    expect(percentOfCents(124, 10)).toBe(12); // 12.4 ct
    expect(percentOfCents(2999, 10)).toBe(300); // 299.9 ct
    expect(percentOfCents(1230, 15)).toBe(185); // 184.5 ct
  });

  it('covers 0 and 100 %', () => {
    expect(percentOfCents(4321, 0)).toBe(0);
    expect(percentOfCents(4321, 100)).toBe(4321);
  });

  it('refuses fractional cents or percentages outside 0–100', () => {
    expect(() => percentOfCents(10.5, 10)).toThrow(RangeError);
    expect(() => percentOfCents(100, 101)).toThrow(RangeError);
    expect(() => percentOfCents(100, 12.5)).toThrow(RangeError);
  });
});

describe('apportion', () => {
  it('splits in proportion and gives the leftover cent to the largest remainder', () => {
    // 1000 over 2000 : 1000 → 666.67 and 333.33: the first has the larger remainder.
    expect(apportion(1000, [2000, 1000])).toEqual([667, 333]);
    expect(apportion(1000, [1070, 2000])).toEqual([349, 651]);
  });

  it('breaks ties in favour of the earlier part', () => {
    expect(apportion(1, [1, 1])).toEqual([1, 0]);
    expect(apportion(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it('always adds up exactly and never exceeds a weight', () => {
    const cases: [number, number[]][] = [
      [997, [333, 333, 334]],
      [1, [5000, 1, 1]],
      [1234, [599, 1299, 45, 2000]],
      [3000, [1000, 1000, 1000]],
    ];
    for (const [amount, weights] of cases) {
      const parts = apportion(amount, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
      parts.forEach((part, index) => expect(part).toBeLessThanOrEqual(weights[index]!));
    }
  });

  it('handles nothing to split and refuses more than the weights hold', () => {
    expect(apportion(0, [100, 200])).toEqual([0, 0]);
    expect(apportion(0, [])).toEqual([]);
    expect(() => apportion(301, [100, 200])).toThrow(RangeError);
  });
});
