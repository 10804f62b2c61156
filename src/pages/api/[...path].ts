import type { APIRoute } from 'astro';
import { buildApi } from '../../app/api';
import { systemClock } from '../../platform/clock';
import { testClockFromEnv } from '../../platform/test-clock';

export const prerender = false;

// Demo mode with TEST_CLOCK=header only (the e2e server): a request may say what time it is.
const testClock = testClockFromEnv(systemClock);
const api = buildApi(testClock ? { clock: testClock } : {});

// The client address is handed to Hono so per-IP rate limits work without trusting proxy headers.
export const ALL: APIRoute = ({ request, clientAddress }) => {
  const handle = () => api.fetch(request, { clientAddress });
  return testClock ? testClock.during(request, handle) : handle();
};
