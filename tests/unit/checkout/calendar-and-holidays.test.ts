import { describe, expect, it } from 'vitest';
import { addDays, localDate, localTime, weekdayOf, zonedInstant } from '../../../src/features/checkout/model/calendar';
import { addBusinessDays, easterSunday, isBusinessDay, nationalHolidays } from '../../../src/features/checkout/model/holidays';

describe('Berlin calendar', () => {
  it('dates an instant on Berlin clocks, not UTC', () => {
    expect(localDate(new Date('2026-06-15T22:30:00Z'))).toBe('2026-06-16'); // 00:30 CEST
    expect(localDate(new Date('2026-01-15T22:30:00Z'))).toBe('2026-01-15'); // 23:30 CET
    expect(localTime(new Date('2026-06-15T22:30:00Z'))).toBe('00:30');
  });

  it('turns wall-clock times into instants in summer and winter', () => {
    expect(zonedInstant('2026-06-16', 10 * 60)?.toISOString()).toBe('2026-06-16T08:00:00.000Z');
    expect(zonedInstant('2026-01-13', 9 * 60)?.toISOString()).toBe('2026-01-13T08:00:00.000Z');
    // Minutes past 24:00 are the next day.
    expect(zonedInstant('2026-06-16', 25 * 60)?.toISOString()).toBe('2026-06-16T23:00:00.000Z');
  });

  it('has no 02:30 on 29 March 2026 and takes the first 02:30 on 25 October 2026', () => {
    expect(zonedInstant('2026-03-29', 150)).toBeNull();
    expect(zonedInstant('2026-03-29', 180)?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedInstant('2026-03-29', 119)?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(zonedInstant('2026-10-25', 150)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-10-25', 180)?.toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-03-29')).toBe('sun');
    expect(weekdayOf('2026-06-16')).toBe('tue');
  });
});

describe('German national holidays', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });

  it('lists the nine nationwide holidays of 2026 and 2027', () => {
    expect(nationalHolidays(2026)).toEqual([
      '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-05-14', '2026-05-25', '2026-10-03', '2026-12-25', '2026-12-26',
    ]);
    expect(nationalHolidays(2027)).toEqual([
      '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-01', '2027-05-06', '2027-05-17', '2027-10-03', '2027-12-25', '2027-12-26',
    ]);
  });

  it('counts Monday to Saturday as business days, except holidays', () => {
    expect(isBusinessDay('2026-06-13')).toBe(true); // Saturday
    expect(isBusinessDay('2026-06-14')).toBe(false); // Sunday
    expect(isBusinessDay('2026-10-03')).toBe(false); // Saturday, German Unity Day
  });

  it('adds business days skipping Sundays and holidays', () => {
    expect(addBusinessDays('2026-06-12', 1)).toBe('2026-06-13'); // Fri → Sat
    expect(addBusinessDays('2026-06-12', 3)).toBe('2026-06-16'); // Sunday skipped
    expect(addBusinessDays('2026-04-02', 1)).toBe('2026-04-04'); // Good Friday skipped
    expect(addBusinessDays('2026-04-02', 2)).toBe('2026-04-07'); // Easter Sunday and Monday skipped
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
  });
});
