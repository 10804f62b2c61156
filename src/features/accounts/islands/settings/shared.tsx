import type { ReactNode } from 'react';
import type { Locale } from '../../../../platform/i18n/locales';

/** A titled block of the settings page; the heading names the region for screen readers. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

export { handleUnauthorized } from '../../browser/unauthorized';

/** Spec §7: PUT /user carries meta.locale from the browser language (the shop speaks en and de). */
export function browserLocale(): Locale {
  const language = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return language.startsWith('de') ? 'de' : 'en';
}
