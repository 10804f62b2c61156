import { lazy, Suspense } from 'react';
import type { CardView, PaymentOptionsView } from '../../browser/checkout-api';
import { INVOICE, NEW_CARD, PAYPAL, SEPA } from '../../browser/checkout-form';
import { ChoiceGroup, Step } from '../controls';
import { HostedFrame } from './HostedFrame';
import type { SectionProps } from './types';
import type { CheckoutTranslate } from '../text';

const BRAND_NAMES: Record<CardView['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  unknown: '',
};

export function cardName(card: CardView, t: CheckoutTranslate): string {
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
  /** The provider and the methods it offers (null while loading). */
  options: PaymentOptionsView | null;
  /** What the provider's element shows as the amount (Stripe's Payment Element, wallets). */
  amountDueCents: number;
  /** The payment provider's refusal (PAYMENT_FAILED…), shown in this section. */
  paymentAlert: string | null;
  onDelete: (card: CardView, opener: HTMLButtonElement) => void;
  /** The customer has touched the form: the provider's fields load now (HostedFrame). */
  engaged: boolean;
}

// Stripe's Payment Element host, only where Stripe is the provider; its box keeps its size while it loads.
const StripeElement = lazy(() => import('./StripeElement').then((module) => ({ default: module.StripeElement })));

const LOGO = (name: string, alt: string) => <img key={name} src={`/payment-logos/${name}.svg`} alt={alt} width={48} height={30} className="checkout-payment-logo" />;

/**
 * (k) How the customer pays: a saved card, a new card in the payment provider's hosted fields (an
 * iframe of the provider's page: number and CVC never reach the shop), or PayPal (a redirect to
 * approve). Apple Pay and Google Pay come with the provider's card element where the device has them.
 */
export function PaymentSection({ locale, t, form, errorOf, cards, needsPayment, options, amountDueCents, paymentAlert, onDelete, engaged }: Props) {
  const payment = form.getValues('payment');
  const saveCard = form.getValues('saveCard');

  if (!needsPayment) {
    return (
      <Step id="checkout-payment" title={t('paymentHeading')}>
        <p>{t('paymentNothingDue')}</p>
      </Step>
    );
  }

  const paypal = options?.methods.includes('paypal') ?? false;
  const sepa = options?.methods.includes('sepa_debit') ?? false;
  const invoice = options?.methods.includes('klarna') ?? false;
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
              <input type="radio" value={card.id} {...form.register('payment')} />
              <span>{cardName(card, t)}</span>
            </label>
            <button
              type="button"
              className="checkout-link-button checkout-link-button--danger"
              aria-label={t('deleteCardLabel', { card: cardName(card, t) })}
              onClick={(event) => onDelete(card, event.currentTarget)}
            >
              {t('deleteCard')}
            </button>
          </div>
        ))}
        <label className="checkout-option">
          <input type="radio" value={NEW_CARD} {...form.register('payment')} />
          <span>{t('newCard')}</span>
          <span className="checkout-payment-logos" aria-hidden="true">
            {LOGO('visa', 'Visa')}
            {LOGO('mastercard', 'Mastercard')}
            {LOGO('amex', 'American Express')}
            {options?.wallets && !options.stripe && LOGO('apple-pay', 'Apple Pay')}
            {options?.wallets && !options.stripe && LOGO('google-pay', 'Google Pay')}
          </span>
        </label>
        {paypal && (
          <label className="checkout-option">
            <input type="radio" value={PAYPAL} {...form.register('payment')} />
            <span>{t('payPal')}</span>
            <span className="checkout-payment-logos" aria-hidden="true">
              {LOGO('paypal', 'PayPal')}
            </span>
          </label>
        )}
        {sepa && (
          <label className="checkout-option">
            <input type="radio" value={SEPA} {...form.register('payment')} />
            <span>{t('sepa')}</span>
            <span className="checkout-payment-logos" aria-hidden="true">
              {LOGO('sepa-lastschrift', 'SEPA')}
            </span>
          </label>
        )}
        {invoice && (
          <label className="checkout-option">
            <input type="radio" value={INVOICE} {...form.register('payment')} />
            <span>{t('invoice')}</span>
            <span className="checkout-payment-logos" aria-hidden="true">
              {LOGO('invoice', t('invoice'))}
            </span>
          </label>
        )}
      </ChoiceGroup>

      {options?.stripe && stripeMethod(payment) && (
        <div className="checkout-card-form">
          <p className="checkout-hint">{t('stripeElementNote')}</p>
          <Suspense fallback={<div className="checkout-stripe-element" />}>
            <StripeElement host={options.stripe} setup={{ method: stripeMethod(payment)!, amountCents: amountDueCents, saveCard: payment === NEW_CARD && saveCard }} label={t('hostedFieldsTitle')} />
          </Suspense>
          {payment === NEW_CARD && (
            <div className="checkout-check">
              <input id="checkout-save-card" type="checkbox" {...form.register('saveCard')} />
              <label htmlFor="checkout-save-card">{t('saveCard')}</label>
            </div>
          )}
        </div>
      )}
      {payment === NEW_CARD && options?.hostedFieldsUrl && (
        <div className="checkout-card-form">
          <p className="checkout-hint">{t('hostedFieldsNote')}</p>
          {/* With wallets, the provider's page shows its Apple Pay / Google Pay buttons above the card fields. */}
          <HostedFrame
            engaged={engaged}
            className={options.wallets ? 'checkout-hosted-fields checkout-hosted-fields--wallets' : 'checkout-hosted-fields'}
            title={t('hostedFieldsTitle')}
            src={`${options.hostedFieldsUrl}?lang=${locale}${options.wallets ? '&wallets=1' : ''}`}
          />
          <div className="checkout-check">
            <input id="checkout-save-card" type="checkbox" {...form.register('saveCard')} />
            <label htmlFor="checkout-save-card">{t('saveCard')}</label>
          </div>
        </div>
      )}
      {payment === PAYPAL && <p className="checkout-hint">{t('payPalNote')}</p>}
      {payment === SEPA && options?.hostedFieldsUrl && (
        <div className="checkout-card-form">
          <p className="checkout-hint">{t('sepaNote')}</p>
          {/* The provider's page (demo: /demo-psp/sepa) holds the IBAN field and the mandate text; the IBAN never reaches the shop. */}
          <HostedFrame engaged={engaged} className="checkout-hosted-fields checkout-hosted-fields--sepa" title={t('sepaFrameTitle')} src={`${options.hostedFieldsUrl.replace(/\/elements$/, '/sepa')}?lang=${locale}`} />
        </div>
      )}
      {payment === INVOICE && <p className="checkout-hint">{t('invoiceNote')}</p>}
    </Step>
  );
}

/** The method Stripe's Payment Element is shown for, for a choice in the list (none for saved cards). */
function stripeMethod(payment: string): 'card' | 'paypal' | 'klarna' | null {
  if (payment === NEW_CARD) return 'card';
  if (payment === PAYPAL) return 'paypal';
  if (payment === INVOICE) return 'klarna';
  return null;
}
