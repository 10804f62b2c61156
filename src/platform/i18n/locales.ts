/** The shop's languages. English is served without a prefix (/shop/...), German under /de. */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** BCP 47 tags used for Intl formatting and <html lang>: prices are always euros sold in Germany. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-DE', de: 'de-DE' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function localeFromPath(pathname: string): Locale {
  return /^\/de(\/|$)/.test(pathname) ? 'de' : 'en';
}

/** Strips the locale prefix: '/de/shop/x' -> '/shop/x'. */
export function unlocalizedPath(pathname: string): string {
  const stripped = pathname.replace(/^\/de(?=\/|$)/, '');
  return stripped === '' ? '/' : stripped;
}

/** '/shop/x' -> '/de/shop/x' for German, unchanged for English. Accepts localized input too. */
export function localizePath(pathname: string, locale: Locale): string {
  const base = unlocalizedPath(pathname);
  if (locale === DEFAULT_LOCALE) return base;
  return base === '/' ? `/${locale}/` : `/${locale}${base}`;
}

/** Picks the first supported language of an Accept-Language header; English otherwise. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.lang && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  const match = ranked.find((entry) => isLocale(entry.lang));
  return match && isLocale(match.lang) ? match.lang : DEFAULT_LOCALE;
}
