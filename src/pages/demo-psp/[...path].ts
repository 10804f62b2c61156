import type { APIRoute } from 'astro';
import { systemClock } from '../../platform/clock';
import { paymentGatewayFromEnv, type DemoProvider } from '../../platform/payments';
import { demoPspApp } from '../../platform/payments/demo-routes';
import { testClockFromEnv } from '../../platform/test-clock';

export const prerender = false;

// The built-in demo payment provider's pages (hosted fields, 3-D Secure, PayPal) and endpoints.
// Only when the demo provider is the payment gateway: with Stripe this path is a 404.
const testClock = testClockFromEnv(systemClock);
const clock = testClock ?? systemClock;
let gateway: ReturnType<typeof paymentGatewayFromEnv> | null = null;
try {
  gateway = paymentGatewayFromEnv(process.env, clock);
} catch {
  gateway = null;
}
const app = gateway?.provider === 'demo' ? demoPspApp({ provider: () => gateway as DemoProvider, testHelpers: testClock !== null }) : null;

export const ALL: APIRoute = ({ request }) => {
  if (!app) return new Response('Not found', { status: 404 });
  return testClock ? testClock.during(request, () => app.fetch(request)) : app.fetch(request);
};
