import { useState } from 'react';
import { useForm } from '../../../ui/forms/use-form';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { currentDetour } from '../../../platform/detour';
import { commonMessages } from '../i18n/common';
import { screenMessages } from '../i18n/screens';
import { apiClient } from '../../../platform/api-client';
import { attempt } from '../../../platform/api-client/outcome';
import { toProblem } from '../../../platform/api-client/problem';
import { AUTH_ROUTES, authHref } from '../model/routes';
import { currentRedirectParam } from '../browser/redirect';
import type { RegisterValues } from '../model/schemas';
import { startSession } from '../browser/start-session';
import { accountChecks } from './forms/checks';
import { Field } from './forms/Field';
import { applyProblem, fieldErrorText } from './forms/field-errors';
import { useFlashToast, useHydrated } from './forms/hooks';
import { toastProblem } from './forms/notify';
import { SubmitButton } from './forms/SubmitButton';
import { ACCOUNT_FIELD_MAX } from '../model/field-limits';

/**
 * Registration (spec §3/§5): first name, e-mail, birth date (18+), password and confirmation.
 * The new account is logged in at once and continues to e-mail verification.
 */
export default function RegisterScreen({ locale }: { locale: Locale }) {
  const t = translator(screenMessages, locale);
  const c = translator(commonMessages, locale);
  const ready = useHydrated();
  useFlashToast();
  const [leaving, setLeaving] = useState(false);
  const form = useForm<RegisterValues>({
    schema: accountChecks('registerSchema'),
    defaultValues: { firstName: '', email: '', birthDate: '', password: '', confirmPassword: '', marketing: false },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (name: Exclude<keyof RegisterValues, 'marketing'>) => fieldErrorText(errors[name], locale);
  const redirect = ready ? currentRedirectParam() : null;
  // An "Add to cart" is waiting: say why this screen asks, and for what.
  const detour = ready ? currentDetour() : null;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      firstName: values.firstName.trim(),
      email: values.email.trim(),
      birthDate: values.birthDate,
      password: values.password,
      confirmPassword: values.confirmPassword,
      locale,
      marketing: values.marketing,
    };
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/register', { body }), locale);
    if (outcome.ok) {
      if (startSession(outcome.data)) {
        setLeaving(true);
        location.assign(authHref('verifyEmail', locale, { email: outcome.data.user.email, redirect: currentRedirectParam() }));
        return;
      }
      toastProblem('oops', toProblem(null, 0, locale), locale);
      return;
    }
    applyProblem(form, outcome.problem, locale, {
      INVALID_EMAIL: 'email',
      DUPLICATE_EMAIL: 'email',
      INVALID_PASSWORD_LENGTH: 'password',
      PASSWORD_MISMATCH: 'confirmPassword',
      AGE_BELOW_MINIMUM_CRITERIA: 'birthDate',
    });
    toastProblem('registrationFailed', outcome.problem, locale);
  });

  const [before, between, after] = splitTerms(t('registerTerms'));
  return (
    <div className="auth-stack">
      {detour && (
        <p className="auth-detour" data-detour>
          {t('detourLogin', { product: detour.product })}
        </p>
      )}
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting || leaving}>
        <Field id="register-first-name" label={c('firstName')} type="text" autoComplete="given-name" required maxLength={ACCOUNT_FIELD_MAX.name} registration={form.register('firstName')} error={err('firstName')} />
        <Field id="register-email" label={c('email')} type="email" autoComplete="email" inputMode="email" required maxLength={ACCOUNT_FIELD_MAX.email} registration={form.register('email')} error={err('email')} />
        <Field id="register-birth-date" label={c('birthDate')} type="date" autoComplete="bday" required registration={form.register('birthDate')} error={err('birthDate')} />
        <Field
          id="register-password"
          label={c('password')}
          type="password"
          autoComplete="new-password"
          required
          hint={c('passwordHint')}
          maxLength={ACCOUNT_FIELD_MAX.password}
          registration={form.register('password')}
          error={err('password')}
        />
        <Field id="register-confirm" label={c('confirmPassword')} type="password" autoComplete="new-password" required maxLength={ACCOUNT_FIELD_MAX.password} registration={form.register('confirmPassword')} error={err('confirmPassword')} />
        <div className="auth-check">
          <input id="register-marketing" type="checkbox" {...form.register('marketing')} />
          <label htmlFor="register-marketing">{t('marketingOptIn')}</label>
        </div>
        <p className="auth-form__aside">
          {before}
          <a href={localizePath(AUTH_ROUTES.terms, locale)}>{t('termsLink')}</a>
          {between}
          <a href={localizePath(AUTH_ROUTES.privacy, locale)}>{t('privacyLink')}</a>
          {after}
        </p>
        <SubmitButton ready={ready} busy={isSubmitting || leaving} busyLabel={c('working')}>
          {t('registerSubmit')}
        </SubmitButton>
      </form>
      <p className="auth-alt">
        {t('haveAccount')} <a href={authHref('login', locale, { redirect })}>{t('logIn')}</a>
      </p>
    </div>
  );
}

/** The sentence around the two links, split at its {terms} and {privacy} placeholders. */
function splitTerms(sentence: string): [string, string, string] {
  const [before = '', rest = ''] = sentence.split('{terms}');
  const [between = '', after = ''] = rest.split('{privacy}');
  return [before, between, after];
}
