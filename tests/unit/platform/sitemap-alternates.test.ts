import { describe, expect, it } from 'vitest';
import { languageVersions, sitemapAlternates } from '../../../src/platform/seo/sitemap-alternates';

const ORIGIN = 'https://shop.example';

describe('sitemap hreflang alternates', () => {
  it('pairs every page with its other-language page', () => {
    expect(languageVersions(`${ORIGIN}/shop/product/aspirin-123/`)).toEqual({ en: `${ORIGIN}/shop/product/aspirin-123/`, de: `${ORIGIN}/de/shop/product/aspirin-123/` });
    expect(languageVersions(`${ORIGIN}/de/legal/privacy/`)).toEqual({ en: `${ORIGIN}/legal/privacy/`, de: `${ORIGIN}/de/legal/privacy/` });
    expect(languageVersions(`${ORIGIN}/de/`)).toEqual({ en: `${ORIGIN}/`, de: `${ORIGIN}/de/` });
    // A path that merely starts with the letters "de" is English.
    expect(languageVersions(`${ORIGIN}/delivery/`).en).toBe(`${ORIGIN}/delivery/`);
  });

  it('links both languages when both are listed, and nothing when the other one is left out', () => {
    const alternates = sitemapAlternates();
    const pages = [`${ORIGIN}/shop/a/`, `${ORIGIN}/de/shop/a/`, `${ORIGIN}/shop/only-english/`, `${ORIGIN}/shop/login/`, `${ORIGIN}/de/shop/login/`];
    const kept = pages.filter((page) => alternates.keep(page, !page.includes('/login/')));
    expect(kept).toEqual([`${ORIGIN}/shop/a/`, `${ORIGIN}/de/shop/a/`, `${ORIGIN}/shop/only-english/`]);
    const links = [
      { url: `${ORIGIN}/de/shop/a/`, lang: 'de' },
      { url: `${ORIGIN}/shop/a/`, lang: 'en' },
    ];
    expect(alternates.serialize({ url: `${ORIGIN}/shop/a/` }).links).toEqual(links);
    expect(alternates.serialize({ url: `${ORIGIN}/de/shop/a/` }).links).toEqual(links);
    expect(alternates.serialize({ url: `${ORIGIN}/shop/only-english/` }).links).toBeUndefined();
  });
});
