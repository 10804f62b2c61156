import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from './clock';
import { serverConfig } from './config/env';

/**
 * The end-to-end suite's clock (server only). With TEST_CLOCK=header in demo mode, a request's
 * `X-Test-Now: <ISO instant>` header is "now" for everything that request does through the
 * injected clock, so the suite runs the checkout at 10:00 and at 23:30 in Berlin on every run, side
 * by side on one server; requests without the header get the real time. Production mode never
 * reads the header, whatever the setting.
 */
export const TEST_NOW_HEADER = 'x-test-now';

export interface RequestTimeClock extends Clock {
  /** Runs `work` (and everything it awaits) with the instant in the request's header, if any. */
  during<T>(request: Request, work: () => T): T;
  /** How far the current request's instant is from the real time (0 outside a request with the header). */
  offsetMs(): number;
}

/** The offset of a request-time clock (the e2e server's), else 0: work handed on to a worker keeps its request's time. */
export function clockOffsetMs(clock: Clock): number {
  const offset = (clock as Partial<RequestTimeClock>).offsetMs;
  return typeof offset === 'function' ? offset.call(clock) : 0;
}

export function testClockFromEnv(base: Clock, env: NodeJS.ProcessEnv = process.env): RequestTimeClock | undefined {
  if (env.TEST_CLOCK !== 'header' || !serverConfig(env).demoMode) return undefined;
  const fixed = new AsyncLocalStorage<Date>();
  return {
    now: () => new Date(fixed.getStore() ?? base.now()),
    offsetMs: () => {
      const fixedAt = fixed.getStore();
      return fixedAt ? fixedAt.getTime() - base.now().getTime() : 0;
    },
    during(request, work) {
      const instant = new Date(request.headers.get(TEST_NOW_HEADER) ?? Number.NaN);
      return Number.isNaN(instant.getTime()) ? work() : fixed.run(instant, work);
    },
  };
}
