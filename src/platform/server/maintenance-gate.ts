import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../i18n/locales';
import { localeFromPath } from '../i18n/locales';

export interface MaintenanceState {
  on: boolean;
  message: { en: string; de: string };
}

/**
 * Which requests maintenance mode replaces: shop pages (HTML) only. The API keeps answering (clients
 * read the flag from /api/shop/v1/config), assets load so the maintenance page renders, and the
 * legal pages stay reachable because an Impressum must be available at all times.
 */
export function isGatedPath(pathname: string): boolean {
  if (pathname.startsWith('/api/') || pathname.startsWith('/_astro/') || pathname.startsWith('/fonts/') || pathname.startsWith('/images/')) return false;
  if (/^\/(de\/)?(legal|maintenance)(\/|$)/.test(pathname)) return false;
  if (/\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html')) return false;
  return true;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The prebuilt maintenance page with the remote-config message in the page's language. */
export function createMaintenancePage(clientDir: string) {
  const templates = new Map<Locale, Promise<string>>();
  const template = (locale: Locale) => {
    let page = templates.get(locale);
    if (!page) {
      page = readFile(path.join(clientDir, locale === 'de' ? 'de' : '', 'maintenance', 'index.html'), 'utf8');
      templates.set(locale, page);
    }
    return page;
  };
  return async (pathname: string, state: MaintenanceState): Promise<string> => {
    const locale = localeFromPath(pathname);
    const html = await template(locale);
    const message = state.message[locale];
    if (!message) return html;
    return html.replace(/(<p[^>]*id="maintenance-message"[^>]*>)([\s\S]*?)(<\/p>)/, (_all, open: string, _old, close: string) => `${open}${escapeHtml(message)}${close}`);
  };
}
