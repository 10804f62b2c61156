import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay } from '../../../src/features/checkout/model/holidays';
import { isPublicHoliday, publicHolidays } from '../../../src/platform/time/holidays';
import { addDays, calendarDateAt, localDate, localTime, minutesOf, parseIsoDate, wallClock, weekdayOf, zonedInstant } from '../../../src/platform/time/wall-clock';

describe('Berlin calendar', () => {
  it('dates an instant on Berlin clocks, not UTC', () => {
    expect(localDate(new Date('2026-06-15T22:30:00Z'))).toBe('2026-06-16'); // 00:30 CEST
    expect(localDate(new Date('2026-01-15T22:30:00Z'))).toBe('2026-01-15'); // 23:30 CET
    expect(localTime(new Date('2026-06-15T22:30:00Z'))).toBe('00:30');
    expect(calendarDateAt(new Date('2025-12-31T23:30:00Z'))).toEqual({ year: 2026, month: 1, day: 1 });
  });

  it('gives date, weekday and minute of the day, midnight as minute 0 of the new day', () => {
    expect(wallClock(new Date('2026-06-16T08:00:00Z'))).toEqual({ date: '2026-06-16', weekday: 'tue', minutes: 10 * 60, seconds: 0 });
    expect(wallClock(new Date('2026-01-13T08:00:30Z'))).toEqual({ date: '2026-01-13', weekday: 'tue', minutes: 9 * 60, seconds: 30 });
    expect(wallClock(new Date('2026-06-15T22:00:00Z'))).toMatchObject({ date: '2026-06-16', weekday: 'tue', minutes: 0 });
    expect(wallClock(new Date('2026-06-16T08:00:00Z'), 'UTC')).toMatchObject({ weekday: 'tue', minutes: 8 * 60 });
  });

  it('follows both DST changes of 2026', () => {
    // 29 March: 01:59 CET, then 03:00 CEST one minute later; 25 October: 02:30 happens twice.
    expect(wallClock(new Date('2026-03-29T00:59:00Z'))).toMatchObject({ weekday: 'sun', minutes: 1 * 60 + 59 });
    expect(wallClock(new Date('2026-03-29T01:00:00Z'))).toMatchObject({ weekday: 'sun', minutes: 3 * 60 });
    expect(wallClock(new Date('2026-10-25T00:30:00Z')).minutes).toBe(2 * 60 + 30);
    expect(wallClock(new Date('2026-10-25T01:30:00Z')).minutes).toBe(2 * 60 + 30);
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

  it('parses real calendar dates and HH:MM times only', () => {
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-6-1')).toBeNull();
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('22:30')).toBe(1350);
    expect(minutesOf('24:00')).toBe(1440);
    expect(() => minutesOf('8:00')).toThrow();
  });
});

describe('German public holidays by federal state', () => {
  it('knows the nationwide holidays everywhere, also without a state', () => {
    expect(publicHolidays(2026, null)).toEqual([
      '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-05-14', '2026-05-25', '2026-10-03', '2026-12-25', '2026-12-26',
    ]);
    for (const state of ['BE', 'BY', 'HH', 'NW', 'HE'] as const) expect(isPublicHoliday('2026-12-25', state), state).toBe(true);
    expect(isPublicHoliday('2026-12-24', 'BE')).toBe(false);
  });

  it('knows the regional ones only where they apply', () => {
    // Corpus Christi (4 June 2026): Bavaria, North Rhine-Westphalia, Hesse; not Berlin or Hamburg.
    expect(['BY', 'NW', 'HE', 'BE', 'HH'].map((state) => isPublicHoliday('2026-06-04', state as never))).toEqual([true, true, true, false, false]);
    // International Women's Day is a holiday in Berlin since 2019; Reformation Day in Hamburg since 2018.
    expect(isPublicHoliday('2026-03-08', 'BE')).toBe(true);
    expect(isPublicHoliday('2026-03-08', 'BY')).toBe(false);
    expect(isPublicHoliday('2026-10-31', 'HH')).toBe(true);
    expect(isPublicHoliday('2026-10-31', 'NW')).toBe(false);
    expect(isPublicHoliday('2026-06-04', null)).toBe(false);
  });
});

describe('parcel business days', () => {
  it('counts Monday to Saturday as business days, except holidays', () => {
    expect(isBusinessDay('2026-06-13')).toBe(true); // Saturday
    expect(isBusinessDay('2026-06-14')).toBe(false); // Sunday
    expect(isBusinessDay('2026-10-03')).toBe(false); // Saturday, German Unity Day
    expect(isBusinessDay('2026-06-04', 'BY')).toBe(false); // Corpus Christi in Bavaria
    expect(isBusinessDay('2026-06-04', 'BE')).toBe(true);
  });

  it('adds business days skipping Sundays and the holidays of the state', () => {
    expect(addBusinessDays('2026-06-12', 1)).toBe('2026-06-13'); // Fri → Sat
    expect(addBusinessDays('2026-06-12', 3)).toBe('2026-06-16'); // Sunday skipped
    expect(addBusinessDays('2026-04-02', 1)).toBe('2026-04-04'); // Good Friday skipped
    expect(addBusinessDays('2026-04-02', 2)).toBe('2026-04-07'); // Easter Sunday and Monday skipped
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addBusinessDays('2026-06-03', 1, 'BY')).toBe('2026-06-05');
    expect(addBusinessDays('2026-06-03', 1, 'BE')).toBe('2026-06-04');
  });
});
