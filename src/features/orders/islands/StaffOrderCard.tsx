import { lazy, Suspense, useState } from 'react';
import { formatPrice } from '../../../platform/i18n/format';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { orderLabelText } from '../model/public';
import { staffMessages } from '../i18n/staff-messages';
import type { PharmacyOrder } from '../browser/api-types';
import { deliveryText } from '../browser/delivery-text';
import { formatShopDateTime as formatDateTime, formatShopTime as formatTime } from '../../../platform/i18n/shop-time-format';
import { checkoutMessages, SAFETY_QUESTION_KEYS } from '../../checkout';
import { orderUiMessages } from '../i18n/ui-messages';
import type { StaffAction } from '../browser/staff';
import { PackDocumentButtons } from './PackDocumentButtons';

// Only orders with E-Rezepte need it: loaded when one is on the board, outside the queue's first view.
const StaffPrescriptions = lazy(() => import('./StaffPrescriptions').then((module) => ({ default: module.StaffPrescriptions })));

interface Props {
  locale: Locale;
  order: PharmacyOrder;
  busy: boolean;
  /** The server's "now" (ms), for the time left to answer an offer. */
  now?: number;
  onAction: (order: PharmacyOrder, action: StaffAction | 'refund', opener: HTMLButtonElement, courierId?: string) => void;
  /** The couriers of the pharmacy's city: a courier order is handed to one of them when picked up. */
  couriers: readonly { id: string; name: string }[];
  /** Rejects one prescription line with a reason (E-Rezept); answers whether it went through. */
  onRejectLine?: (order: PharmacyOrder, position: number, reason: string) => Promise<boolean>;
}

const MINUTE_MS = 60_000;
/** Before acceptance there is nothing to pick; after an end without acceptance, nothing to pack. */
const UNPACKED = new Set(['awaiting_payment', 'pending', 'rejected', 'cancelled', 'expired']);

