import type { ReactNode } from 'react';
import type { Locale } from '../../../../platform/i18n/locales';
import { loginRedirectUrl } from '../../model/guard';
import type { Problem } from '../../model/problem';
import { endSession } from '../../model/start-session';

/** A titled block of the settings page; the heading names the region for screen readers. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A revoked or expired token (logout elsewhere, password change on another device) answers 401:
 * forget it and go to login, coming back here afterwards. True when it handled the problem.
 */
export function handleUnauthorized(problem: Problem): boolean {
  if (problem.status !== 401 && problem.code !== 'UNAUTHORIZED') return false;
  endSession();
  location.replace(loginRedirectUrl(location.pathname, location.search));
  return true;
}

/** Spec §7: PUT /user carries meta.locale from the browser language (the shop speaks en and de). */
export function browserLocale(): Locale {
  const language = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return language.startsWith('de') ? 'de' : 'en';
}
