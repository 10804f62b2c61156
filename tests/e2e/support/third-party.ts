import { createServer, type Server } from 'node:http';
import { CONSENT_KEY, CONSENT_VERSION } from '../../../src/platform/consent/consent';
import { SHOP_ORIGIN, TEST_PORTS } from './ports';

/**
 * A stand-in for every third-party origin of issue 10 (tag manager, affiliate script, error
 * reporting) on TEST_PORT_BASE + 2. The shop under test is configured with its URLs; the consent
 * spec starts it and reads which requests arrived. Its scripts set a cookie and a storage key, as
 * real ones do, so a withdrawal can be seen to remove them.
 */
export const THIRD_PARTY_ORIGIN = `http://127.0.0.1:${TEST_PORTS.thirdParty}`;

export function thirdPartyEnv(): Record<string, string> {
  return {
    TAG_MANAGER_URL: `${THIRD_PARTY_ORIGIN}/tag-manager.js`,
    AFFILIATE_SCRIPT_URL: `${THIRD_PARTY_ORIGIN}/affiliate.js`,
    // Sentry's envelopes then go to <origin>/api/1/envelope/.
    SENTRY_DSN: `http://public@127.0.0.1:${TEST_PORTS.thirdParty}/1`,
  };
}

/** Storage state with the consent layer already answered with "Reject all". */
export function decidedConsentState() {
  const value = JSON.stringify({ version: CONSENT_VERSION, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' });
  return { cookies: [], origins: [{ origin: SHOP_ORIGIN, localStorage: [{ name: CONSENT_KEY, value }] }] };
}

const SCRIPTS: Record<string, string> = {
  '/tag-manager.js': 'document.cookie="_tm_test=1; path=/";localStorage.setItem("tm_test","1");window.dataLayer=window.dataLayer||[];',
  '/affiliate.js':
    'document.cookie="_aff_test=1; path=/";window.ire=function(){(window.ireCalls=window.ireCalls||[]).push([].slice.call(arguments))};',
};

export interface ThirdPartyStandIn {
  requests: string[];
  close(): Promise<void>;
}

export async function startThirdPartyStandIn(): Promise<ThirdPartyStandIn> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', THIRD_PARTY_ORIGIN).pathname;
    requests.push(path);
    const script = SCRIPTS[path];
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (script) {
      res.setHeader('Content-Type', 'text/javascript');
      res.end(script);
      return;
    }
    req.resume();
    res.statusCode = 200;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(TEST_PORTS.thirdParty, '127.0.0.1', resolve));
  return { requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
