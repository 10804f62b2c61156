import { describe, expect, it } from 'vitest';
import { isOpenAt, minutesOf, wallTime, type WeeklyHours } from '../../../src/features/pharmacies/model/opening-hours';

const everyDay = (opens: string, closes: string): WeeklyHours =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ opens, closes }]]));

describe('wallTime', () => {
  it('converts to Berlin time whatever the process time zone', () => {
    expect(wallTime(new Date('2026-06-16T08:00:00Z'))).toEqual({ day: 'tue', minutes: 10 * 60 });
    expect(wallTime(new Date('2026-01-13T08:00:00Z'))).toEqual({ day: 'tue', minutes: 9 * 60 });
  });

  it('reports midnight as minute 0 of the new day', () => {
    expect(wallTime(new Date('2026-06-15T22:00:00Z'))).toEqual({ day: 'tue', minutes: 0 });
  });

  it('follows both DST changes of 2026', () => {
    // 29 March: 01:59 CET, then 03:00 CEST one minute later.
    expect(wallTime(new Date('2026-03-29T00:59:00Z'))).toEqual({ day: 'sun', minutes: 1 * 60 + 59 });
    expect(wallTime(new Date('2026-03-29T01:00:00Z'))).toEqual({ day: 'sun', minutes: 3 * 60 });
    // 25 October: 02:30 happens twice.
    expect(wallTime(new Date('2026-10-25T00:30:00Z')).minutes).toBe(2 * 60 + 30);
    expect(wallTime(new Date('2026-10-25T01:30:00Z')).minutes).toBe(2 * 60 + 30);
  });

  it('can use another zone', () => {
    expect(wallTime(new Date('2026-06-16T08:00:00Z'), 'UTC')).toEqual({ day: 'tue', minutes: 8 * 60 });
  });
});

describe('minutesOf', () => {
  it('parses HH:MM and refuses anything else', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('22:30')).toBe(1350);
    expect(minutesOf('24:00')).toBe(1440);
    expect(() => minutesOf('8:00')).toThrow();
  });
});

describe('isOpenAt', () => {
  const hours = everyDay('08:00', '22:00');

  it('opens at the opening minute and closes at the closing minute', () => {
    expect(isOpenAt(hours, new Date('2026-06-16T05:59:00Z'))).toBe(false); // 07:59
    expect(isOpenAt(hours, new Date('2026-06-16T06:00:00Z'))).toBe(true); // 08:00
    expect(isOpenAt(hours, new Date('2026-06-16T19:59:59Z'))).toBe(true); // 21:59:59
    expect(isOpenAt(hours, new Date('2026-06-16T20:00:00Z'))).toBe(false); // 22:00
  });

  it('treats a missing or empty day as closed', () => {
    const weekdays: WeeklyHours = { mon: [{ opens: '08:00', closes: '18:00' }], sun: [] };
    expect(isOpenAt(weekdays, new Date('2026-06-15T10:00:00Z'))).toBe(true); // Monday 12:00
    expect(isOpenAt(weekdays, new Date('2026-06-14T10:00:00Z'))).toBe(false); // Sunday 12:00
    expect(isOpenAt(weekdays, new Date('2026-06-16T10:00:00Z'))).toBe(false); // Tuesday, not listed
  });

  it('supports several intervals a day (lunch break)', () => {
    const split: WeeklyHours = { tue: [{ opens: '08:00', closes: '13:00' }, { opens: '14:00', closes: '18:30' }] };
    expect(isOpenAt(split, new Date('2026-06-16T10:59:00Z'))).toBe(true); // 12:59
    expect(isOpenAt(split, new Date('2026-06-16T11:30:00Z'))).toBe(false); // 13:30
    expect(isOpenAt(split, new Date('2026-06-16T12:00:00Z'))).toBe(true); // 14:00
  });

  it('runs an interval closing after midnight into the next day, even from Sunday to Monday', () => {
    const night: WeeklyHours = { sun: [{ opens: '20:00', closes: '02:00' }] };
    expect(isOpenAt(night, new Date('2026-06-14T21:00:00Z'))).toBe(true); // Sunday 23:00
    expect(isOpenAt(night, new Date('2026-06-14T23:30:00Z'))).toBe(true); // Monday 01:30
    expect(isOpenAt(night, new Date('2026-06-15T00:00:00Z'))).toBe(false); // Monday 02:00
    expect(isOpenAt(night, new Date('2026-06-13T23:30:00Z'))).toBe(false); // Sunday 01:30: Saturday had no night
  });

  it('treats "24:00" as the end of the day and equal times as round the clock', () => {
    expect(isOpenAt(everyDay('08:00', '24:00'), new Date('2026-06-16T21:59:00Z'))).toBe(true); // 23:59
    expect(isOpenAt(everyDay('08:00', '24:00'), new Date('2026-06-16T22:00:00Z'))).toBe(false); // 00:00
    expect(isOpenAt(everyDay('00:00', '00:00'), new Date('2026-06-16T01:00:00Z'))).toBe(true);
  });

  it('is unaffected by the DST jump on 29 March 2026', () => {
    // 22:00 CEST that Sunday is 20:00 UTC; the same UTC minute a day earlier is 21:00 CET.
    expect(isOpenAt(hours, new Date('2026-03-29T20:00:00Z'))).toBe(false);
    expect(isOpenAt(hours, new Date('2026-03-28T20:00:00Z'))).toBe(true);
  });
});
