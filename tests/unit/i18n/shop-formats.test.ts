import { describe, expect, it } from 'vitest';
import { formatNumber, formatShopDate } from '../../../src/platform/i18n/format';
import { formatShopDateTime, formatShopDay, formatShopTime } from '../../../src/platform/i18n/shop-time-format';
import { berlinOffsetMinutes } from '../../../src/platform/time/berlin-offset';

// The browser writes the shop's numbers, dates and times without Intl (its first formatter loads
// ICU data and blocks a phone's first render); these hold that text to what ICU writes.
const ICU_LOCALE = { en: 'en-DE', de: 'de-DE' } as const;
const HOUR = 3_600_000;

describe("Berlin's offset without Intl", () => {
  it('matches ICU zone data every hour of 2024 to 2032, and minute by minute around each change', () => {
    const icu = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });
    const icuOffset = (ms: number) => {
      const name = icu.formatToParts(ms).find((part) => part.type === 'timeZoneName')!.value; // "GMT+01:00"
      return Number(name.slice(4, 6)) * 60;
    };
    const start = Date.UTC(2024, 0, 1);
    for (let ms = start; ms < Date.UTC(2033, 0, 1); ms += HOUR) expect(berlinOffsetMinutes(ms), new Date(ms).toISOString()).toBe(icuOffset(ms));
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (let ms = change - 2 * 60_000; ms <= change + 2 * 60_000; ms += 60_000) expect(berlinOffsetMinutes(ms)).toBe(icuOffset(ms));
    }
  });
});

describe('shop dates and times', () => {
  it('writes what ICU writes for en-DE and de-DE, on Berlin clocks', () => {
    for (const locale of ['en', 'de'] as const) {
      const zoned = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(ICU_LOCALE[locale], { ...options, timeZone: 'Europe/Berlin' });
      const dateTime = zoned({ dateStyle: 'medium', timeStyle: 'short' });
      const time = zoned({ hour: '2-digit', minute: '2-digit' });
      const day = zoned({ weekday: 'short', day: 'numeric', month: 'short' });
      // every 7 h 13 min over two years: all months, weekdays, both offsets, hours and minutes
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 7 * HOUR + 13 * 60_000) {
        const iso = new Date(ms).toISOString();
        expect(formatShopDateTime(iso, locale), iso).toBe(dateTime.format(ms));
        expect(formatShopTime(iso, locale), iso).toBe(time.format(ms));
        expect(formatShopDay(iso, locale), iso).toBe(day.format(ms));
      }
    }
  });

  it('shows the Berlin date, not the UTC one, late at night', () => {
    expect(formatShopDateTime('2026-12-07T23:30:00Z', 'en')).toBe('8 Dec 2026, 00:30');
    expect(formatShopDateTime('2026-07-07T22:15:00Z', 'de')).toBe('08.07.2026, 00:15');
  });

  it('writes a calendar date as ICU does', () => {
    for (const locale of ['en', 'de'] as const) {
      const icu = new Intl.DateTimeFormat(ICU_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' });
      for (let day = 0; day < 400; day += 3) {
        const date = new Date(Date.UTC(2026, 0, 1) + day * 24 * HOUR).toISOString().slice(0, 10);
        expect(formatShopDate(date, locale)).toBe(icu.format(new Date(`${date}T00:00:00Z`)));
      }
    }
  });
});

describe('plain numbers', () => {
  it('writes what ICU writes (en-GB, de-DE), rounding half away from zero', () => {
    const values = [0, 1, 2.3, 0.5, 0.125, 1.005, 2.675, 12.3456, 999.995, 1234.5, 1234567.891, -0.001, -2.5, -1234.56, 0.1 + 0.2];
    for (const locale of ['en', 'de'] as const) {
      for (const digits of [0, 1, 2]) {
        const icu = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: digits });
        for (const value of values) expect(formatNumber(value, locale, digits), `${value} ${locale} ${digits}`).toBe(icu.format(value));
      }
    }
  });
});
