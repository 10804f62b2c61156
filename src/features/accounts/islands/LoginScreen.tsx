import { useState } from 'react';
import { useForm } from '../../../ui/forms/use-form';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { currentDetour } from '../../../platform/detour';
import { commonMessages } from '../i18n/common';
import { screenMessages } from '../i18n/screens';
import { apiClient } from '../../../platform/api-client';
import { safeRedirectTarget } from '../model/guard';
import { attempt } from '../../../platform/api-client/outcome';
import { toProblem } from '../../../platform/api-client/problem';
import { authHref } from '../model/routes';
import { currentRedirectParam } from '../browser/redirect';
import type { LoginValues } from '../model/schemas';
import { startSession } from '../browser/start-session';
import { accountChecks } from './forms/checks';
import { Field } from './forms/Field';
import { applyProblem, fieldErrorText } from './forms/field-errors';
import { useFlashToast, useHydrated } from './forms/hooks';
import { toastProblem } from './forms/notify';
import { SubmitButton } from './forms/SubmitButton';
import { SocialButtons } from './SocialButtons';
import { ACCOUNT_FIELD_MAX } from '../model/field-limits';

/** E-mail login (spec §5: both fields required); failures toast "Login failed" + the server's text. */
export default function LoginScreen({ locale }: { locale: Locale }) {
  const t = translator(screenMessages, locale);
  const c = translator(commonMessages, locale);
  const ready = useHydrated();
  useFlashToast();
  const [leaving, setLeaving] = useState(false);
  const initialEmail = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('email') ?? '');
  const form = useForm<LoginValues>({ schema: accountChecks('loginSchema'), defaultValues: { email: initialEmail, password: '' } });
  const { errors, isSubmitting } = form.formState;
  const redirect = ready ? currentRedirectParam() : null;
  // An "Add to cart" is waiting: say why this screen asks, and for what.
  const detour = ready ? currentDetour() : null;

  const onSubmit = form.handleSubmit(async (values) => {
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/login', { body: { email: values.email.trim(), password: values.password } }), locale);
    if (outcome.ok) {
      if (startSession(outcome.data)) {
        setLeaving(true);
        location.assign(safeRedirectTarget(currentRedirectParam(), locale));
        return;
      }
      toastProblem('oops', toProblem(null, 0, locale), locale);
      return;
    }
    applyProblem(form, outcome.problem, locale, { USER_NOT_FOUND: 'email', INVALID_EMAIL: 'email', INCORRECT_PASSWORD: 'password' });
    toastProblem('loginFailed', outcome.problem, locale);
  });

  return (
    <div className="auth-stack">
      {detour && (
        <p className="auth-detour" data-detour>
          {t('detourLogin', { product: detour.product })}
        </p>
      )}
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting || leaving}>
        <Field
          id="login-email"
          label={c('email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          maxLength={ACCOUNT_FIELD_MAX.email}
          registration={form.register('email')}
          error={fieldErrorText(errors.email, locale)}
        />
        <Field
          id="login-password"
          label={c('password')}
          type="password"
          autoComplete="current-password"
          required
          maxLength={ACCOUNT_FIELD_MAX.password}
          registration={form.register('password')}
          error={fieldErrorText(errors.password, locale)}
        />
        <p className="auth-form__aside">
          <a href={authHref('forgotPassword', locale)}>{t('forgotLink')}</a>
        </p>
        <SubmitButton ready={ready} busy={isSubmitting || leaving} busyLabel={c('working')}>
          {t('loginSubmit')}
        </SubmitButton>
      </form>
      <p className="auth-alt">
        <a href={authHref('phoneLogin', locale, { redirect })}>{t('phoneLoginLink')}</a>
      </p>
      <SocialButtons locale={locale} redirect={redirect} />
      <p className="auth-alt">
        {t('noAccount')} <a href={authHref('register', locale, { redirect })}>{t('signUp')}</a>
      </p>
    </div>
  );
}
