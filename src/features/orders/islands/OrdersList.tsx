import { useCallback, useEffect, useRef, useState } from 'react';
import { formatPrice } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { ROUTES } from '../../../ui/layout/routes';
import { orderLabelText, purchaseState } from '../model/public';
import { orderUiMessages } from '../i18n/ui-messages';
import { afterOrderMessages } from '../i18n/after-order-messages';
import { apiClient, attempt } from '../../../platform/api-client';
import { handleUnauthorized } from '../../accounts/client';
import type { OrderSummary } from '../browser/api-types';
import { formatShopDateTime as formatDateTime } from '../../../platform/i18n/shop-time-format';
import './orders.css';

/** Orders per page of the history. */
const PAGE_SIZE = 10;

/** `?page=2` is the second page (so a reload stays where the customer was). */
function initialPage(): number {
  if (typeof location === 'undefined') return 0;
  const value = Number(new URLSearchParams(location.search).get('page'));
  return Number.isInteger(value) && value > 1 ? value - 1 : 0;
}

/**
 * The order history (spec §2 /shop/orders): newest first, a page at a time, each with number,
 * date, status label (§4), item count and total. Drafts awaiting payment are neither listed nor
 * counted (§3).
 */
export default function OrdersList({ locale }: { locale: Locale }) {
  const t = translator(orderUiMessages, locale);
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const ta = translator(afterOrderMessages, locale);
  const heading = useRef<HTMLParagraphElement>(null);

  const [page, setPage] = useState(() => initialPage());
  const [total, setTotal] = useState(0);

  const load = useCallback(async () => {
    setFailed(false);
    const outcome = await attempt(
      () =>
        apiClient(locale).GET('/api/v1/user/orders', {
          params: { query: { limit: PAGE_SIZE, offset: page * PAGE_SIZE } },
        }),
      locale,
    );
    if (outcome.ok) {
      // Past the last page (orders archived meanwhile, an old link): show the last one instead.
      if (outcome.data.orders.length === 0 && page > 0 && outcome.data.total > 0) {
        setPage(Math.ceil(outcome.data.total / PAGE_SIZE) - 1);
        return;
      }
      setOrders(outcome.data.orders);
      setTotal(outcome.data.total);
    } else if (!handleUnauthorized(outcome.problem)) setFailed(true);
  }, [locale, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const goTo = (next: number) => {
    setPage(next);
    const url = new URL(location.href);
    if (next === 0) url.searchParams.delete('page');
    else url.searchParams.set('page', String(next + 1));
    history.replaceState(null, '', url);
    heading.current?.focus();
  };

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
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <>
      <p ref={heading} tabIndex={-1} className="order-count">
        {total === 1 ? ta('listCountOne') : ta('listCount', { count: total })}
        {pages > 1 && <> · {ta('listPage', { page: page + 1, pages })}</>}
      </p>
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
      {pages > 1 && (
        <nav className="order-pages" aria-label={ta('listPages')}>
          {page > 0 && (
            <button type="button" className="order-button" onClick={() => goTo(page - 1)}>
              {ta('listNewer')}
            </button>
          )}
          {page + 1 < pages && (
            <button type="button" className="order-button" onClick={() => goTo(page + 1)}>
              {ta('listOlder')}
            </button>
          )}
        </nav>
      )}
    </>
  );
}
