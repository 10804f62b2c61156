import { Step, TextField } from '../controls';
import { CHECKOUT_TEXT_MAX } from '../../model/public';
import type { SectionProps } from './types';

interface Props extends SectionProps {
  privacyHref: string;
}

/**
 * (e) A phone number the pharmacy can call and (f) the explicit consent to pass order data, which
 * includes health data, to the pharmacy (Art. 9 GDPR): unticked until the customer ticks it.
 */
export function ContactSection({ t, form, errorOf, privacyHref }: Props) {
  const consentError = errorOf('consent');
  return (
    <Step id="checkout-contact" title={t('contactHeading')}>
      <TextField
        id="checkout-phone"
        label={t('phoneLabel')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={CHECKOUT_TEXT_MAX.phone}
        required
        registration={form.register('phone', {
          // Checked when leaving the field, once something is typed (an empty field waits for "Order and pay").
          onBlur: () => {
            if (form.getValues('phone').trim()) void form.trigger('phone');
          },
        })}
        hint={t('phoneHint')}
        error={errorOf('phone')}
      />
      <div className={consentError ? 'checkout-consent checkout-consent--invalid' : 'checkout-consent'}>
        <input
          id="checkout-consent"
          type="checkbox"
          required
          {...form.register('consent')}
          aria-invalid={consentError ? true : undefined}
          aria-describedby={['checkout-consent-privacy', consentError ? 'checkout-consent-error' : ''].filter(Boolean).join(' ')}
        />
        <label htmlFor="checkout-consent">{t('consentLabel')}</label>
        <p id="checkout-consent-privacy" className="checkout-hint">
          <a href={privacyHref}>{t('consentPrivacy')}</a>
        </p>
        {consentError && (
          <p id="checkout-consent-error" className="checkout-error" role="alert">
            {consentError}
          </p>
        )}
      </div>
    </Step>
  );
}