/** One order as the pharmacist needs it: who, what, when, the safety answers, and what can be done next. */
export function StaffOrderCard({ locale, order, busy, now, onAction, couriers, onRejectLine }: Props) {
  const t = translator(staffMessages, locale);
  const price = (cents: number) => formatPrice(cents, locale);
  const headingId = `staff-order-${order.id}`;
  const customer = [order.customer.first_name, order.customer.last_name].filter(Boolean).join(' ');
  const phone = order.phone ?? order.customer.phone;
  const address = order.shipping_address;
  const answer = (value: boolean | null | undefined) => (value === true ? t('yes') : value === false ? t('no') : t('unanswered'));
  const byCourier = order.delivery.method === 'courier' && order.actions.includes('pickup');
  const [courierId, setCourierId] = useState('');
  const chosenCourier = courierId || couriers[0]?.id || '';
  const actionLabel = (action: StaffAction) => {
    if (action === 'deliver' && order.delivery.method === 'pickup') return t('atCounter');
    if (action === 'pickup') return order.delivery.method === 'parcel' ? t('toParcel') : t('toCourier');
    return t(action);
  };
  const anyYes = SAFETY_QUESTION_KEYS.some((key) => order.safety?.[key] === true);
  const refunded = new Map(order.refunded_lines.map((line) => [line.pzn, line.quantity]));
  const left = order.status === 'pending' && order.expires_at && now !== undefined ? Date.parse(order.expires_at) - now : null;

  return (
    <article className="staff-order" aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        {t('order', { number: order.order_number })}
      </h3>
      {left !== null && (
        <p className={left < 10 * MINUTE_MS ? 'staff-deadline staff-deadline--soon' : 'staff-deadline'}>
          {left < 10 * MINUTE_MS
            ? t('expiresSoon', { time: formatTime(order.expires_at!, locale) })
            : t('expiresIn', { minutes: Math.max(0, Math.floor(left / MINUTE_MS)), time: formatTime(order.expires_at!, locale) })}
        </p>
      )}
      <dl className="staff-facts">
        <div>
          <dt>{t('status')}</dt>
          <dd>
            <strong>{orderLabelText(order.status, locale)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t('placedAt')}</dt>
          <dd>{formatDateTime(order.placed_at ?? order.created_at, locale)}</dd>
        </div>
        {customer && (
          <div>
            <dt>{t('customer')}</dt>
            <dd>{customer}</dd>
          </div>
        )}
        {phone && (
          <div>
            <dt>{t('phone')}</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('delivery')}</dt>
          <dd>{deliveryText(order.delivery, locale, { ui: orderUiMessages[locale], checkout: checkoutMessages[locale] }).join(' · ')}</dd>
        </div>
        {address && order.delivery.method !== 'pickup' && (
          <div>
            <dt>{t('address')}</dt>
            <dd>
              {address.street_address} {address.house_number}
              {address.room ? `, ${address.room}` : ''}, {address.postal_code} {address.locality}
            </dd>
          </div>
        )}
        {address?.note && (
          <div>
            <dt>{t('riderNote')}</dt>
            <dd>{address.note}</dd>
          </div>
        )}
        {order.rating && (
          <div>
            <dt>{t('rating')}</dt>
            <dd>
              {t('ratingStars', { stars: order.rating.stars })}
              {order.rating.comment && <> · „{order.rating.comment}“</>}
            </dd>
          </div>
        )}
      </dl>

      <h4>{t('safetyHeading')}</h4>
      {anyYes && (
        <p className="staff-safety-alert">
          <strong>{t('safetyAlert')}</strong>
        </p>
      )}
      <dl className="staff-facts staff-facts--safety">
        {SAFETY_QUESTION_KEYS.map((key) => (
          <div key={key}>
            <dt>{t(`safety.${key}`)}</dt>
            <dd className={order.safety?.[key] ? 'staff-yes' : undefined}>{answer(order.safety?.[key])}</dd>
          </div>
        ))}
      </dl>
      {order.consent_pharmacy_data_at && <p className="staff-hint">{t('consentGiven', { time: formatDateTime(order.consent_pharmacy_data_at, locale) })}</p>}

      <h4>{t('itemsHeading')}</h4>
      <ul className="staff-lines">
        {order.lines.filter((line) => !line.prescription).map((line) => (
          <li key={line.pzn}>
            <span>
              {t('lineTotal', { quantity: line.quantity, name: line.name, pzn: line.pzn })}
              {refunded.get(line.pzn) ? ` · ${t('refundedLine', { quantity: refunded.get(line.pzn)! })}` : ''}
            </span>
            <span className="staff-amount">{price(line.line_total_cents)}</span>
          </li>
        ))}
      </ul>
      {order.prescriptions.length > 0 && (
        <Suspense fallback={null}>
          <StaffPrescriptions locale={locale} order={order} busy={busy} onRejectLine={onRejectLine ?? (async () => false)} />
        </Suspense>
      )}
      <p className="staff-total">
        {t('total')}: <strong>{price(order.totals.total_cents)}</strong>
        {order.totals.tip_cents > 0 && ` (${t('tip')}: ${price(order.totals.tip_cents)})`}
        {order.totals.wallet_cents > 0 && ` · ${t('amountCharged')}: ${price(order.totals.amount_due_cents)}`}
      </p>
      {order.rejection_reason && <p>{t('rejectionReason', { reason: order.rejection_reason })}</p>}
      {order.checked_at && <p className="staff-hint">{t('checkedAt', { time: formatDateTime(order.checked_at, locale) })}</p>}
      {order.parcel_tracking_number && <p className="staff-hint">{t('trackingNumber', { number: order.parcel_tracking_number })}</p>}

      {byCourier && (
        <p className="staff-courier">
          {couriers.length > 0 ? (
            <label>
              {t('courier')}{' '}
              <select value={chosenCourier} onChange={(event) => setCourierId(event.target.value)}>
                {couriers.map((courier) => (
                  <option key={courier.id} value={courier.id}>
                    {courier.name}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            t('noCouriers')
          )}
        </p>
      )}
      {(order.actions.length > 0 || order.refundable) && (
        <div className="staff-actions" role="group" aria-label={t('actionsLabel', { number: order.order_number })}>
          {order.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`staff-button ${action === 'reject' ? 'staff-button--danger-outline' : action === 'accept' ? 'staff-button--primary' : 'staff-button--secondary'}`}
              disabled={busy || (action === 'pickup' && byCourier && !chosenCourier)}
              aria-busy={busy || undefined}
              onClick={(event) => onAction(order, action, event.currentTarget, action === 'pickup' && byCourier ? chosenCourier : undefined)}
            >
              {actionLabel(action)}
            </button>
          ))}
          {order.refundable && (
            <button type="button" className="staff-button staff-button--danger-outline" disabled={busy} onClick={(event) => onAction(order, 'refund', event.currentTarget)}>
              {t('refund')}
            </button>
          )}
        </div>
      )}
      {!UNPACKED.has(order.status) && <PackDocumentButtons locale={locale} orderId={order.id} orderNumber={order.order_number} />}
    </article>
  );
}
