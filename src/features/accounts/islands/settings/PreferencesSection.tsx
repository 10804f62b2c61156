import { useState } from 'react';
import { useForm } from '../../../../ui/forms/use-form';
import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { commonMessages } from '../../i18n/common';
import { settingsMessages } from '../../i18n/settings';
import { apiClient } from '../../../../platform/api-client';
import { type Profile } from '../../browser/api-types';
import { attempt } from '../../../../platform/api-client/outcome';
import { setProfile } from '../../browser/profile-store';
import { toastProblem } from '../forms/notify';
import { SubmitButton } from '../forms/SubmitButton';
import { browserLocale, handleUnauthorized, Section } from './shared';

type Preferences = Profile['emailPreferences'];
const KEYS = [
  ['transactional', 'prefTransactional'],
  ['marketing', 'prefMarketing'],
  ['feedbackAndSurveys', 'prefFeedback'],
] as const;

/** E-mail preferences (spec §6): transactional and marketing opt-ins, feedback and survey consent. */
export function PreferencesSection({ locale, profile }: { locale: Locale; profile: Profile }) {
  const t = translator(settingsMessages, locale);
  const c = translator(commonMessages, locale);
  const [saved, setSaved] = useState(false);
  const form = useForm<Preferences>({ values: profile.emailPreferences });

  const onSubmit = form.handleSubmit(async (emailPreferences) => {
    setSaved(false);
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/user', { body: { emailPreferences, meta: { locale: browserLocale() } } }), locale);
    if (outcome.ok) {
      setProfile(outcome.data);
      form.reset(outcome.data.emailPreferences);
      setSaved(true);
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    toastProblem('updateUserFailed', outcome.problem, locale);
  });

  return (
    <Section id="settings-preferences" title={t('preferencesHeading')}>
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={form.formState.isSubmitting}>
        <fieldset className="auth-fieldset">
          <legend>{t('preferencesLegend')}</legend>
          {KEYS.map(([key, label]) => (
            <div className="auth-check" key={key}>
              <input id={`settings-pref-${key}`} type="checkbox" {...form.register(key)} />
              <label htmlFor={`settings-pref-${key}`}>{t(label)}</label>
            </div>
          ))}
        </fieldset>
        <div className="auth-actions">
          <SubmitButton ready busy={form.formState.isSubmitting} busyLabel={c('working')}>
            {t('preferencesSave')}
          </SubmitButton>
          <p role="status" className="settings__status">
            {saved ? t('saved') : ''}
          </p>
        </div>
      </form>
    </Section>
  );
}
