import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { consentFirstPaintScript } from '../../../src/features/consent/model/first-paint';
import { IRCLICKID_KEY as CHECKOUT_IRCLICKID_KEY } from '../../../src/features/checkout/browser/session-meta';
import { attributionFrom, IRCLICKID_KEY } from '../../../src/platform/consent/attribution';
import { CONSENT_KEY, CONSENT_VERSION, parseConsent, readConsent, saveConsent } from '../../../src/platform/consent/consent';
import { thirdPartyConfig, thirdPartyCspSources } from '../../../src/platform/config/third-party';
import { buildCsp } from '../../../src/platform/security/csp';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
}

describe('consent status', () => {
  it('is stored with its time and read back', () => {
    const store = memory();
    saveConsent({ analytics: true, marketing: false }, new Date('2026-06-16T08:00:00Z'), store);
    expect(readConsent(store)).toEqual({ version: CONSENT_VERSION, analytics: true, marketing: false, decidedAt: '2026-06-16T08:00:00.000Z' });
  });

  it.each([
    ['nothing', null],
    ['garbage', '{nope'],
    ['an older version', JSON.stringify({ version: 0, analytics: true, marketing: true, decidedAt: '2026-01-01T00:00:00Z' })],
    ['a missing time', JSON.stringify({ version: CONSENT_VERSION, analytics: true, marketing: true })],
    ['a non-boolean choice', JSON.stringify({ version: CONSENT_VERSION, analytics: 'yes', marketing: true, decidedAt: '2026-01-01T00:00:00Z' })],
  ])('counts %s as undecided (the layer asks again)', (_name, raw) => {
    expect(parseConsent(raw)).toBeNull();
  });
});

describe('landing attribution', () => {
  it('reads the five utm parameters and irclickid', () => {
    expect(attributionFrom('?utm_source=news&utm_medium=mail&utm_campaign=spring&utm_term=nasenspray&utm_content=top&irclickid=Qx1-abc&other=1')).toEqual({
      utm: { source: 'news', medium: 'mail', campaign: 'spring', term: 'nasenspray', content: 'top' },
      irclickid: 'Qx1-abc',
    });
  });

  it('is null without any, trims, drops control characters and cuts long values', () => {
    expect(attributionFrom('?q=ibuprofen')).toBeNull();
    expect(attributionFrom('?utm_source=%20%20')).toBeNull();
    expect(attributionFrom('?irClickId=%20a%0Ab%20')).toEqual({ utm: {}, irclickid: 'ab' });
    expect(attributionFrom(`?utm_campaign=${'x'.repeat(500)}`)?.utm.campaign).toHaveLength(200);
  });

  it('keeps the click id where the checkout reads it into the order', () => {
    expect(IRCLICKID_KEY).toBe(CHECKOUT_IRCLICKID_KEY);
  });
});

describe('third-party origins in the CSP', () => {
  it('are none when nothing is configured', () => {
    const csp = buildCsp([], thirdPartyCspSources(thirdPartyConfig({})));
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob:;");
  });

  it('are exactly the configured services’ origins', () => {
    const config = thirdPartyConfig({
      TAG_MANAGER_URL: 'https://tags.example.com/gtm.js?id=1',
      AFFILIATE_SCRIPT_URL: 'https://aff.example.net/u.js',
      MARKETING_ORIGINS: 'https://pixel.example.org/anything',
      SENTRY_DSN: 'https://key@o1.ingest.example.io/42',
    });
    const csp = buildCsp(['sha256-abc'], thirdPartyCspSources(config));
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc' https://tags.example.com https://aff.example.net https://pixel.example.org;");
    expect(csp).toContain("connect-src 'self' https://tags.example.com https://aff.example.net https://pixel.example.org https://o1.ingest.example.io;");
  });

  it('refuses a malformed URL at start', () => {
    expect(() => thirdPartyConfig({ TAG_MANAGER_URL: 'tags.example.com/gtm.js' })).toThrow(/TAG_MANAGER_URL/);
    expect(() => thirdPartyConfig({ AFFILIATE_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/AFFILIATE_SCRIPT_URL/);
  });
});

describe('the consent layer at first paint', () => {
  /** Runs the inline script on a page holding only the layer, with `stored` in localStorage. */
  function shownAtFirstPaint(stored: string | null, storageThrows = false): boolean {
    const layer = { hidden: true, addEventListener: () => undefined, hasAttribute: () => false };
    const localStorage = {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return key === CONSENT_KEY ? stored : null;
      },
    };
    const document = { querySelector: (selector: string) => (selector === '[data-consent-layer]' ? layer : null) };
    runInNewContext(consentFirstPaintScript(), { localStorage, document });
    return !layer.hidden;
  }

  it.each([
    ['nothing', null],
    ['garbage', '{nope'],
    ['null', 'null'],
    ['an older version', JSON.stringify({ version: 0, analytics: true, marketing: true, decidedAt: '2026-01-01T00:00:00Z' })],
    ['a missing time', JSON.stringify({ version: CONSENT_VERSION, analytics: true, marketing: true })],
    ['an unreadable time', JSON.stringify({ version: CONSENT_VERSION, analytics: true, marketing: true, decidedAt: 'soon' })],
    ['a non-boolean choice', JSON.stringify({ version: CONSENT_VERSION, analytics: 'yes', marketing: true, decidedAt: '2026-01-01T00:00:00Z' })],
    ['a choice to reject', JSON.stringify({ version: CONSENT_VERSION, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00Z' })],
    ['a choice to accept', JSON.stringify({ version: CONSENT_VERSION, analytics: true, marketing: true, decidedAt: '2026-06-16T08:00:00.000Z' })],
  ])('shows the layer exactly when the consent script would ask (%s stored)', (_name, raw) => {
    expect(shownAtFirstPaint(raw)).toBe(parseConsent(raw) === null);
  });

  it.each([
    ['accept', { analytics: true, marketing: true }],
    ['reject', { analytics: false, marketing: false }],
  ])('before the consent script has arrived, "%s" stores the choice as the consent script reads it', (action, choice) => {
    const stored = new Map<string, string>();
    let onClick: ((event: unknown) => void) | undefined;
    const layer = { hidden: true, addEventListener: (_type: string, listener: (event: unknown) => void) => (onClick = listener), hasAttribute: () => false };
    const button = { getAttribute: () => action };
    runInNewContext(consentFirstPaintScript(), {
      localStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) },
      document: { querySelector: () => layer },
    });
    expect(layer.hidden).toBe(false);
    onClick!({ target: { closest: () => button } });
    expect(layer.hidden).toBe(true);
    expect(parseConsent(stored.get(CONSENT_KEY))).toMatchObject({ version: CONSENT_VERSION, ...choice });
  });

  it('shows it when storage is refused (privacy mode), as the consent script does', () => {
    expect(shownAtFirstPaint(null, true)).toBe(true);
    expect(readConsent({ getItem: () => { throw new Error('SecurityError'); } })).toBeNull();
  });
});
