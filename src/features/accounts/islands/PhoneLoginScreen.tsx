import { useEffect, useState } from 'react';
import { useForm } from '../../../ui/forms/use-form';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { commonMessages } from '../i18n/common';
import { screenMessages } from '../i18n/screens';
import { apiClient } from '../../../platform/api-client';
import { safeRedirectTarget } from '../model/guard';
import { attempt } from '../../../platform/api-client/outcome';
import { toProblem } from '../../../platform/api-client/problem';
import { authHref } from '../model/routes';
import { currentRedirectParam } from '../browser/redirect';
import { startSession } from '../browser/start-session';
import { accountChecks } from './forms/checks';
import { Field } from './forms/Field';
import { applyProblem, fieldErrorText } from './forms/field-errors';
import { useFlashToast, useHydrated } from './forms/hooks';
import { toastProblem } from './forms/notify';
import { SubmitButton } from './forms/SubmitButton';
import { ACCOUNT_FIELD_MAX } from '../model/field-limits';

/**
 * Phone login: enter the number -> a 6-digit code is texted -> enter it -> logged in. When two
 * accounts share the number the server asks which one: the e-mail field appears.
 */
export default function PhoneLoginScreen({ locale }: { locale: Locale }) {
  const t = translator(screenMessages, locale);
  const c = translator(commonMessages, locale);
  const ready = useHydrated();
  useFlashToast();
  const [phone, setPhone] = useState<string | null>(null);
  const [needsEmail, setNeedsEmail] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const phoneForm = useForm({ schema: accountChecks('phoneSchema'), defaultValues: { phone: '' } });
  const codeForm = useForm({ schema: accountChecks('phoneCodeSchema'), defaultValues: { code: '', email: '' } });
  // The code field replaces the previous step: move focus there so keyboard users carry on.
  useEffect(() => {
    if (phone !== null) codeForm.setFocus('code');
  }, [phone]); // Only when the step changes, not on every keystroke's re-render.
  const redirect = ready ? currentRedirectParam() : null;

  const requestCode = phoneForm.handleSubmit(async (values) => {
    const number = values.phone.trim();
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/phone/request-code', { body: { phone: number } }), locale);
    if (!outcome.ok) {
      if (!applyProblem(phoneForm, outcome.problem, locale, { INVALID_PHONE_NUMBER: 'phone' })) toastProblem('oops', outcome.problem, locale);
      return;
    }
    setPhone(number);
    codeForm.reset({ code: '', email: codeForm.getValues('email') });
  });

  const verify = codeForm.handleSubmit(async (values) => {
    if (!phone) return;
    const email = values.email.trim();
    const body = { phone, code: values.code.trim(), ...(email ? { email } : {}) };
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/phone/verify-code', { body }), locale);
    if (outcome.ok) {
      if (startSession(outcome.data)) {
        setLeaving(true);
        location.assign(safeRedirectTarget(currentRedirectParam(), locale));
        return;
      }
      toastProblem('oops', toProblem(null, 0, locale), locale);
      return;
    }
    if (outcome.problem.code === 'MULTIPLE_ACCOUNTS_FOR_PHONE') setNeedsEmail(true);
    applyProblem(codeForm, outcome.problem, locale, {
      WRONG_CODE_OR_PHONE: 'code',
      CODE_EXPIRED_INVALID_OR_USED: 'code',
      INVALID_VERIFICATION_CODE: 'code',
      MULTIPLE_ACCOUNTS_FOR_PHONE: 'email',
      PHONE_EMAIL_MISMATCH: 'email',
    });
    toastProblem('loginFailed', outcome.problem, locale);
  });

  const busy = phoneForm.formState.isSubmitting || codeForm.formState.isSubmitting || leaving;
  return (
    <div className="auth-stack">
      {phone === null ? (
        <form className="auth-form" noValidate onSubmit={requestCode} aria-busy={busy}>
          <Field
            id="phone-number"
            label={c('phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={ACCOUNT_FIELD_MAX.phone}
            registration={phoneForm.register('phone')}
            error={fieldErrorText(phoneForm.formState.errors.phone, locale)}
          />
          <SubmitButton ready={ready} busy={busy} busyLabel={c('working')}>
            {t('phoneSend')}
          </SubmitButton>
        </form>
      ) : (
        <form className="auth-form" noValidate onSubmit={verify} aria-busy={busy}>
          <p role="status">
            {t('phoneSentTo', { phone })}
          </p>
          <Field
            id="phone-code"
            label={c('code')}
            type="text"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            registration={codeForm.register('code')}
            error={fieldErrorText(codeForm.formState.errors.code, locale)}
          />
          {needsEmail && (
            <Field
              id="phone-email"
              label={c('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              hint={t('phoneEmailHint')}
              maxLength={ACCOUNT_FIELD_MAX.email}
              registration={codeForm.register('email')}
              error={fieldErrorText(codeForm.formState.errors.email, locale)}
            />
          )}
          <SubmitButton ready={ready} busy={busy} busyLabel={c('working')}>
            {t('phoneVerify')}
          </SubmitButton>
          <div className="auth-actions">
            <button type="button" className="auth-link-button" onClick={() => setPhone(null)} disabled={busy}>
              {t('phoneOtherNumber')}
            </button>
            <button type="button" className="auth-link-button" onClick={() => void requestCode()} disabled={busy}>
              {t('phoneResend')}
            </button>
          </div>
        </form>
      )}
      <p className="auth-alt">
        <a href={authHref('login', locale, { redirect })}>{t('emailLoginLink')}</a>
      </p>
    </div>
  );
}
