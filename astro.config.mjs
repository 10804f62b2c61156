// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { cspHashes } from './src/platform/security/csp-integration.ts';
import { buildStamp } from './src/platform/server/build-stamp-integration.ts';
import { sitemapAlternates } from './src/platform/seo/sitemap-alternates.ts';
import { sourceMapBuild } from './src/platform/error-reporting/source-maps.ts';
import { chunkLayout } from './src/platform/bundling/chunk-layout.ts';
import { pureModules } from './src/platform/bundling/pure-modules.ts';

const site = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';
const outDir = process.env.ASTRO_OUT_DIR ?? './dist';
// Hidden source maps uploaded to Sentry and deleted after, only with SENTRY_AUTH_TOKEN/ORG/PROJECT.
const sourceMaps = await sourceMapBuild(process.env, outDir);
// hreflang links between the two languages, computed per page rather than by the integration's
// `i18n` option, which compares every page with every other (src/platform/seo/sitemap-alternates.ts).
const alternates = sitemapAlternates();
// The scripts of the layout's components (BaseLayout, its header, bottom navigation and consent
// layer), which every page runs: their modules make the shared `shell` chunk (chunk-layout.ts).
const chunks = chunkLayout({
  layoutScripts: [
    'BaseLayout.astro', 'ConsentLayer.astro', 'RatingPromptCheck.astro', 'SearchForm.astro',
    'HeaderCartButton.astro', 'LocationChip.astro', 'UnseenCouponsBadge.astro', 'ChatUnreadBadge.astro',
  ],
});
/**
 * Only indexable pages in the sitemap: no maintenance/404, no login/logout, no protected account shells,
 * no redirects. (A pack size's own page, whose canonical is its group's page, is not prebuilt at all.)
 */
const indexable = (/** @type {string} */ page) =>
  !/\/(maintenance|404)\/?$/.test(page) &&
  !/\/shop\/(orders|settings|favorites|coupons|refer-friend|cart|addresses|login|register|forgot-password|reset-password|verify-email|phone-login|account|credit)\/?$/.test(page) &&
  !/\/shop\/login\/callback\/?$/.test(page) &&
  !/\/shop\/(checkout|orders\/view|prescriptions\/redeem|staff|feedback|courier)\/?$/.test(page) &&
  !/\/(staff|courier)\/?$/.test(page) &&
  !/\/(login|logout)\/?$/.test(page) &&
  !/^https?:\/\/[^/]+\/(de\/)?$/.test(page);

export default defineConfig({
  site,
  // Pages are prebuilt; only routes that opt out (the API, a few account pages) render on demand.
  output: 'static',
  // Bench builds of generated catalogues go elsewhere so they never replace the demo build.
  outDir,
  // Builds side by side (a CI check next to a local run) must not share Astro's cache either.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  // Standalone build; scripts/start.ts imports its handler (ASTRO_NODE_AUTOSTART=disabled) and wraps it
  // with compression, security headers and maintenance mode, which the adapter does not do itself.
  // bodySizeLimit backs up the request limits of src/platform/http/limits.ts (64 KiB JSON), which
  // the server and the API enforce first with a 413 answer.
  adapter: node({ mode: 'standalone', bodySizeLimit: 1024 * 1024 }),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  i18n: {
    locales: ['en', 'de'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  integrations: [
    react(),
    cspHashes(),
    buildStamp(),
    sitemap({
      serialize: (item) => alternates.serialize(item),
      filter: (page) => alternates.keep(page, indexable(page)),
    }),
  ],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // Astro's origin check refused every body-less POST/DELETE without an Origin header (API clients
  // logging out, emptying a cart) with plain text. Cross-site forms riding on cookies are refused by
  // the server and the API instead (src/platform/http/cross-site.ts), as { code, message }.
  security: { checkOrigin: false },
  vite: {
    build: { sourcemap: sourceMaps.sourcemap },
    plugins: [...sourceMaps.plugins, chunks.plugin, pureModules()],
    // Three shared chunks (react, shell, islands) instead of one per set of importers: src/platform/bundling/chunk-layout.ts.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: chunks.groups,
              },
            },
          },
        },
      },
    },
  },
});
