import { useState } from 'react';
import { useForm } from '../../../ui/forms/use-form';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { commonMessages } from '../i18n/common';
import { screenMessages } from '../i18n/screens';
import { apiClient } from '../../../platform/api-client';
import { setFlash } from '../browser/flash';
import { safeRedirectTarget } from '../model/guard';
import { attempt } from '../../../platform/api-client/outcome';
import { authHref } from '../model/routes';
import { currentRedirectParam } from '../browser/redirect';
import { getToken } from '../../../platform/api-client/token';
import { accountChecks } from './forms/checks';
import { Field } from './forms/Field';
import { applyProblem, fieldErrorText } from './forms/field-errors';
import { useFlashToast, useHydrated } from './forms/hooks';
import { successTitle, toastProblem } from './forms/notify';
import { SubmitButton } from './forms/SubmitButton';
import { ACCOUNT_FIELD_MAX } from '../model/field-limits';

/**
 * Verify the e-mail address with the mailed code. Logged in (right after registration) the token
 * says whose code it is; from a link in another browser the e-mail address does.
 */
export default function VerifyEmailScreen({ locale }: { locale: Locale }) {
  const t = translator(screenMessages, locale);
  const c = translator(commonMessages, locale);
  const ready = useHydrated();
  useFlashToast();
  const [leaving, setLeaving] = useState(false);
  const [resending, setResending] = useState(false);
  const params = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
  const loggedIn = ready && getToken() !== null;
  const form = useForm({ schema: accountChecks('verifyEmailSchema'), defaultValues: { email: params.get('email') ?? '', code: '' } });
  const { errors, isSubmitting } = form.formState;
  const shownEmail = ready ? params.get('email') : null;
  const next = () => (currentRedirectParam() ? safeRedirectTarget(currentRedirectParam(), locale) : authHref('settings', locale));

  const onSubmit = form.handleSubmit(async (values) => {
    const email = values.email.trim();
    const body = { code: values.code.trim(), ...(email && !getToken() ? { email } : {}) };
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/verify-email', { body }), locale);
    if (outcome.ok) {
      setFlash({ type: 'success', title: successTitle('emailVerified', locale) });
      setLeaving(true);
      location.assign(getToken() ? next() : authHref('login', locale, { email }));
      return;
    }
    if (!applyProblem(form, outcome.problem, locale, { CODE_EXPIRED_INVALID_OR_USED: 'code', INVALID_VERIFICATION_CODE: 'code' })) {
      toastProblem('oops', outcome.problem, locale);
    }
  });

  async function resend() {
    setResending(true);
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/verify-email/resend'), locale);
    setResending(false);
    if (outcome.ok) void showToast({ type: 'success', title: t('verifyResent') });
    else toastProblem('oops', outcome.problem, locale);
  }

  return (
    <div className="auth-stack">
      <p>{shownEmail ? t('verifyIntroTo', { email: shownEmail }) : t('verifyIntro')}</p>
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting || leaving}>
        {!loggedIn && (
          <Field id="verify-email" label={c('email')} type="email" autoComplete="email" inputMode="email" maxLength={ACCOUNT_FIELD_MAX.email} registration={form.register('email')} error={fieldErrorText(errors.email, locale)} />
        )}
        <Field id="verify-code" label={c('code')} type="text" autoComplete="one-time-code" inputMode="numeric" maxLength={6} required registration={form.register('code')} error={fieldErrorText(errors.code, locale)} />
        <SubmitButton ready={ready} busy={isSubmitting || leaving} busyLabel={c('working')}>
          {t('verifySubmit')}
        </SubmitButton>
      </form>
      {loggedIn && (
        <div className="auth-actions">
          <SubmitButton type="button" variant="secondary" ready={ready} busy={resending} busyLabel={c('working')} onClick={() => void resend()}>
            {t('verifyResend')}
          </SubmitButton>
          <a href={next()}>{t('verifyLater')}</a>
        </div>
      )}
    </div>
  );
}
