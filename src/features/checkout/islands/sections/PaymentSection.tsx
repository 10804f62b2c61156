import { useWatch } from 'react-hook-form';
import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { checkoutUiMessages } from '../../i18n/ui-messages';
import type { CardView } from '../../browser/checkout-api';
import { NEW_CARD } from '../../browser/checkout-form';
import { ChoiceGroup, Step, TextField } from '../controls';
import type { SectionProps } from './types';

const BRAND_NAMES: Record<CardView['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  unknown: '',
};

export function cardName(card: CardView, locale: Locale): string {
  const t = translator(checkoutUiMessages, locale);
  return t('savedCard', {
    brand: BRAND_NAMES[card.brand] || t('cardGeneric'),
    last4: card.last4,
    month: String(card.expMonth).padStart(2, '0'),
    year: String(card.expYear % 100).padStart(2, '0'),
  }).trim();
}

interface Props extends SectionProps {
  cards: CardView[];
  needsPayment: boolean;
  /** The payment provider's refusal (PAYMENT_FAILED…), shown at the card form. */
  paymentAlert: string | null;
  onDelete: (card: CardView, opener: HTMLButtonElement) => void;
}

/**
 * (k) How the customer pays: a saved card or a new one. The new card is checked in the browser
 * (Luhn check digit, expiry, CVC) when a field is left and before the order is sent; number and CVC
 * go to the server only with "Order and pay" and are never stored by the shop.
 */
export function PaymentSection({ locale, form, errorOf, cards, needsPayment, paymentAlert, onDelete }: Props) {
  const t = translator(checkoutUiMessages, locale);
  const payment = useWatch({ control: form.control, name: 'payment' });
  const checkOnBlur = (field: 'cardNumber' | 'cardExpiry' | 'cardCvc') => ({
    onBlur: () => {
      if (form.getValues(field).trim()) void form.trigger(field);
    },
  });

  if (!needsPayment) {
    return (
      <Step id="checkout-payment" title={t('paymentHeading')}>
        <p>{t('paymentNothingDue')}</p>
      </Step>
    );
  }

  return (
    <Step id="checkout-payment" title={t('paymentHeading')}>
      <p className="checkout-hint">{t('paymentNote')}</p>
      {paymentAlert && (
        <p id="checkout-payment-alert" className="checkout-alert checkout-alert--error" role="alert">
          {paymentAlert}
        </p>
      )}
      <ChoiceGroup id="checkout-payment-choices" legend={t('paymentLegend')} error={errorOf('payment')}>
        {cards.map((card) => (
          <div key={card.id} className="checkout-option-block checkout-saved-card">
            <label className="checkout-option">
              <input type="radio" value={card.id} {...form.register('payment', { onChange: () => form.clearErrors(['cardNumber', 'cardExpiry', 'cardCvc']) })} />
              <span>{cardName(card, locale)}</span>
            </label>
            <button
              type="button"
              className="checkout-link-button checkout-link-button--danger"
              aria-label={t('deleteCardLabel', { card: cardName(card, locale) })}
              onClick={(event) => onDelete(card, event.currentTarget)}
            >
              {t('deleteCard')}
            </button>
          </div>
        ))}
        <label className="checkout-option">
          <input type="radio" value={NEW_CARD} {...form.register('payment')} />
          <span>{t('newCard')}</span>
        </label>
      </ChoiceGroup>

      {payment === NEW_CARD && (
        <div className="checkout-card-form" role="group" aria-labelledby="checkout-card-form-label">
          <p id="checkout-card-form-label" className="visually-hidden">
            {t('newCard')}
          </p>
          <TextField
            id="checkout-card-number"
            label={t('cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            required
            registration={form.register('cardNumber', checkOnBlur('cardNumber'))}
            error={errorOf('cardNumber')}
          />
          <div className="checkout-card-form__row">
            <TextField
              id="checkout-card-expiry"
              label={t('cardExpiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={7}
              required
              registration={form.register('cardExpiry', checkOnBlur('cardExpiry'))}
              error={errorOf('cardExpiry')}
            />
            <TextField
              id="checkout-card-cvc"
              label={t('cardCvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              required
              registration={form.register('cardCvc', checkOnBlur('cardCvc'))}
              hint={t('cardCvcHint')}
              error={errorOf('cardCvc')}
            />
          </div>
          <TextField id="checkout-card-holder" label={t('cardHolder')} autoComplete="cc-name" registration={form.register('cardHolder')} />
          <div className="checkout-check">
            <input id="checkout-save-card" type="checkbox" {...form.register('saveCard')} />
            <label htmlFor="checkout-save-card">{t('saveCard')}</label>
          </div>
        </div>
      )}
    </Step>
  );
}
