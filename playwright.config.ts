import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';

// Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /layout\.spec\.ts/ },
  ],
  webServer: {
    // A fresh embedded database each run; the maintenance flag is read without caching so the
    // on/off test sees its change at once.
    command: 'rm -rf data/e2e && tsx scripts/start.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'data/e2e',
      REMOTE_CONFIG_TTL_MS: '0',
      LOG_REQUESTS: 'false',
      ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
      APOBOTE_MODE: 'demo',
    },
  },
});
