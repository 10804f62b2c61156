import type { FormEventHandler } from 'react';
import type { Form } from '../../../../ui/forms/use-form';
import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { commonMessages } from '../../i18n/common';
import { settingsMessages } from '../../i18n/settings';
import { Field } from '../forms/Field';
import { fieldErrorText } from '../forms/field-errors';
import { SubmitButton } from '../forms/SubmitButton';

interface Props {
  id: string;
  locale: Locale;
  form: Form<{ code: string }>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** Where the code went, already worded ("We sent a code to …"). */
  sentMessage: string;
  confirmLabel: string;
}

/** The second step of e-mail change and phone verification: enter the 6-digit code or go back. */
export function CodeConfirmForm({ id, locale, form, onSubmit, onCancel, sentMessage, confirmLabel }: Props) {
  const t = translator(settingsMessages, locale);
  const c = translator(commonMessages, locale);
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={form.formState.isSubmitting}>
      <p role="status">{sentMessage}</p>
      <Field id={id} label={c('code')} type="text" autoComplete="one-time-code" inputMode="numeric" maxLength={6} required registration={form.register('code')} error={fieldErrorText(form.formState.errors.code, locale)} />
      <div className="auth-actions">
        <SubmitButton ready busy={form.formState.isSubmitting} busyLabel={c('working')}>
          {confirmLabel}
        </SubmitButton>
        <button type="button" className="auth-link-button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
