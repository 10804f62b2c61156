import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import { allowedEvents, type OrderStatus } from '../model/public';
import type { OrderViewText } from './order-view-text';
import { apiClient, attempt } from '../../../platform/api-client';
import { handleUnauthorized } from '../../accounts/client';
import type { Order } from '../browser/api-types';

interface Props {
  locale: Locale;
  text: OrderViewText['cancel'];
  order: Order;
  /** The order as the server answered the withdrawal (cancelled), or as it is now if it could not be. */
  onChanged: (order: Order) => void;
}

/**
 * "Cancel order" while the pharmacy has not accepted (spec §4: the order is an offer until then).
 * Asks first in a native modal <dialog> (focus trapped, Escape closes, focus starts on "Keep
 * order", the safe choice, and returns to the button). A refusal (the pharmacy accepted meanwhile)
 * is shown in the dialog, and the page takes the order as it now is.
 */
export function CancelOrderButton({ locale, text, order, onChanged }: Props) {
  const t = tableTranslator(text);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!asking || !element) return;
    if (!element.open) element.showModal?.();
    keep.current?.focus();
    return () => element.close?.();
  }, [asking]);

  if (!allowedEvents(order.status as OrderStatus).includes('cancel')) return null;

  const close = () => {
    // Closed before it unmounts, so the page is no longer inert and the opener can take the focus.
    dialog.current?.close?.();
    setAsking(false);
    setError(null);
    opener.current?.focus();
  };

  async function confirm() {
    setBusy(true);
    const outcome = await attempt(() => apiClient(locale).POST('/api/v2/user/orders/{id}/cancel', { params: { path: { id: order.id } } }), locale);
    setBusy(false);
    if (outcome.ok) {
      setAsking(false);
      onChanged(outcome.data);
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    setError(outcome.problem.message);
    if (outcome.problem.status === 409) {
      const fresh = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/{id}', { params: { path: { id: order.id } } }), locale);
      if (fresh.ok) onChanged(fresh.data);
    }
  }

  return (
    <>
      <button ref={opener} type="button" className="staff-button staff-button--danger-outline" onClick={() => setAsking(true)}>
        {t('open')}
      </button>
      {asking && (
        <dialog
          ref={dialog}
          className="staff-dialog"
          aria-labelledby="order-cancel-title"
          aria-describedby="order-cancel-body"
          onCancel={(event) => {
            event.preventDefault();
            if (!busy) close();
          }}
        >
          <h2 id="order-cancel-title">{t('title', { number: order.order_number })}</h2>
          <p id="order-cancel-body">{t('body')}</p>
          {error && (
            <p className="staff-error" role="alert">
              {error}
            </p>
          )}
          <div className="staff-actions">
            <button type="button" className="staff-button staff-button--danger" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
              {busy ? t('working') : t('confirm')}
            </button>
            <button ref={keep} type="button" className="staff-button staff-button--secondary" disabled={busy} onClick={close}>
              {t('keep')}
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}
