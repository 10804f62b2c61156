import type { PricingSettings } from '../../../cart/client';
import type { Locale } from '../../../../platform/i18n/locales';
import { formatNumber, formatPrice } from '../../../../platform/i18n/format';
import type { DeliveryMethod } from '../../model/public';
import type { DraftLine, DraftTotals } from '../../browser/draft';
import type { CheckoutTranslate } from '../text';

interface Props {
  locale: Locale;
  t: CheckoutTranslate;
  lines: DraftLine[];
  totals: DraftTotals;
  pricing: PricingSettings;
  method: DeliveryMethod | null;
  couponCode: string | null;
  /** A change is on its way: the numbers are the browser's preview until the server answers. */
  updating: boolean;
}

/**
 * (j) The order's costs (PAngV, §312j BGB: right above the order button): items, subtotal, delivery
 * fee with the configured free-delivery rule, coupon, tip, total, credit, amount to pay, VAT.
 */
export function SummarySection({ locale, t, lines, totals, pricing, method, couponCode, updating }: Props) {
  const price = (cents: number) => formatPrice(cents, locale);
  const minus = (cents: number) => `−${price(cents)}`;
  const missing = Math.max(0, pricing.freeDeliveryFromCents - totals.subtotalCents);
  const courierOrParcel = method !== 'pickup';
  return (
    <section className="checkout-step checkout-summary" aria-labelledby="checkout-summary-heading" aria-busy={updating}>
      <h2 id="checkout-summary-heading">{t('summaryHeading')}</h2>
      <h3 className="checkout-summary__subheading">{t('itemsHeading')}</h3>
      <ul className="checkout-lines" role="list">
        {lines.map((line, index) => (
          // By position: two prescriptions may name the same medicine.
          <li key={index} className="checkout-line">
            <span>
              {t('lineTotal', { quantity: line.quantity, name: line.name })}
              {/* A prescription line: the customer's share per pack (co-payment, or a private prescription's price). */}
              {line.coPaymentPerPackCents != null && ` · ${t('coPaymentPerPack', { amount: price(line.coPaymentPerPackCents) })}`}
            </span>
            <span className="checkout-amount">{price(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals">
        <div>
          <dt>{t('subtotal')}</dt>
          <dd>{price(totals.subtotalCents)}</dd>
        </div>
        {courierOrParcel && (
          <div>
            <dt>{t('deliveryFee')}</dt>
            <dd>{totals.deliveryFeeCents === 0 ? t('deliveryFree') : price(totals.deliveryFeeCents)}</dd>
          </div>
        )}
        {totals.couponDiscountCents > 0 && (
          <div>
            <dt>{t('couponDiscount', { code: couponCode ?? '' }).trim()}</dt>
            <dd>{minus(totals.couponDiscountCents)}</dd>
          </div>
        )}
        {totals.tipCents > 0 && (
          <div>
            <dt>{t('tip')}</dt>
            <dd>{price(totals.tipCents)}</dd>
          </div>
        )}
        <div className="checkout-totals__total">
          <dt>{t('total')}</dt>
          <dd>{price(totals.totalCents)}</dd>
        </div>
        {totals.walletCents > 0 && (
          <>
            <div>
              <dt>{t('walletCredit')}</dt>
              <dd>{minus(totals.walletCents)}</dd>
            </div>
            <div className="checkout-totals__total">
              <dt>{t('amountDue')}</dt>
              <dd>{price(totals.amountDueCents)}</dd>
            </div>
          </>
        )}
        {totals.vat.map((share) => (
          <div key={share.rate} className="checkout-totals__vat">
            <dt>{t('vatContained', { rate: formatNumber(share.rate, locale) })}</dt>
            <dd>{price(share.vatCents)}</dd>
          </div>
        ))}
      </dl>
      {courierOrParcel && (
        <p className="checkout-hint">
          {t('deliveryFeeNote', { fee: price(pricing.deliveryFeeCents), threshold: price(pricing.freeDeliveryFromCents) })}
          {totals.deliveryFeeCents > 0 && missing > 0 ? ` ${t('freeDeliveryMissing', { missing: price(missing) })}` : ''}
        </p>
      )}
      {/* Announced when the amount changes (a tip, a coupon), not while typing elsewhere. */}
      <p className="visually-hidden" role="status">
        {t('updated', { total: price(totals.amountDueCents) })}
      </p>
    </section>
  );
}
