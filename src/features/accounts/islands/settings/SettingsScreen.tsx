import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { localizePath, type Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { settingsMessages } from '../../i18n/settings';
import { apiClient } from '../../../../platform/api-client';
import { attempt } from '../../../../platform/api-client/outcome';
import { $profile, setProfile } from '../../browser/profile-store';
import { AUTH_ROUTES } from '../../model/routes';
import { useFlashToast } from '../forms/hooks';
import { toastProblem } from '../forms/notify';
import { DeleteSection } from './DeleteSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { PhoneSection } from './PhoneSection';
import { PreferencesSection } from './PreferencesSection';
import { ProfileSection } from './ProfileSection';
import { handleUnauthorized, Section } from './shared';

/**
 * Account settings (protected page). Shows the cached profile at once, then refreshes it from
 * GET /user; every section writes its answer back into the shared profile store.
 */
export default function SettingsScreen({ locale }: { locale: Locale }) {
  const t = translator(settingsMessages, locale);
  useFlashToast();
  const profile = useStore($profile);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user'), locale);
    if (outcome.ok) {
      setProfile(outcome.data);
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    setFailed(true);
    toastProblem('oops', outcome.problem, locale);
  }, [locale]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!profile) {
    return failed ? (
      <div className="auth-stack">
        <p role="alert">{t('loadFailed')}</p>
        <button type="button" className="auth-button auth-button--secondary" onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    ) : (
      <p role="status">{t('loading')}</p>
    );
  }

  return (
    <div className="settings">
      {profile.email && <p className="settings__greeting">{t('greeting', { email: profile.email })}</p>}
      <ProfileSection locale={locale} profile={profile} />
      {/* The address book is the addresses feature's page; settings only leads there. */}
      <Section id="settings-addresses" title={t('addressesHeading')}>
        <p>
          {t('addressesText')} <a href={localizePath('/shop/addresses/', locale)}>{t('addressesLink')}</a>
        </p>
      </Section>
      <PhoneSection locale={locale} profile={profile} />
      <EmailSection locale={locale} profile={profile} />
      <PasswordSection locale={locale} profile={profile} />
      <PreferencesSection locale={locale} profile={profile} />
      <DeleteSection locale={locale} />
      <p>
        <a className="auth-button auth-button--secondary" href={locale === 'de' ? `${AUTH_ROUTES.logout}?lang=de` : AUTH_ROUTES.logout}>
          {t('logout')}
        </a>
      </p>
    </div>
  );
}
