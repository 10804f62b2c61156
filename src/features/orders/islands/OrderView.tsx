import { useCallback, useEffect, useRef, useState } from 'react';
import { formatNumber, formatPrice } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import { ROUTES } from '../../../ui/layout/routes';
import { orderLabelText, type OrderStatus } from '../model/public';
import type { OrderViewText } from './order-view-text';
import { apiClient, attempt } from '../../../platform/api-client';
import { handleUnauthorized } from '../../accounts/client';
import type { Order } from '../browser/api-types';
import { deliveryText } from '../browser/delivery-text';
import { formatShopDateTime as formatDateTime } from '../../../platform/i18n/shop-time-format';
import { pollDelay, startPoller } from '../browser/poller';
import { ORDER_STATUS_EVENT, type OrderStatusEventData } from '../model/order-events';
import { followTopic, requestStreamUrl } from '../../../platform/realtime/browser';
import { topicOf } from '../../../platform/realtime/topics';
import { CancelOrderButton } from './CancelOrderButton';
import './orders.css';
import { orderChanged } from '../browser/order-refresh';
import { fetchOrder } from '../browser/order-fetch';

type Phase = 'loading' | 'ready' | 'not-found' | 'error';

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', maestro: 'Maestro' };

/**
 * One order (`?id=`): right after "Order and pay" the confirmation, later the tracking page. While
 * the pharmacy decides (spec §4: an offer until it accepts) it follows the order's live events
 * (polling the status when no stream can be held), and announces the answer; a rejection shows
 * the pharmacy's reason and the refund.
 */
