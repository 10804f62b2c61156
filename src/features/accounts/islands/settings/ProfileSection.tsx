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
import { accountChecks } from '../forms/checks';
import { Field } from '../forms/Field';
import { applyProblem, fieldErrorText } from '../forms/field-errors';
import { toastProblem } from '../forms/notify';
import { SubmitButton } from '../forms/SubmitButton';
import { browserLocale, handleUnauthorized, Section } from './shared';
import { ACCOUNT_FIELD_MAX } from '../../model/field-limits';

/** First and last name (PUT /user; a failure toasts "Update user failed"). */
export function ProfileSection({ locale, profile }: { locale: Locale; profile: Profile }) {
  const t = translator(settingsMessages, locale);
  const c = translator(commonMessages, locale);
  const [saved, setSaved] = useState(false);
  const form = useForm({
    schema: accountChecks('nameSchema'),
    // Follows the profile as fresher copies arrive, without overwriting what the user is typing.
    values: { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    const body = { firstName: values.firstName.trim(), lastName: values.lastName.trim() || null, meta: { locale: browserLocale() } };
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/user', { body }), locale);
    if (outcome.ok) {
      setProfile(outcome.data);
      setSaved(true);
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    applyProblem(form, outcome.problem, locale);
    toastProblem('updateUserFailed', outcome.problem, locale);
  });

  return (
    <Section id="settings-profile" title={t('profileHeading')}>
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
        <Field id="settings-first-name" label={c('firstName')} type="text" autoComplete="given-name" required maxLength={ACCOUNT_FIELD_MAX.name} registration={form.register('firstName')} error={fieldErrorText(errors.firstName, locale)} />
        <Field id="settings-last-name" label={`${c('lastName')} ${c('optional')}`} type="text" autoComplete="family-name" maxLength={ACCOUNT_FIELD_MAX.name} registration={form.register('lastName')} error={fieldErrorText(errors.lastName, locale)} />
        <div className="auth-actions">
          <SubmitButton ready busy={isSubmitting} busyLabel={c('working')}>
            {t('save')}
          </SubmitButton>
          <p role="status" className="settings__status">
            {saved ? t('saved') : ''}
          </p>
        </div>
      </form>
    </Section>
  );
}
