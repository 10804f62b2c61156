import { describe, expect, it } from 'vitest';
import { ageOn, checkBirthDate } from '../../../src/features/accounts/model/age';
import { calendarDateAt, parseIsoDate } from '../../../src/platform/time/wall-clock';

const date = (value: string) => parseIsoDate(value)!;

describe('ageOn (Europe/Berlin calendar)', () => {
  it('counts the birthday itself', () => {
    expect(ageOn(date('2008-06-16'), new Date('2026-06-16T08:00:00Z'))).toBe(18);
    expect(ageOn(date('2008-06-17'), new Date('2026-06-16T08:00:00Z'))).toBe(17);
  });

  it('uses the date in Berlin, not UTC', () => {
    // 22:30 UTC on 16 June is 00:30 on 17 June in Berlin (CEST).
    expect(calendarDateAt(new Date('2026-06-16T22:30:00Z'))).toEqual({ year: 2026, month: 6, day: 17 });
    expect(ageOn(date('2008-06-17'), new Date('2026-06-16T22:30:00Z'))).toBe(18);
    // Winter time: 23:30 UTC on 31 December is already New Year in Berlin.
    expect(ageOn(date('2008-01-01'), new Date('2025-12-31T23:30:00Z'))).toBe(18);
    expect(ageOn(date('2008-01-01'), new Date('2025-12-31T22:30:00Z'))).toBe(17);
  });

  it('lets someone born on 29 February come of age on 1 March in other years', () => {
    expect(ageOn(date('2008-02-29'), new Date('2026-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn(date('2008-02-29'), new Date('2026-03-01T12:00:00Z'))).toBe(18);
  });
});

describe('checkBirthDate', () => {
  const now = new Date('2026-06-16T08:00:00Z');
  it('accepts adults and refuses minors, impossible and future dates', () => {
    expect(checkBirthDate('1990-05-15', now).ok).toBe(true);
    expect(checkBirthDate('2010-01-01', now)).toEqual({ ok: false, code: 'AGE_BELOW_MINIMUM_CRITERIA' });
    for (const value of ['1990-02-30', '1990-13-01', '90-05-15', '2027-01-01', '1800-01-01', '']) {
      expect(checkBirthDate(value, now)).toEqual({ ok: false, code: 'BAD_REQUEST' });
    }
  });
});
