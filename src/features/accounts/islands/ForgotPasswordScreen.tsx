import { useState } from 'react';
import { useForm } from '../../../ui/forms/use-form';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { commonMessages } from '../i18n/common';
import { screenMessages } from '../i18n/screens';
import { apiClient } from '../../../platform/api-client';
import { setFlash } from '../browser/flash';
import { attempt } from '../../../platform/api-client/outcome';
import { authHref } from '../model/routes';
import { accountChecks } from './forms/checks';
import { Field } from './forms/Field';
import { applyProblem, fieldErrorText } from './forms/field-errors';
import { useFlashToast, useHydrated } from './forms/hooks';
import { successTitle, toastProblem } from './forms/notify';
import { SubmitButton } from './forms/SubmitButton';
import { ACCOUNT_FIELD_MAX } from '../model/field-limits';

/** Forgot password: mails a reset code, then continues to the reset screen with the address filled in. */
export default function ForgotPasswordScreen({ locale }: { locale: Locale }) {
  const t = translator(screenMessages, locale);
  const c = translator(commonMessages, locale);
  const ready = useHydrated();
  useFlashToast();
  const [leaving, setLeaving] = useState(false);
  const initialEmail = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('email') ?? '');
  const form = useForm({ schema: accountChecks('forgotSchema'), defaultValues: { email: initialEmail } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const address = email.trim();
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/user/forgot-password', { body: { email: address } }), locale);
    if (outcome.ok) {
      // Shown on the next screen, where the code is entered.
      setFlash({ type: 'success', title: successTitle('resetEmailSent', locale) });
      setLeaving(true);
      location.assign(authHref('resetPassword', locale, { email: address }));
      return;
    }
    applyProblem(form, outcome.problem, locale, { ACCOUNT_NOT_FOUND: 'email', USER_NOT_FOUND: 'email', INVALID_EMAIL: 'email' });
    toastProblem('resetFailed', outcome.problem, locale);
  });

  return (
    <div className="auth-stack">
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting || leaving}>
        <Field id="forgot-email" label={c('email')} type="email" autoComplete="email" inputMode="email" required maxLength={ACCOUNT_FIELD_MAX.email} registration={form.register('email')} error={fieldErrorText(errors.email, locale)} />
        <SubmitButton ready={ready} busy={isSubmitting || leaving} busyLabel={c('working')}>
          {t('forgotSubmit')}
        </SubmitButton>
      </form>
      <p className="auth-alt">
        <a href={authHref('login', locale)}>{t('backToLogin')}</a>
      </p>
    </div>
  );
}
