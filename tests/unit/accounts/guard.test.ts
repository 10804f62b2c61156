import { describe, expect, it } from 'vitest';
import { guardInlineScript, loginRedirectUrl, safeRedirectTarget } from '../../../src/features/accounts/model/guard';
import { TOKEN_KEY } from '../../../src/platform/api-client/token';

describe('loginRedirectUrl', () => {
  it.each([
    ['/shop/orders', '', '/shop/login?redirect=%2Forders'],
    ['/shop/orders/', '', '/shop/login?redirect=%2Forders'],
    ['/de/shop/orders', '', '/de/shop/login?redirect=%2Forders'],
    ['/de/shop/settings/', '?tab=email', '/de/shop/login?redirect=%2Fsettings%3Ftab%3Demail'],
    ['/shop/refer-friend', '?', '/shop/login?redirect=%2Frefer-friend'],
    ['/shop/', '', '/shop/login?redirect=%2F'],
    ['/delivery', '', '/shop/login?redirect=%2Fdelivery'],
  ])('%s%s -> %s', (pathname, search, expected) => {
    expect(loginRedirectUrl(pathname, search)).toBe(expected);
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/orders', 'en', '/shop/orders'],
    ['/orders', 'de', '/de/shop/orders'],
    ['/settings?tab=email', 'en', '/shop/settings?tab=email'],
    ['/shop/favorites', 'en', '/shop/favorites'],
    ['/de/shop/favorites', 'de', '/de/shop/favorites'],
    ['/', 'en', '/shop/'],
    [null, 'en', '/shop/'],
    ['', 'de', '/de/shop/'],
  ] as const)('%s (%s) -> %s', (param, locale, expected) => {
    expect(safeRedirectTarget(param, locale)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'orders',
    '/../api/v1/user',
    '/%2e%2e/api',
    '/orders\n/x',
    '/login',
    '/register?x=1',
  ])('rejects %j', (param) => {
    const target = safeRedirectTarget(param, 'en');
    expect(target).toBe('/shop/');
  });

  it('never leaves /shop or /de/shop', () => {
    for (const param of ['/a/../../b', '/./x', '/x?next=//evil', '/#//evil']) {
      for (const locale of ['en', 'de'] as const) {
        const target = safeRedirectTarget(param, locale);
        expect(target.startsWith(locale === 'de' ? '/de/shop' : '/shop')).toBe(true);
        expect(new URL(target, 'https://shop.test').origin).toBe('https://shop.test');
      }
    }
  });
});

describe('guardInlineScript', () => {
  const fakeDocument = () => ({ documentElement: { setAttribute: () => undefined } });
  function run(token: string | null, pathname: string, search = ''): string | undefined {
    let replaced: string | undefined;
    const storage = { getItem: (key: string) => (key === TOKEN_KEY ? token : null) };
    const location = { pathname, search, replace: (url: string) => (replaced = url) };
    new Function('localStorage', 'location', 'document', guardInlineScript(TOKEN_KEY))(storage, location, fakeDocument());
    return replaced;
  }

  it('redirects without a token, with the same URL as loginRedirectUrl', () => {
    expect(run(null, '/de/shop/orders')).toBe('/de/shop/login?redirect=%2Forders');
    expect(run(null, '/shop/coupons/', '?x=1')).toBe(loginRedirectUrl('/shop/coupons/', '?x=1'));
  });

  it('stays with a token', () => {
    expect(run('abc', '/shop/orders')).toBeUndefined();
  });

  it('treats unreadable storage as logged out', () => {
    let replaced: string | undefined;
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    const location = { pathname: '/shop/orders', search: '', replace: (url: string) => (replaced = url) };
    new Function('localStorage', 'location', 'document', guardInlineScript(TOKEN_KEY))(storage, location, fakeDocument());
    expect(replaced).toBe('/shop/login?redirect=%2Forders');
  });
});
