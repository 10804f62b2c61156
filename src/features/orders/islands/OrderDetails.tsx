import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import { apiClient, attempt } from '../../../platform/api-client';
import { ROUTES } from '../../../ui/layout/routes';
import { showToast } from '../../../ui/toast/toast';
import { handleUnauthorized } from '../../accounts/client';
import type { components } from '../../../platform/api-client/schema';
import type { OrderViewText } from './order-view-text';
import { formatShopDateTime as formatDateTime } from '../../../platform/i18n/shop-time-format';
import type { SavedRating } from './RatingForm';
import './after-order.css';
import { saveFile } from '../../../ui/browser/save-file';
import { useStore } from '@nanostores/react';
import { $orderVersion } from '../browser/order-refresh';

// The stars and their form load only for an order that can be rated (delivered, not rated yet).
const RatingForm = lazy(() => import('./RatingForm').then((module) => ({ default: module.RatingForm })));

type Details = components['schemas']['OrderDetails'];
type Reorder = components['schemas']['ReorderResult'];

const ENDED = new Set(['rejected', 'cancelled', 'expired']);

/**
 * The order detail's part after the order (issue 12), below the order page's own view: the status
 * history, the invoice PDF, "Order again" and the rating. Reads the id from the query string as
 * the order page does, and its own call (…/details), so the live order view stays as it is.
 */
export default function OrderDetails({ locale, text }: { locale: Locale; text: OrderViewText }) {
  const t = tableTranslator(text.after);
  const [details, setDetails] = useState<Details | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const [reordering, setReordering] = useState(false);
  const [reorder, setReorder] = useState<Reorder | null>(null);
  const [reorderError, setReorderError] = useState<string | null>(null);
  const id = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('id')?.trim() ?? '');

  const load = useCallback(async () => {
    if (!id) return;
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/{id}/details', { params: { path: { id } } }), locale);
    if (outcome.ok) setDetails(outcome.data);
    else handleUnauthorized(outcome.problem);
  }, [id, locale]);

  // Again whenever the order view saw the order change (its stream is the page's only one).
  const version = useStore($orderVersion);
  useEffect(() => {
    void load();
  }, [load, version]);

  if (!details) return null;

  async function downloadInvoice() {
    setDownloading(true);
    setInvoiceError(null);
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/{id}/invoice', { params: { path: { id } }, parseAs: 'blob' }), locale);
    setDownloading(false);
    if (!outcome.ok) {
      if (!handleUnauthorized(outcome.problem)) setInvoiceError(outcome.problem.message);
      return;
    }
    saveFile(outcome.data as unknown as Blob, details!.invoice_file_name);
  }

  async function orderAgain() {
    setReordering(true);
    setReorderError(null);
    setReorder(null);
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/orders/{id}/reorder', { params: { path: { id } } }), locale);
    setReordering(false);
    if (outcome.ok) setReorder(outcome.data);
    else if (!handleUnauthorized(outcome.problem)) setReorderError(outcome.problem.message);
  }

  function rated(rating: SavedRating) {
    setDetails((current) => current && { ...current, can_rate: false, rating: { ...rating, created_at: new Date().toISOString() } });
    void showToast({ type: 'success', title: t('ratingThanks') });
  }

  const list = (items: string[]) => items.join(', ');

  return (
    <div className="order-after">
      {details.history.length > 0 && (
        <section className="order-section" aria-labelledby="order-history">
          <h2 id="order-history">{t('historyHeading')}</h2>
          <ol className="order-history">
            {details.history.map((entry) => (
              <li key={`${entry.status}-${entry.at}`}>
                <span>{entry.label[locale]}</span>
                <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
              </li>
            ))}
          </ol>
        </section>
      )}

      {(details.invoice_available || !ENDED.has(details.status)) && (
        <section className="order-section" aria-labelledby="order-invoice">
          <h2 id="order-invoice">{t('invoiceHeading')}</h2>
          {details.invoice_available ? (
            <button type="button" className="staff-button staff-button--secondary" disabled={downloading} aria-busy={downloading || undefined} onClick={() => void downloadInvoice()}>
              {downloading ? t('invoiceWorking') : t('invoiceDownload')}
            </button>
          ) : (
            <p>{t('invoiceNotYet')}</p>
          )}
          {invoiceError && (
            <p className="staff-error" role="alert">
              {invoiceError}
            </p>
          )}
        </section>
      )}

      {(details.rating || details.can_rate) && (
        <section className="order-section" aria-labelledby="order-rating">
          <h2 id="order-rating">{t('ratingHeading')}</h2>
          {details.rating ? (
            <>
              <p>{t('ratingGiven', { stars: details.rating.stars })}</p>
              {details.rating.comment && <p>{t('ratingComment', { comment: details.rating.comment })}</p>}
            </>
          ) : (
            <Suspense fallback={null}>
              <RatingForm locale={locale} orderId={id} onSaved={rated} />
            </Suspense>
          )}
        </section>
      )}

      <section className="order-section" aria-labelledby="order-again">
        <h2 id="order-again">{t('againHeading')}</h2>
        <button type="button" className="staff-button staff-button--primary" disabled={reordering} aria-busy={reordering || undefined} onClick={() => void orderAgain()}>
          {reordering ? t('againWorking') : t('againButton')}
        </button>
        <div role="status" className="order-again__result">
          {reorder && (
            <>
              {reorder.added.length > 0 ? (
                <p>{t('againAdded', { items: list(reorder.added.map((line) => t('againItem', { quantity: line.quantity, name: line.name }))) })}</p>
              ) : (
                <p>{t('againNothing')}</p>
              )}
              {reorder.unavailable.length > 0 && (
                <p>{t('againUnavailable', { items: list(reorder.unavailable.map((line) => t('againUnavailableItem', { name: line.name, reason: line.message }))) })}</p>
              )}
              {reorder.added.length > 0 && <a href={localizePath(ROUTES.cart, locale)}>{t('againToCart')}</a>}
            </>
          )}
        </div>
        {reorderError && (
          <p className="staff-error" role="alert">
            {reorderError}
          </p>
        )}
      </section>
    </div>
  );
}
