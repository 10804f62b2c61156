import { useForm } from '../../../ui/forms/use-form';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import type { Problem } from '../../../platform/api-client/outcome';
import { commonMessages } from '../i18n/common';
import { screenMessages } from '../i18n/screens';
import { accountChecks } from './forms/checks';
import { Field } from './forms/Field';
import { applyProblem, fieldErrorText } from './forms/field-errors';
import { SubmitButton } from './forms/SubmitButton';

/**
 * A first social sign-in that creates an account also asks for the birth date (18+). Its own chunk:
 * most visitors of the callback are signed in, or told it failed, without ever seeing this form.
 * `send` answers the problem to show at the field (too young), or nothing when the screen moved on.
 */
export default function SocialBirthDateForm({ locale, send }: { locale: Locale; send: (birthDate: string) => Promise<Problem | undefined> }) {
  const t = translator(screenMessages, locale);
  const c = translator(commonMessages, locale);
  const form = useForm({ schema: accountChecks('birthDateSchema'), defaultValues: { birthDate: '' } });
  const onSubmit = form.handleSubmit(async ({ birthDate }) => {
    const problem = await send(birthDate);
    if (problem) applyProblem(form, problem, locale, { AGE_BELOW_MINIMUM_CRITERIA: 'birthDate' });
  });
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={form.formState.isSubmitting}>
      <p>{t('callbackBirthDate')}</p>
      <Field
        id="callback-birth-date"
        label={c('birthDate')}
        type="date"
        autoComplete="bday"
        required
        registration={form.register('birthDate')}
        error={fieldErrorText(form.formState.errors.birthDate, locale)}
      />
      <SubmitButton ready busy={form.formState.isSubmitting} busyLabel={c('working')}>
        {t('callbackContinue')}
      </SubmitButton>
    </form>
  );
}
