import { useEffect, useState } from 'react';
import { useForm } from '../../../../ui/forms/use-form';
import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { commonMessages } from '../../i18n/common';
import { settingsMessages } from '../../i18n/settings';
import { apiClient } from '../../../../platform/api-client';
import { type Profile } from '../../browser/api-types';
import { attempt } from '../../../../platform/api-client/outcome';
import { setProfile } from '../../browser/profile-store';
import { authHref } from '../../model/routes';
import { accountChecks } from '../forms/checks';
import { Field } from '../forms/Field';
import { applyProblem, fieldErrorText } from '../forms/field-errors';
import { toastProblem } from '../forms/notify';
import { SubmitButton } from '../forms/SubmitButton';
import { CodeConfirmForm } from './CodeConfirmForm';
import { handleUnauthorized, Section } from './shared';
import { ACCOUNT_FIELD_MAX } from '../../model/field-limits';

/** E-mail change: PUT /user/email sends a code to the new address, POST /user/email/confirm finishes it. */
export function EmailSection({ locale, profile }: { locale: Locale; profile: Profile }) {
  const t = translator(settingsMessages, locale);
  const c = translator(commonMessages, locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const emailForm = useForm({ schema: accountChecks('changeEmailSchema'), defaultValues: { email: '', password: '' } });
  const codeForm = useForm({ schema: accountChecks('codeSchema'), defaultValues: { code: '' } });
  // The code field replaces the previous step: move focus there so keyboard users carry on.
  useEffect(() => {
    if (sentTo !== null) codeForm.setFocus('code');
  }, [sentTo]); // Only when the step changes, not on every keystroke's re-render.

  const request = emailForm.handleSubmit(async (values) => {
    setDone(false);
    const email = values.email.trim();
    const body = { email, ...(profile.hasPassword ? { password: values.password } : {}) };
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/user/email', { body }), locale);
    if (outcome.ok) {
      setSentTo(email);
      codeForm.reset({ code: '' });
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    const mapped = applyProblem(emailForm, outcome.problem, locale, {
      INVALID_EMAIL: 'email',
      DUPLICATE_EMAIL: 'email',
      BAD_REQUEST: 'email',
      INCORRECT_PASSWORD: 'password',
      MISSING_PARAMS: 'password',
    });
    if (!mapped) toastProblem('updateUserFailed', outcome.problem, locale);
  });

  const confirm = codeForm.handleSubmit(async ({ code }) => {
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/email/confirm', { body: { code: code.trim() } }), locale);
    if (outcome.ok) {
      setProfile(outcome.data);
      emailForm.reset({ email: '', password: '' });
      setSentTo(null);
      setDone(true);
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    if (!applyProblem(codeForm, outcome.problem, locale, { CODE_EXPIRED_INVALID_OR_USED: 'code', INVALID_VERIFICATION_CODE: 'code' })) {
      toastProblem('updateUserFailed', outcome.problem, locale);
    }
  });

  return (
    <Section id="settings-email" title={t('emailHeading')}>
      {profile.email && (
        <p>
          {t('emailCurrent', { email: profile.email })}{' '}
          <span className={profile.emailVerified ? 'badge badge--ok' : 'badge badge--warn'}>{profile.emailVerified ? t('emailVerifiedBadge') : t('emailUnverifiedBadge')}</span>
          {!profile.emailVerified && (
            <>
              {' '}
              <a href={authHref('verifyEmail', locale, { email: profile.email, redirect: '/settings' })}>{t('emailVerifyNow')}</a>
            </>
          )}
        </p>
      )}
      {sentTo === null ? (
        <form className="auth-form" noValidate onSubmit={request} aria-busy={emailForm.formState.isSubmitting}>
          <Field id="settings-new-email" label={t('newEmail')} type="email" autoComplete="email" inputMode="email" required maxLength={ACCOUNT_FIELD_MAX.email} registration={emailForm.register('email')} error={fieldErrorText(emailForm.formState.errors.email, locale)} />
          {profile.hasPassword && (
            <Field id="settings-email-password" label={t('currentPassword')} type="password" autoComplete="current-password" required maxLength={ACCOUNT_FIELD_MAX.password} registration={emailForm.register('password')} error={fieldErrorText(emailForm.formState.errors.password, locale)} />
          )}
          <div className="auth-actions">
            <SubmitButton ready busy={emailForm.formState.isSubmitting} busyLabel={c('working')}>
              {t('emailSend')}
            </SubmitButton>
            <p role="status" className="settings__status">
              {done ? t('emailChanged') : ''}
            </p>
          </div>
        </form>
      ) : (
        <CodeConfirmForm id="settings-email-code" locale={locale} form={codeForm} onSubmit={confirm} onCancel={() => setSentTo(null)} sentMessage={t('emailCodeSent', { email: sentTo })} confirmLabel={t('emailConfirm')} />
      )}
    </Section>
  );
}
