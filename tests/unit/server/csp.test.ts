import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../../src/platform/security/csp';
import { isGatedPath } from '../../../src/platform/server/maintenance-gate';

const sha = (code: string) => `sha256-${createHash('sha256').update(code).digest('base64')}`;

describe('inline script hashes for the CSP', () => {
  it('hashes classic and module inline scripts but not external scripts or JSON-LD', () => {
    const html = [
      '<script>console.log(1)</script>',
      '<script type="module">import("/x.js")</script>',
      '<script src="/_astro/a.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script is:inline data-x>a()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('console.log(1)'), sha('import("/x.js")'), sha('a()')]);
  });
});

describe('which paths maintenance mode replaces', () => {
  it.each([
    ['/shop/', true],
    ['/de/shop/product/x/', true],
    ['/', true],
    ['/shop/category/vitamins/2/', true],
    ['/api/shop/v1/config', false],
    ['/_astro/index.123.css', false],
    ['/fonts/inter-400.woff2', false],
    ['/legal/imprint/', false],
    ['/de/legal', false],
    ['/maintenance/', false],
    ['/favicon.svg', false],
  ])('%s -> %s', (pathname, gated) => expect(isGatedPath(pathname)).toBe(gated));
});
