import { disableAnalytics, enableAnalytics, track, watchInlineErrors } from '../../analytics/client';
import { PROFILE_KEY } from '../../accounts/client';
import { apiClient, createApiClient } from '../../../platform/api-client';
import { getToken } from '../../../platform/api-client/token';
import type { ConsentStatus } from '../../../platform/consent/consent';
import { isLocale } from '../../../platform/i18n/locales';
import { whenIdle } from '../../../ui/browser/page-lifecycle';
import { forgetAttribution } from './attribution';

/**
 * The services behind consent, started and stopped by the visitor's choice (loaded by boot.ts only
 * once a category has been allowed on this device). Analytics: the shop's own collector, and error
 * reporting when a DSN is configured. Marketing: the tag manager, the affiliate script with its
 * identify call, and the profile id exposed to them. Withdrawal removes what they stored (cookies,
 * storage outside the shop's own `apobote.` keys) and, when one of them already ran on this page,
 * reloads it: third-party code cannot be unloaded, so a fresh page is the only sure way to stop it.
 */
type Services = { tag_manager_url: string | null; affiliate_script_url: string | null; error_reporting: { dsn: string; environment: string; traces_sample_rate: number } | null };

declare global {
  interface Window {
    /** The logged-in customer's profile id, for the tag manager (spec §9), only with marketing consent. */
    apoboteProfileId?: string;
    ire?: (...args: unknown[]) => void;
  }
}

const locale = (() => {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
})();
const running = { analytics: false, errorReporting: false, marketing: false };
let services: Promise<Services | null> | undefined;

function configured(): Promise<Services | null> {
  services ??= createApiClient({ locale })
    .GET('/api/v1/consent/services')
    .then((answer) => answer.data ?? null)
    .catch(() => null);
  return services;
}

function injectScript(src: string, name: string, onload?: () => void): void {
  if (document.querySelector(`script[data-consent-service="${name}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.consentService = name;
  if (onload) script.addEventListener('load', onload, { once: true });
  document.head.append(script);
}

function storedProfileId(): string | null {
  try {
    const profile = JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as { id?: unknown } | null;
    return typeof profile?.id === 'string' ? profile.id : null;
  } catch {
    return null;
  }
}

/** Affiliate identify: the customer's id and the SHA-1 of their e-mail, never the address itself. */
async function identifyAffiliate(): Promise<void> {
  if (!getToken() || typeof window.ire !== 'function') return;
  let email: unknown;
  try {
    email = (JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as { email?: unknown } | null)?.email;
  } catch {
    return;
  }
  if (typeof email !== 'string' || !email) return;
  const answer = await apiClient(locale).POST('/api/v1/crypto/sha', { body: { email } }).catch(() => null);
  const sha1 = answer?.data?.sha1;
  if (sha1) window.ire('identify', { customerId: storedProfileId() ?? '', customerEmail: sha1 });
}

/** Removes what optional services may have stored: every script-readable cookie (the shop sets none) and foreign storage keys. */
export function clearOptionalStorage(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    const host = location.hostname;
    const domains = [undefined, host, `.${host}`, `.${host.split('.').slice(-2).join('.')}`];
    for (const domain of domains) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
  for (const storage of [localStorage, sessionStorage]) {
    try {
      for (const key of Object.keys(storage)) if (!key.startsWith('apobote.')) storage.removeItem(key);
    } catch {
      // Storage unavailable: nothing was stored there.
    }
  }
}

let watchingErrors = false;

export async function applyConsent(status: ConsentStatus | null): Promise<void> {
  const analytics = status?.analytics === true;
  const marketing = status?.marketing === true;

  if (analytics) enableAnalytics();
  else disableAnalytics();
  if (!marketing) {
    forgetAttribution();
    delete window.apoboteProfileId;
  }
  if ((!analytics && running.errorReporting) || (!marketing && running.marketing)) {
    clearOptionalStorage();
    location.reload();
    return;
  }
  if (!analytics && !marketing) {
    clearOptionalStorage();
    return;
  }
  if (analytics && !running.analytics) {
    track('page_view');
    // Product pages mark their product (catalog's ProductDetail), so product views need no script of their own.
    const pzn = document.querySelector<HTMLElement>('[data-analytics-product]')?.dataset.analyticsProduct;
    if (pzn) track('product_view', { pzn });
    // Once per page: after a withdrawal track() drops what the watcher reports.
    if (!watchingErrors) {
      watchingErrors = true;
      watchInlineErrors((message) => track('error_shown', { kind: 'inline', message }));
    }
  }
  running.analytics = analytics;

  const config = await configured();
  if (!config) return;
  if (analytics && config.error_reporting && !running.errorReporting) {
    running.errorReporting = true;
    const settings = config.error_reporting;
    // After the page is interactive: never competes with the first paint or input.
    whenIdle(() => void import('../../../platform/error-reporting/sentry-browser').then((sentry) => sentry.startSentry(settings)));
  }
  if (marketing && !running.marketing) {
    running.marketing = true;
    const profileId = storedProfileId();
    if (profileId) window.apoboteProfileId = profileId;
    if (config.tag_manager_url) injectScript(config.tag_manager_url, 'tag-manager');
    if (config.affiliate_script_url) injectScript(config.affiliate_script_url, 'affiliate', () => void identifyAffiliate());
  }
}
