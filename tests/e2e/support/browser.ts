import { existsSync } from 'node:fs';

/**
 * The browser the e2e suite drives: Debian's `chromium-headless-shell` when installed, else Debian's
 * Chromium. The shell is the same engine without the desktop browser around it; here it opens a
 * context three times and loads a page twice as fast, which halves the suite's time. E2E_CHROMIUM
 * names another binary. Never a browser Playwright downloads itself.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const E2E_CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROME_PATH ?? '/usr/bin/chromium'));
