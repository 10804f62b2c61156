import type { APIRoute } from 'astro';
import { buildApi } from '../../app/api';
import { systemClock } from '../../platform/clock';
import { apiBindings } from '../../platform/server/request-context';
import { testClockFromEnv } from '../../platform/test-clock';

export const prerender = false;

// Demo mode with TEST_CLOCK=header only (the e2e server): a request may say what time it is.
const testClock = testClockFromEnv(systemClock);
const api = buildApi(testClock ? { clock: testClock } : {});

// The Node server decided the client's address (TRUST_PROXY) and the request id before Astro saw the
// request; Astro's own clientAddress is the socket's peer, which behind a proxy is the proxy.
export const ALL: APIRoute = ({ request, clientAddress }) => {
  const handle = () => api.fetch(request, apiBindings(clientAddress));
  return testClock ? testClock.during(request, handle) : handle();
};
