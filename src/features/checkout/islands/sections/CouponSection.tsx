import { formatPrice } from '../../../../platform/i18n/format';
import { Step, TextField } from '../controls';
import { CHECKOUT_TEXT_MAX } from '../../model/public';
import type { SectionProps } from './types';

interface Props extends SectionProps {
  applied: { code: string; discountCents: number } | null;
  busy: boolean;
  onApply: () => void;
  onRemove: () => void;
}

/**
 * (g) A coupon code, checked by the server with the order's real contents: its discount shows in
 * the summary, its refusal (with the rule's numbers) at the field.
 */
export function CouponSection({ locale, t, form, errorOf, applied, busy, onApply, onRemove }: Props) {
  return (
    <Step id="checkout-coupon" title={t('couponHeading')}>
      <div className="checkout-inline-form">
        <TextField
          id="checkout-coupon-code"
          label={t('couponLabel')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CHECKOUT_TEXT_MAX.couponCode}
          registration={form.register('coupon', {
            onChange: () => form.clearErrors('coupon'),
          })}
          onKeyDown={(event) => {
            // Enter in the code field applies the coupon; it must never send the order.
            if (event.key === 'Enter') {
              event.preventDefault();
              onApply();
            }
          }}
          error={errorOf('coupon')}
        />
        <button type="button" className="checkout-button checkout-button--secondary" onClick={onApply} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('couponApplying') : t('couponApply')}
        </button>
      </div>
      {applied && (
        <div className="checkout-applied">
          <p className="checkout-success">{t('couponApplied', { code: applied.code, amount: formatPrice(applied.discountCents, locale) })}</p>
          <button type="button" className="checkout-link-button" onClick={onRemove} disabled={busy}>
            {t('couponRemove')}
          </button>
        </div>
      )}
    </Step>
  );
}
