import { useCallback, useEffect, useState } from 'react';
import { formatPrice } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { ROUTES } from '../../../ui/layout/routes';
import { orderLabelText, purchaseState } from '../model/public';
import { orderUiMessages } from '../i18n/ui-messages';
import { apiClient, attempt } from '../../../platform/api-client';
import { handleUnauthorized } from '../../accounts/client';
import type { OrderSummary } from '../browser/api-types';
import { formatDateTime } from '../browser/format';
import './orders.css';

/** The order history (spec §2 /shop/orders): newest first, each with number, date, status and total. */
export default function OrdersList({ locale }: { locale: Locale }) {
  const t = translator(orderUiMessages, locale);
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/orders'), locale);
    if (outcome.ok) setOrders(outcome.data.orders);
    else if (!handleUnauthorized(outcome.problem)) setFailed(true);
  }, [locale]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failed) {
    return (
      <div className="order-message order-message--error" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="order-button" onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!orders) {
    return (
      <p className="order-message" role="status">
        {t('loading')}
      </p>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="order-message">
        <p>{t('listEmpty')}</p>
        <a href={localizePath(ROUTES.home, locale)}>{t('listShop')}</a>
      </div>
    );
  }

  const viewHref = (id: string) => `${localizePath(ROUTES.orderView, locale)}?id=${encodeURIComponent(id)}`;
  return (
    <ul className="order-list" role="list">
      {orders.map((order) => {
        const state = purchaseState(order.status);
        return (
          <li key={order.id} className="order-card">
            <h2 className="order-card__title">
              <a href={viewHref(order.id)}>{t('listOrder', { number: order.order_number })}</a>
            </h2>
            <p className="order-card__meta">
              <time dateTime={order.placed_at ?? order.created_at}>{formatDateTime(order.placed_at ?? order.created_at, locale)}</time>
              {order.pharmacy && <span> · {order.pharmacy.name}</span>}
            </p>
            <p className="order-card__row">
              <span className={`order-status order-status--${state === 'PURCHASE_REJECTED' ? 'bad' : state === 'PURCHASE_PENDING' ? 'waiting' : 'good'}`}>
                {orderLabelText(order.status, locale)}
              </span>
              <span>
                {order.item_count === 1 ? t('listItemsOne') : t('listItems', { count: order.item_count })} · {t('listTotal')}{' '}
                <strong>{formatPrice(order.total_cents, locale)}</strong>
              </span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
