import type { SitemapItem } from '@astrojs/sitemap';

/**
 * hreflang alternates for the sitemap, in linear time. @astrojs/sitemap's own `i18n` option finds a
 * page's other language by comparing it with every other page: with 200 000 product pages that is
 * 4·10¹⁰ comparisons, and the build stalled there for longer than it took to render the pages.
 * Every shop page exists as `/<path>` (English) and `/de/<path>` (German), so the other language is
 * one string away; it is linked only when that page is in the sitemap too.
 */
export function sitemapAlternates() {
  const listed = new Set<string>();
  return {
    /** The sitemap's filter decision for `url`, remembering the URLs it keeps. */
    keep(url: string, indexable: boolean): boolean {
      if (indexable) listed.add(url);
      return indexable;
    },
    /** Adds `links` to an item whose other-language page is listed as well. */
    serialize(item: SitemapItem): SitemapItem {
      const { en, de } = languageVersions(item.url);
      if (!listed.has(en) || !listed.has(de)) return item;
      return {
        ...item,
        links: [
          { url: de, lang: 'de' },
          { url: en, lang: 'en' },
        ],
      };
    },
  };
}

/** The English and German URL of one page (German pages live under /de/). */
export function languageVersions(url: string): { en: string; de: string } {
  const parsed = new URL(url);
  const german = parsed.pathname === '/de' || parsed.pathname.startsWith('/de/');
  const englishPath = german ? parsed.pathname.slice(3) || '/' : parsed.pathname;
  return { en: new URL(englishPath, parsed.origin).href, de: new URL(`/de${englishPath}`, parsed.origin).href };
}
