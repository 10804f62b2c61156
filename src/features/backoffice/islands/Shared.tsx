import type { ReactNode } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { backOfficeMessages } from '../i18n/messages';
import type { StaffState } from './useStaff';

/** Loading, forbidden and error states every back-office screen shows the same way. */
export function StaffGate({ locale, state, children }: { locale: Locale; state: StaffState; children: () => ReactNode }) {
  const t = translator(backOfficeMessages, locale);
  if (state.phase === 'loading') return <p role="status">{t('loading')}</p>;
  if (state.phase === 'forbidden')
    return (
      <p className="bo-message" role="alert">
        {t('forbidden')}
      </p>
    );
  if (state.phase === 'error')
    return (
      <p className="bo-message" role="alert">
        {t('loadFailed')}
      </p>
    );
  return <>{children()}</>;
}

/** Operators pick the pharmacy a screen works on. */
export function PharmacyPicker({ locale, pharmacies, value, onChange }: { locale: Locale; pharmacies: { id: string; name: string }[]; value: string; onChange: (id: string) => void }) {
  const t = translator(backOfficeMessages, locale);
  return (
    <div className="bo-field bo-field--inline">
      <label htmlFor="bo-pharmacy">{t('pharmacyLabel')}</label>
      <select id="bo-pharmacy" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('pharmacyChoose')}</option>
        {pharmacies.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}
