/**
 * Every port the end-to-end suite listens on comes from one setting, TEST_PORT_BASE (default 4399):
 * the shop on the base, the stand-in identity provider on base + 1. Two runs side by side (a CI
 * check and a local run, two checkouts) need nothing but different bases at least 2 apart; the
 * shop's data folder is per port too (playwright.config.ts). E2E_PORT, the older name, is read as
 * the base when TEST_PORT_BASE is unset.
 */
const raw = process.env.TEST_PORT_BASE ?? process.env.E2E_PORT ?? '4399';
const base = Number(raw);
if (!Number.isInteger(base) || base < 1024 || base > 65_534) {
  throw new Error(`TEST_PORT_BASE must be a port number between 1024 and 65534, got "${raw}"`);
}

// base + 2: the stand-in third-party services of the consent spec (tests/e2e/support/third-party.ts).
export const TEST_PORTS = { shop: base, issuer: base + 1, thirdParty: base + 2 } as const;

/** The shop under test, as its own pages see their origin. */
export const SHOP_ORIGIN = `http://127.0.0.1:${TEST_PORTS.shop}`;
