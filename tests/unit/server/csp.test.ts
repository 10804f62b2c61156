import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

describe("Astro's island runtime", () => {
  it('is allowed for every hydration directive, also on pages rendered on demand', async () => {
    const { astroRuntimeScriptHashes } = await import('../../../src/platform/security/csp-integration');
    const hashes = await astroRuntimeScriptHashes();
    expect(hashes).toHaveLength(6);
    // A page with a client:idle island carries exactly these inline scripts.
    const file = pathToFileURL(path.resolve('node_modules/astro/dist/runtime/client/idle.prebuilt.js')).href;
    const { default: idle } = (await import(file)) as { default: string };
    expect(idle).toContain('(self.Astro||(self.Astro={})).idle');
    expect(hashes).toContain(sha(idle));
  });
});