export default function OrderView({ locale, text, onLoaded }: { locale: Locale; text: OrderViewText; /** Once the order is on screen (what goes below it waits for this, so it is not pushed down). */ onLoaded?: () => void }) {
  const t = tableTranslator(text.ui);
  const tc = tableTranslator(text.checkout);
  const [phase, setPhase] = useState<Phase>('loading');
  const [order, setOrder] = useState<Order | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const orderRef = useRef<Order | null>(null);

  const idFromUrl = () => new URLSearchParams(location.search).get('id')?.trim() ?? '';

  const load = useCallback(async (): Promise<Order | null> => {
    const id = idFromUrl();
    if (!id) {
      setPhase('not-found');
      return null;
    }
    const outcome = await fetchOrder(id, locale);
    if (outcome.ok) {
      orderRef.current = outcome.data;
      setOrder(outcome.data);
      setPhase('ready');
      return outcome.data;
    }
    if (handleUnauthorized(outcome.problem)) return null;
    setPhase(outcome.problem.status === 404 ? 'not-found' : orderRef.current ? 'ready' : 'error');
    return orderRef.current;
  }, [locale]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    // A new status brings more than its name (payment state, reason): read the whole order again.
    // Once nothing can change any more, stop following.
    const changedTo = async (status: OrderStatus) => {
      const fresh = await load();
      orderChanged();
      setAnnouncement(t('statusChanged', { status: orderLabelText(status, locale) }));
      const delay = pollDelay(fresh?.status ?? status);
      if (delay === null) stop?.();
      return delay;
    };
    const tick = async () => {
      const current = orderRef.current;
      if (!current) return null;
      const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/{id}/status', { params: { path: { id: current.id } } }), locale);
      if (!outcome.ok) {
        if (handleUnauthorized(outcome.problem)) return null;
        return pollDelay(current.status);
      }
      return outcome.data.status !== current.status ? changedTo(outcome.data.status) : pollDelay(current.status);
    };
    void load().then((first) => {
      if (cancelled || !first || pollDelay(first.status) === null) return;
      // Live through the event stream; polling only while no stream can be held.
      stop = followTopic({
        streamUrl: async () => {
          const outcome = await requestStreamUrl(apiClient(locale), topicOf('order', first.id), locale);
          if (outcome.ok) return outcome.data;
          handleUnauthorized(outcome.problem);
          return null;
        },
        onEvent: (event) => {
          const { status } = event.data as OrderStatusEventData;
          if (event.type === ORDER_STATUS_EVENT && status !== orderRef.current?.status) void changedTo(status);
        },
        // (Re)connected: anything may have changed while no stream was open.
        onReady: (resumed) => {
          if (!resumed) void tick();
        },
        fallback: () => startPoller({ initialDelay: pollDelay(orderRef.current?.status ?? first.status), tick }),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [load, locale]);

  useEffect(() => {
    if (phase === 'ready') onLoaded?.();
  }, [phase, onLoaded]);

  const ordersHref = localizePath(ROUTES.orders, locale);

  if (phase === 'loading') {
    return (
      <p className="order-message" role="status">
        {t('loading')}
      </p>
    );
  }
  if (phase === 'not-found') {
    return (
      <div className="order-message">
        <p>{t('notFound')}</p>
        <a href={ordersHref}>{t('allOrders')}</a>
      </div>
    );
  }
  if (phase === 'error' || !order) {
    return (
      <div className="order-message order-message--error" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="order-button" onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    );
  }

  const status = order.status as OrderStatus;
  const pharmacyName = order.pharmacy?.name ?? '';
  const method = order.delivery.method ?? 'courier';
  const rejected = status === 'rejected' || status === 'expired' || status === 'cancelled';
  const price = (cents: number) => formatPrice(cents, locale);
  const { totals } = order;

  return (
    <div className="order-view">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {status === 'pending' && (
        <section className="order-banner order-banner--info" aria-labelledby="order-thanks">
          <h2 id="order-thanks">{t('thanksHeading')}</h2>
          <p>{t('thanksBody', { pharmacy: pharmacyName })}</p>
          <p className="order-hint">{t('updating')}</p>
          <CancelOrderButton
            locale={locale}
            text={text.cancel}
            order={order}
            onChanged={(changed) => {
              orderRef.current = changed;
              setOrder(changed);
              if (changed.status !== status) setAnnouncement(t('statusChanged', { status: orderLabelText(changed.status, locale) }));
            }}
          />
        </section>
      )}
      {(status === 'paid' || status === 'packed' || status === 'in_transit') && (
        <section className="order-banner order-banner--success" aria-labelledby="order-accepted">
          <h2 id="order-accepted">{orderLabelText(status, locale)}</h2>
          <p>{t('acceptedBody', { pharmacy: pharmacyName })}</p>
        </section>
      )}
      {rejected && (
        <section className="order-banner order-banner--error" aria-labelledby="order-rejected">
          <h2 id="order-rejected">{status === 'rejected' ? t('rejectedHeading') : orderLabelText(status, locale)}</h2>
          {status === 'rejected' && <p>{order.rejected_by === 'timeout' || !order.rejection_reason ? t('rejectedTimeout') : t('rejectedReason', { reason: order.rejection_reason })}</p>}
          <p>{status === 'rejected' ? t('refunded') : t('cancelledBody')}</p>
        </section>
      )}

      <dl className="order-facts">
        <div>
          <dt>{t('orderNumber')}</dt>
          <dd className="order-number">{order.order_number}</dd>
        </div>
        <div>
          <dt>{t('orderDate')}</dt>
          <dd>{formatDateTime(order.placed_at ?? order.created_at, locale)}</dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd>
            <span className={`order-status order-status--${rejected ? 'bad' : status === 'pending' ? 'waiting' : 'good'}`}>{orderLabelText(status, locale)}</span>
          </dd>
        </div>
      </dl>

      <section className="order-section" aria-labelledby="order-items">
        <h2 id="order-items">{t('itemsHeading')}</h2>
        <ul className="order-lines" role="list">
          {order.lines.map((line, index) => (
            <li key={`${line.pzn}-${index}`}>
              <span>
                {t('lineTotal', { quantity: line.quantity, name: line.name })}
                {line.prescription && (
                  <>
                    <br />
                    <small>
                      {t('coPaymentPerPack', { amount: price(line.prescription.co_payment_per_pack_cents) })}
                      {line.prescription.status === 'dispensed' && ` · ${t('prescriptionDispensed')}`}
                      {line.prescription.status === 'rejected' && ` · ${t('prescriptionRejected', { reason: line.prescription.reject_reason ?? '' })}`}
                    </small>
                  </>
                )}
              </span>
              <span className="order-amount">{line.prescription?.status === 'rejected' ? <s>{price(line.line_total_cents)}</s> : price(line.line_total_cents)}</span>
            </li>
          ))}
        </ul>
        <dl className="order-totals">
          <div>
            <dt>{tc('subtotal')}</dt>
            <dd>{price(totals.subtotal_cents)}</dd>
          </div>
          {method !== 'pickup' && (
            <div>
              <dt>{tc('deliveryFee')}</dt>
              <dd>{totals.delivery_fee_cents === 0 ? tc('deliveryFree') : price(totals.delivery_fee_cents)}</dd>
            </div>
          )}
          {totals.coupon_discount_cents > 0 && (
            <div>
              <dt>{tc('couponDiscount', { code: order.coupon?.code ?? '' }).trim()}</dt>
              <dd>−{price(totals.coupon_discount_cents)}</dd>
            </div>
          )}
          {totals.tip_cents > 0 && (
            <div>
              <dt>{tc('tip')}</dt>
              <dd>{price(totals.tip_cents)}</dd>
            </div>
          )}
          <div className="order-totals__total">
            <dt>{tc('total')}</dt>
            <dd>{price(totals.total_cents)}</dd>
          </div>
          {totals.wallet_cents > 0 && (
            <>
              <div>
                <dt>{tc('walletCredit')}</dt>
                <dd>−{price(totals.wallet_cents)}</dd>
              </div>
              <div className="order-totals__total">
                <dt>{tc('amountDue')}</dt>
                <dd>{price(totals.amount_due_cents)}</dd>
              </div>
            </>
          )}
          {totals.vat.map((share) => (
            <div key={share.rate} className="order-totals__vat">
              <dt>{tc('vatContained', { rate: formatNumber(share.rate, locale) })}</dt>
              <dd>{price(share.vat_cents)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="order-columns">
        <section className="order-section" aria-labelledby="order-delivery">
          <h2 id="order-delivery">{t('deliveryHeading')}</h2>
          {deliveryText(order.delivery, locale, text).map((text) => (
            <p key={text}>{text}</p>
          ))}
          {order.shipping_address && method !== 'pickup' && (
            <>
              <h3>{t('deliveryTo')}</h3>
              <address>
                {order.shipping_address.street_address} {order.shipping_address.house_number}
                {order.shipping_address.room ? `, ${order.shipping_address.room}` : ''}
                <br />
                {order.shipping_address.postal_code} {order.shipping_address.locality}
              </address>
            </>
          )}
        </section>
        {order.pharmacy && (
          <section className="order-section" aria-labelledby="order-pharmacy">
            <h2 id="order-pharmacy">{t('pharmacyHeading')}</h2>
            <address>
              <strong>{order.pharmacy.name}</strong>
              <br />
              {order.pharmacy.street} {order.pharmacy.house_number}
              <br />
              {order.pharmacy.postal_code} {order.pharmacy.city}
            </address>
            {order.pharmacy.phone && (
              <p>
                {t('pharmacyPhone', { phone: '' })}
                <a href={`tel:${order.pharmacy.phone.replace(/[^\d+]/g, '')}`}>{order.pharmacy.phone}</a>
              </p>
            )}
            <p>
              <a href={`${localizePath(ROUTES.chat, locale)}?order=${encodeURIComponent(order.id)}`}>{t('askAboutOrder')}</a>
            </p>
          </section>
        )}
        {order.payment && (
          <section className="order-section" aria-labelledby="order-payment">
            <h2 id="order-payment">{t('paymentHeading')}</h2>
            {order.payment.last4 && <p>{t('paidWith', { brand: BRAND_NAMES[order.payment.brand] ?? order.payment.brand, last4: order.payment.last4 })}</p>}
            <p>{t(`payment.${order.payment.state}`)}</p>
          </section>
        )}
      </div>

      <p>
        <a href={ordersHref}>{t('allOrders')}</a>
      </p>
    </div>
  );
}
