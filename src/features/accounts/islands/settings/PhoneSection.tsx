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
import { accountChecks } from '../forms/checks';
import { Field } from '../forms/Field';
import { applyProblem, fieldErrorText } from '../forms/field-errors';
import { toastProblem } from '../forms/notify';
import { SubmitButton } from '../forms/SubmitButton';
import { CodeConfirmForm } from './CodeConfirmForm';
import { handleUnauthorized, Section } from './shared';
import { ACCOUNT_FIELD_MAX } from '../../model/field-limits';

/**
 * Phone number with confirmation (POST /user/verify-phone): { phone } texts a code, { phone, code }
 * stores the confirmed number, which then works for phone login.
 */
export function PhoneSection({ locale, profile }: { locale: Locale; profile: Profile }) {
  const t = translator(settingsMessages, locale);
  const c = translator(commonMessages, locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const phoneForm = useForm({ schema: accountChecks('phoneSchema'), defaultValues: { phone: profile.phone ?? '' } });
  const codeForm = useForm({ schema: accountChecks('codeSchema'), defaultValues: { code: '' } });
  // The code field replaces the previous step: move focus there so keyboard users carry on.
  useEffect(() => {
    if (sentTo !== null) codeForm.setFocus('code');
  }, [sentTo]); // Only when the step changes, not on every keystroke's re-render.

  const send = phoneForm.handleSubmit(async ({ phone }) => {
    setDone(false);
    const number = phone.trim();
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/verify-phone', { body: { phone: number } }), locale);
    if (outcome.ok) {
      setSentTo(number);
      codeForm.reset({ code: '' });
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    if (!applyProblem(phoneForm, outcome.problem, locale, { INVALID_PHONE_NUMBER: 'phone' })) toastProblem('updateUserFailed', outcome.problem, locale);
  });

  const confirm = codeForm.handleSubmit(async ({ code }) => {
    if (!sentTo) return;
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/verify-phone', { body: { phone: sentTo, code: code.trim() } }), locale);
    if (outcome.ok && 'id' in outcome.data) {
      setProfile(outcome.data);
      phoneForm.reset({ phone: outcome.data.phone ?? '' });
      setSentTo(null);
      setDone(true);
      return;
    }
    if (!outcome.ok && handleUnauthorized(outcome.problem)) return;
    if (!outcome.ok && !applyProblem(codeForm, outcome.problem, locale, { INVALID_VERIFICATION_CODE: 'code', CODE_EXPIRED_INVALID_OR_USED: 'code' })) {
      toastProblem('updateUserFailed', outcome.problem, locale);
    }
  });

  return (
    <Section id="settings-phone" title={t('phoneHeading')}>
      {profile.phone ? (
        <p>
          {t('phoneCurrent', { phone: profile.phone })}{' '}
          <span className={profile.phoneVerified ? 'badge badge--ok' : 'badge badge--warn'}>{profile.phoneVerified ? t('phoneConfirmed') : t('phoneUnconfirmed')}</span>
        </p>
      ) : (
        <p>{t('phoneNone')}</p>
      )}
      {sentTo === null ? (
        <form className="auth-form" noValidate onSubmit={send} aria-busy={phoneForm.formState.isSubmitting}>
          <Field id="settings-phone" label={c('phone')} type="tel" autoComplete="tel" inputMode="tel" required maxLength={ACCOUNT_FIELD_MAX.phone} registration={phoneForm.register('phone')} error={fieldErrorText(phoneForm.formState.errors.phone, locale)} />
          <div className="auth-actions">
            <SubmitButton ready busy={phoneForm.formState.isSubmitting} busyLabel={c('working')}>
              {t('phoneSend')}
            </SubmitButton>
            <p role="status" className="settings__status">
              {done ? t('phoneVerified') : ''}
            </p>
          </div>
        </form>
      ) : (
        <CodeConfirmForm id="settings-phone-code" locale={locale} form={codeForm} onSubmit={confirm} onCancel={() => setSentTo(null)} sentMessage={t('phoneCodeSent', { phone: sentTo })} confirmLabel={t('phoneConfirm')} />
      )}
    </Section>
  );
}
