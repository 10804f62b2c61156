import { defineConfig, devices } from '@playwright/test';
import { socialEnv, TEST_ISSUER } from './tests/e2e/support/issuer';
import { SHOP_ORIGIN, TEST_PORTS } from './tests/e2e/support/ports';
import { SERVER_LOG } from './tests/e2e/support/card-numbers';
import { decidedConsentState, thirdPartyEnv } from './tests/e2e/support/third-party';
// Debian's Chromium (its headless shell when installed: support/browser.ts), never a downloaded
// browser; the flags keep it off the (closed) network.
import { CHROMIUM_ARGS as chromiumArgs } from './scripts/bench/chromium';
import { E2E_CHROMIUM } from './tests/e2e/support/browser';

// Both servers' ports come from TEST_PORT_BASE (tests/e2e/support/ports.ts).
const port = TEST_PORTS.shop;
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';
// One data folder and one results folder per port, so two runs side by side (CI check and a local
// run) never share a database or clear each other's traces.
const dataDir = `data/e2e-${port}`;


export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: `test-results/e2e-${port}`,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: `playwright-report/e2e-${port}` }]],
  use: {
    baseURL: SHOP_ORIGIN,
    // Every spec starts with the consent layer answered ("Reject all"), so it covers nothing;
    // tests/e2e/consent.spec.ts starts without it.
    storageState: decidedConsentState(),
    // A failed test keeps its trace: actions, network, console. Not the DOM snapshots and the
    // screencast: recording those for every test cost a quarter of the suite's time (51 tests: 120 s
    // with them, 95 s without); the screenshot at the failure shows the page.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: E2E_CHROMIUM, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /(maintenance|payments-guard|path-phone[\w-]*|push)\.spec\.ts/ },
    // The headless shell keeps notifications denied whatever is granted: web push runs in the full browser.
    {
      name: 'push',
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs } },
      testMatch: /push\.spec\.ts/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /(layout|path-[\w-]+)\.spec\.ts/ },
    // After every other spec: no request or log line of the shop server carried a card number.
    { name: 'card-guard', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /payments-guard\.spec\.ts/, dependencies: ['desktop', 'mobile', 'push'] },
    // Maintenance mode switches the whole shop, so it runs alone after everything else.
    { name: 'maintenance', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /maintenance\.spec\.ts/, dependencies: ['desktop', 'mobile', 'push'] },
  ],
  webServer: [
    {
      // A fresh embedded database each run; the maintenance flag is read without caching so the
      // on/off test sees its change at once.
      // Its output also goes to SERVER_LOG: a spec checks that no line carries a card number.
      command: `rm -rf ${dataDir} && mkdir -p data && tsx scripts/start.ts 2>&1 | tee ${SERVER_LOG}`,
      url: `${SHOP_ORIGIN}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PGLITE_DIR: dataDir,
        REMOTE_CONFIG_TTL_MS: '0',
        // One line per request, so the card-number guard sees every request the server took.
        LOG_REQUESTS: 'true',
        ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
        APOBOTE_MODE: 'demo',
        // Every spec registers its own customers, all from 127.0.0.1.
        REGISTER_LIMIT_PER_IP_PER_HOUR: '500',
        // Cheap password hashing for the many test sign-ups (production keeps scrypt N=2^17).
        PASSWORD_HASH_COST: '12',
        // A request's X-Test-Now header is its "now" (demo mode only): specs run day and night
        // paths on every run (tests/e2e/support/shop-time.ts).
        TEST_CLOCK: 'header',
        // Apple, Google and Facebook sign-in verified against the local test issuer below.
        ...socialEnv(),
        // Tag manager, affiliate script and error reporting pointed at the consent spec's stand-in.
        ...thirdPartyEnv(),
      },
    },
    {
      // Stand-in identity provider (JWKS, Graph /me, token minting) for the social sign-in tests.
      command: 'tsx tests/e2e/support/test-issuer.ts',
      url: `${TEST_ISSUER}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { TEST_PORT_BASE: String(port) },
    },
  ],
});
