import { useForm } from '../../../../ui/forms/use-form';
import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { showToast } from '../../../../ui/toast/toast';
import { commonMessages } from '../../i18n/common';
import { settingsMessages } from '../../i18n/settings';
import { apiClient } from '../../../../platform/api-client';
import { type Profile } from '../../browser/api-types';
import { attempt } from '../../../../platform/api-client/outcome';
import { authHref } from '../../model/routes';
import type { ChangePasswordValues } from '../../model/schemas';
import { accountChecks } from '../forms/checks';
import { Field } from '../forms/Field';
import { applyProblem, fieldErrorText } from '../forms/field-errors';
import { successTitle, toastProblem } from '../forms/notify';
import { SubmitButton } from '../forms/SubmitButton';
import { handleUnauthorized, Section } from './shared';
import { ACCOUNT_FIELD_MAX } from '../../model/field-limits';

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Password change (spec §3: oldPassword, newPassword, confirmPassword). Accounts made by phone or
 * social sign-in have none yet: they set one through the reset code instead.
 */
export function PasswordSection({ locale, profile }: { locale: Locale; profile: Profile }) {
  const t = translator(settingsMessages, locale);
  const c = translator(commonMessages, locale);
  const form = useForm<ChangePasswordValues>({ schema: accountChecks('changePasswordSchema'), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const err = (name: keyof ChangePasswordValues) => fieldErrorText(errors[name], locale);

  const onSubmit = form.handleSubmit(async (values) => {
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/user/password', { body: values }), locale);
    if (outcome.ok) {
      form.reset(EMPTY);
      void showToast({ type: 'success', title: successTitle('passwordUpdated', locale) });
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    const mapped = applyProblem(form, outcome.problem, locale, {
      INCORRECT_PASSWORD: 'oldPassword',
      INVALID_PASSWORD_LENGTH: 'newPassword',
      PASSWORD_MISMATCH: 'confirmPassword',
    });
    if (!mapped) toastProblem('oops', outcome.problem, locale);
  });

  return (
    <Section id="settings-password" title={t('passwordHeading')}>
      {profile.hasPassword ? (
        <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <Field id="settings-old-password" label={t('oldPassword')} type="password" autoComplete="current-password" required maxLength={ACCOUNT_FIELD_MAX.password} registration={form.register('oldPassword')} error={err('oldPassword')} />
          <Field id="settings-new-password" label={c('newPassword')} type="password" autoComplete="new-password" required hint={c('passwordHint')} maxLength={ACCOUNT_FIELD_MAX.password} registration={form.register('newPassword')} error={err('newPassword')} />
          <Field id="settings-confirm-password" label={c('confirmPassword')} type="password" autoComplete="new-password" required maxLength={ACCOUNT_FIELD_MAX.password} registration={form.register('confirmPassword')} error={err('confirmPassword')} />
          <SubmitButton ready busy={isSubmitting} busyLabel={c('working')}>
            {t('passwordSubmit')}
          </SubmitButton>
        </form>
      ) : (
        <p>
          {t('noPassword')} <a href={authHref('forgotPassword', locale, { email: profile.email })}>{t('setPasswordLink')}</a>
        </p>
      )}
    </Section>
  );
}
