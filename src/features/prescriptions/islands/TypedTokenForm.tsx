import { useEffect, useState } from 'react';
import type { Problem } from '../../../platform/api-client';
import type { Translate } from '../../../platform/i18n/messages';
import { Field } from '../../../ui/forms/Field';
import { useForm, type FieldError } from '../../../ui/forms/use-form';
import { checkTypedInput, type RedeemBody } from '../model/redeem-input';
import type { TypedPrescriptionValues } from '../model/redeem-schemas';
import type { RedeemScreenKey, RedeemScreenText } from '../i18n/redeem-screen-messages';

const EMPTY: TypedPrescriptionValues = { prescriptionId: '', accessCode: '' };
const checks = () => import('../model/redeem-schemas').then((module) => module.typedPrescriptionSchema);
const FIELDS = ['prescriptionId', 'accessCode'] as const;

interface Props {
  text: RedeemScreenText;
  t: Translate<RedeemScreenKey>;
  busy: boolean;
  /** Sends the body; resolves to the problem when nothing was redeemed, else null. */
  onRedeem: (body: RedeemBody) => Promise<Problem | null>;
}

/**
 * The PrescriptionID and access code typed in (or a `Task/…` line pasted into the first field).
 * Each field is checked with the token model as it is left, so a wrong check digit or a short
 * access code is named under its field before anything is sent; the server checks again, and its
 * verdict on a field lands under that field too.
 */
export function TypedTokenForm({ text, t, busy, onRedeem }: Props) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const form = useForm<TypedPrescriptionValues>({ schema: checks, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const wording = (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    return Object.hasOwn(text, error.message) ? text[error.message as keyof RedeemScreenText] : error.message;
  };

  // Checked as it is left (an empty field only at submit), and again at each change once it shows an error.
  const checkOnLeave = (name: (typeof FIELDS)[number]) => () => {
    if (form.getValues(name).trim() !== '') void form.trigger(name);
  };
  const recheck = (name: (typeof FIELDS)[number]) => () => {
    if (errors[name]) void form.trigger(name);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const checked = checkTypedInput(values);
    if (!checked.ok) return; // the schema found these already
    const problem = await onRedeem(checked.body);
    if (!problem) {
      form.reset(EMPTY);
      return;
    }
    const hits = FIELDS.filter((name) => problem.fields[name]);
    hits.forEach((name, index) => {
      const code = problem.fields[name]!;
      const message = code === problem.code ? problem.message : Object.hasOwn(text, code) ? text[code as keyof RedeemScreenText] : problem.message;
      form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 });
    });
  });

  const working = busy || isSubmitting;
  return (
    <form className="prescriptions-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={working || undefined}>
      <p className="account-muted">{t('typedIntro')}</p>
      <Field
        id="prescription-id"
        block="prescriptions-field"
        label={t('idLabel')}
        placeholder={t('idPlaceholder')}
        hint={t('idHint')}
        inputMode="text"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={2000}
        registration={form.register('prescriptionId', { onBlur: checkOnLeave('prescriptionId'), onChange: recheck('prescriptionId') })}
        error={wording(errors.prescriptionId)}
      />
      <Field
        id="prescription-access-code"
        block="prescriptions-field"
        label={t('codeLabel')}
        hint={t('codeHint')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={200}
        className="prescriptions-field--code"
        registration={form.register('accessCode', { onBlur: checkOnLeave('accessCode'), onChange: recheck('accessCode') })}
        error={wording(errors.accessCode)}
      />
      <div className="account-actions">
        <button type="submit" className="account-button" disabled={!hydrated || working} aria-busy={working || undefined}>
          {working ? t('working') : t('submit')}
        </button>
      </div>
    </form>
  );
}
