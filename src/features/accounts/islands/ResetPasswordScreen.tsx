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
import type { ResetValues } from '../model/schemas';
import { endSession } from '../browser/start-session';
import { accountChecks } from './forms/checks';
import { Field } from './forms/Field';
import { applyProblem, fieldErrorText } from './forms/field-errors';
import { useFlashToast, useHydrated } from './forms/hooks';
import { successTitle, toastProblem } from './forms/notify';
import { SubmitButton } from './forms/SubmitButton';
import { ACCOUNT_FIELD_MAX } from '../model/field-limits';

/** Reset password with the mailed code (spec §3: code, password, confirmPassword). */
export default function ResetPasswordScreen({ locale }: { locale: Locale }) {
  const t = translator(screenMessages, locale);
  const c = translator(commonMessages, locale);
  const ready = useHydrated();
  useFlashToast();
  const [leaving, setLeaving] = useState(false);
  const initialEmail = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('email') ?? '');
  const form = useForm<ResetValues>({ schema: accountChecks('resetSchema'), defaultValues: { email: initialEmail, code: '', password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const err = (name: keyof ResetValues) => fieldErrorText(errors[name], locale);

  const onSubmit = form.handleSubmit(async (values) => {
    const email = values.email.trim();
    const body = { code: values.code.trim(), password: values.password, confirmPassword: values.confirmPassword, ...(email ? { email } : {}) };
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/user/reset-password', { body }), locale);
    if (outcome.ok) {
      // The reset ends every session of the account, this device's included.
      endSession();
      setFlash({ type: 'success', title: successTitle('passwordReset', locale) });
      setLeaving(true);
      location.assign(authHref('login', locale, { email }));
      return;
    }
    applyProblem(form, outcome.problem, locale, {
      CODE_EXPIRED_INVALID_OR_USED: 'code',
      INVALID_VERIFICATION_CODE: 'code',
      INVALID_PASSWORD_LENGTH: 'password',
      PASSWORD_MISMATCH: 'confirmPassword',
    });
    toastProblem('resetFailed', outcome.problem, locale);
  });

  return (
    <div className="auth-stack">
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting || leaving}>
        <Field id="reset-email" label={c('email')} type="email" autoComplete="username" inputMode="email" maxLength={ACCOUNT_FIELD_MAX.email} registration={form.register('email')} error={err('email')} />
        <Field id="reset-code" label={c('code')} type="text" autoComplete="one-time-code" inputMode="numeric" maxLength={6} required registration={form.register('code')} error={err('code')} />
        <Field id="reset-password" label={c('newPassword')} type="password" autoComplete="new-password" required hint={c('passwordHint')} maxLength={ACCOUNT_FIELD_MAX.password} registration={form.register('password')} error={err('password')} />
        <Field id="reset-confirm" label={c('confirmPassword')} type="password" autoComplete="new-password" required maxLength={ACCOUNT_FIELD_MAX.password} registration={form.register('confirmPassword')} error={err('confirmPassword')} />
        <SubmitButton ready={ready} busy={isSubmitting || leaving} busyLabel={c('working')}>
          {t('resetSubmit')}
        </SubmitButton>
      </form>
      <p className="auth-alt">
        {t('noCode')} <a href={authHref('forgotPassword', locale)}>{t('requestCode')}</a>
      </p>
    </div>
  );
}
