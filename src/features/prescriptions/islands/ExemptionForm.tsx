import { useId } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import type { Translate } from '../../../platform/i18n/messages';
import { Field } from '../../../ui/forms/Field';
import { useForm, type FieldError } from '../../../ui/forms/use-form';
import { showToast } from '../../../ui/toast/toast';
import { handleUnauthorized } from '../../accounts/client';
import { saveExemption, type Exemption } from '../browser/redeem-api';
import type { ExemptionValues } from '../model/redeem-schemas';
import type { RedeemScreenKey, RedeemScreenText } from '../i18n/redeem-screen-messages';
import { shopDate } from './PrescriptionCard';

// Berlin's today, for "today or later": the clock and zod load at the first check, not with the page.
const checks = () => import('../browser/exemption-checks').then((module) => module.exemptionChecks());

const DATE_CODES: Record<string, RedeemScreenKey> = {
  PRESCRIPTION_EXEMPTION_DATE_REQUIRED: 'exemptionDateRequired',
  PRESCRIPTION_EXEMPTION_DATE_PAST: 'exemptionDatePast',
};

interface Props {
  locale: Locale;
  text: RedeemScreenText;
  t: Translate<RedeemScreenKey>;
  exemption: Exemption;
  /** After a save: the list's co-payments follow the new exemption. */
  onSaved: (exemption: Exemption) => void;
}

/**
 * "I am exempt from co-payments" with the certificate's last day (Zuzahlungsbefreiung, § 62 SGB
 * V): statutory prescriptions then cost nothing. Without "exempt" the date is not asked for.
 */
export function ExemptionForm({ locale, text, t, exemption, onSaved }: Props) {
  const id = useId();
  const form = useForm<ExemptionValues>({ schema: checks, defaultValues: { exempt: exemption.exempt, validUntil: exemption.validUntil ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();

  const wording = (error: FieldError | undefined) =>
    !error?.message ? undefined : error.type === 'server' ? error.message : (text[error.message as RedeemScreenKey] ?? error.message);

  const onSubmit = form.handleSubmit(async (values) => {
    const body: Exemption = values.exempt ? { exempt: true, validUntil: values.validUntil.trim() } : { exempt: false, validUntil: null };
    const outcome = await saveExemption(locale, body);
    if (outcome.ok) {
      onSaved(outcome.data);
      void showToast({ type: 'success', title: outcome.data.exempt ? t('exemptionSaved') : t('exemptionRemoved') });
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    const { problem } = outcome;
    const dateKey = DATE_CODES[problem.code];
    if (problem.fields.validUntil || dateKey) {
      form.setError('validUntil', { type: 'server', message: problem.message || (dateKey ? t(dateKey) : '') }, { shouldFocus: true });
      return;
    }
    void showToast({ type: 'error', title: t('exemptionFailed'), description: problem.message });
  });

  const status = exemption.exempt && exemption.validUntil
    ? t('exemptionCurrent', { date: shopDate(exemption.validUntil, locale) })
    : exemption.validUntil
      ? t('exemptionLapsed', { date: shopDate(exemption.validUntil, locale) })
      : null;

  return (
    <form className="prescriptions-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
      <p>{t('exemptionIntro')}</p>
      {status && <p className="account-muted">{status}</p>}
      <div className="prescriptions-check">
        <input id={`${id}-exempt`} type="checkbox" {...form.register('exempt')} />
        <label htmlFor={`${id}-exempt`}>{t('exemptLabel')}</label>
      </div>
      {values.exempt && (
        <Field
          id={`${id}-valid-until`}
          block="prescriptions-field"
          label={t('validUntilLabel')}
          hint={t('validUntilHint')}
          type="date"
          required
          registration={form.register('validUntil')}
          error={wording(errors.validUntil)}
        />
      )}
      <div className="account-actions">
        <button type="submit" className="account-button account-button--secondary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('exemptionSaving') : t('exemptionSave')}
        </button>
      </div>
    </form>
  );
}
