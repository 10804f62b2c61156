import { describe, expect, it } from 'vitest';
import { ORDER_ARCHIVE_AFTER_DAYS, ORDER_CLOSE_AFTER_DAYS, orderSettingsFromEnv } from '../../../src/features/orders/server/settings';

describe('order settings from the environment', () => {
  it('closes delivered orders after the 14-day withdrawal period and archives them after 90 days by default', () => {
    expect(ORDER_CLOSE_AFTER_DAYS).toBe(14);
    expect(orderSettingsFromEnv({})).toMatchObject({ closeAfterDays: 14, archiveAfterDays: ORDER_ARCHIVE_AFTER_DAYS });
  });

  it('takes other periods, never archiving before closing', () => {
    expect(orderSettingsFromEnv({ ORDER_CLOSE_AFTER_DAYS: '30', ORDER_ARCHIVE_AFTER_DAYS: '60' })).toMatchObject({ closeAfterDays: 30, archiveAfterDays: 60 });
    // Only the close period set beyond the default archive period: archiving follows it.
    expect(orderSettingsFromEnv({ ORDER_CLOSE_AFTER_DAYS: '120' })).toMatchObject({ closeAfterDays: 120, archiveAfterDays: 120 });
    expect(() => orderSettingsFromEnv({ ORDER_CLOSE_AFTER_DAYS: '30', ORDER_ARCHIVE_AFTER_DAYS: '7' })).toThrow('ORDER_ARCHIVE_AFTER_DAYS (7) must not be less than ORDER_CLOSE_AFTER_DAYS (30)');
    expect(() => orderSettingsFromEnv({ ORDER_CLOSE_AFTER_DAYS: 'two weeks' })).toThrow('ORDER_CLOSE_AFTER_DAYS must be a positive whole number of days, got "two weeks"');
  });
});
