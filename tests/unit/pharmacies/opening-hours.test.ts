import { describe, expect, it } from 'vitest';
import { intervalsOn, isOpenAt, withHolidays, type WeeklyHours } from '../../../src/features/pharmacies/model/opening-hours';

const everyDay = (opens: string, closes: string): WeeklyHours =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ opens, closes }]]));

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

describe('public holidays', () => {
  const berlin = withHolidays(everyDay('08:00', '22:00'), 'BE');
  const munich = withHolidays(everyDay('08:00', '22:00'), 'BY');

  it('closes on Christmas Day, also when no state is known', () => {
    expect(isOpenAt(berlin, new Date('2026-12-25T10:00:00Z'))).toBe(false); // Friday 11:00
    expect(isOpenAt(everyDay('08:00', '22:00'), new Date('2026-12-25T10:00:00Z'))).toBe(false);
    expect(isOpenAt(berlin, new Date('2026-12-24T10:00:00Z'))).toBe(true); // Christmas Eve is a working day
    expect(intervalsOn(berlin, '2026-12-25')).toEqual([]);
    expect(intervalsOn(berlin, '2026-12-24')).toEqual([{ opens: '08:00', closes: '22:00' }]);
  });

  it('closes only in the states that keep a regional holiday', () => {
    // Corpus Christi, Thursday 4 June 2026, 12:00: Bavaria rests, Berlin works.
    expect(isOpenAt(munich, new Date('2026-06-04T10:00:00Z'))).toBe(false);
    expect(isOpenAt(berlin, new Date('2026-06-04T10:00:00Z'))).toBe(true);
    // International Women's Day, Sunday 8 March 2026 in Berlin only.
    expect(isOpenAt(berlin, new Date('2026-03-08T11:00:00Z'))).toBe(false);
    expect(isOpenAt(munich, new Date('2026-03-08T11:00:00Z'))).toBe(true);
  });

  it('lets a night service begun on the eve run into the holiday, and begins none on it', () => {
    const night = withHolidays({ thu: [{ opens: '20:00', closes: '02:00' }], fri: [{ opens: '20:00', closes: '02:00' }] }, 'BE');
    expect(isOpenAt(night, new Date('2026-12-25T00:30:00Z'))).toBe(true); // Friday 25 Dec 01:30, from Thursday
    expect(isOpenAt(night, new Date('2026-12-25T19:30:00Z'))).toBe(false); // Friday 25 Dec 20:30
    expect(isOpenAt(night, new Date('2026-12-26T00:30:00Z'))).toBe(false); // Saturday 01:30: Friday's night never began
  });
});
