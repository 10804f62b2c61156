import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/platform/clock';
import { clockOffsetMs, TEST_NOW_HEADER, testClockFromEnv } from '../../../src/platform/test-clock';

const REAL = '2026-06-16T08:00:00.000Z';
const base = fixedClock(REAL);
const at = (instant?: string) => new Request('http://shop.test/api/health', { headers: instant ? { [TEST_NOW_HEADER]: instant } : {} });

describe('the e2e server clock (TEST_CLOCK=header)', () => {
  it('exists only when asked for, and never in production mode', () => {
    expect(testClockFromEnv(base, {})).toBeUndefined();
    expect(testClockFromEnv(base, { TEST_CLOCK: 'header', APOBOTE_MODE: 'production' })).toBeUndefined();
    expect(testClockFromEnv(base, { TEST_CLOCK: 'header', NODE_ENV: 'production' })).toBeUndefined();
    expect(testClockFromEnv(base, { TEST_CLOCK: 'header', APOBOTE_MODE: 'demo' })).toBeDefined();
  });

  it('gives each request the time in its header, across awaits, and the real time otherwise', async () => {
    const clock = testClockFromEnv(base, { TEST_CLOCK: 'header' })!;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The night request waits while the others run to the end: neither sees another's time.
    const night = clock.during(at('2026-06-16T21:30:00Z'), async () => {
      const before = clock.now().toISOString();
      await gate;
      return [before, clock.now().toISOString()];
    });
    const day = await clock.during(at('2026-06-17T08:00:00Z'), async () => clock.now().toISOString());
    const plain = await clock.during(at(), async () => clock.now().toISOString());
    const broken = await clock.during(at('tonight'), async () => clock.now().toISOString());
    release();
    expect(await night).toEqual(['2026-06-16T21:30:00.000Z', '2026-06-16T21:30:00.000Z']);
    expect([day, plain, broken]).toEqual(['2026-06-17T08:00:00.000Z', REAL, REAL]);
    expect(clock.now().toISOString()).toBe(REAL);
  });

  it("tells work handed to a worker how far its request's time is from the real one (a stored webhook); 0 for any other clock", async () => {
    const clock = testClockFromEnv(base, { TEST_CLOCK: 'header' })!;
    expect(await clock.during(at('2026-06-16T21:30:00Z'), async () => clockOffsetMs(clock))).toBe(13.5 * 60 * 60 * 1000);
    expect(await clock.during(at(), async () => clockOffsetMs(clock))).toBe(0);
    expect(clockOffsetMs(base)).toBe(0);
  });
});
