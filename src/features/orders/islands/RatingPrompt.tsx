import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { apiClient, attempt } from '../../../platform/api-client';
import { showToast } from '../../../ui/toast/toast';
import type { components } from '../../../platform/api-client/schema';
import { afterOrderMessages } from '../i18n/after-order-messages';
import { RatingForm } from './RatingForm';
import './after-order.css';
import './orders.css';

export type PendingOrder = NonNullable<components['schemas']['PendingFeedback']['order']>;

interface Props {
  locale: Locale;
  order: PendingOrder;
  /** The dialog is gone (rated, dismissed or put off): the caller forgets it for this visit. */
  onDone: () => void;
}

/**
 * "How was your order?" after a delivery (spec §3 order feedback): a native modal <dialog> (focus
 * trapped, Escape = "Not now") with the stars and a comment. "Do not ask again" dismisses the order
 * for good on the server; "Not now" only for this visit.
 */
export function RatingPrompt({ locale, order, onDone }: Props) {
  const t = translator(afterOrderMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    if (!element.open) element.showModal?.();
    return () => element.close?.();
  }, [open]);

  const close = () => {
    dialog.current?.close?.();
    setOpen(false);
    onDone();
  };

  async function never() {
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/orders/{id}/feedback/dismiss', { params: { path: { id: order.id } } }), locale);
    if (outcome.ok) close();
    else setError(outcome.problem.message);
  }

  if (!open) return null;
  return (
    <dialog
      ref={dialog}
      className="staff-dialog rating-dialog"
      aria-labelledby="rating-prompt-title"
      aria-describedby="rating-prompt-body"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id="rating-prompt-title">{t('promptTitle', { number: order.order_number })}</h2>
      <p id="rating-prompt-body">{t('promptBody', { pharmacy: order.pharmacy?.name ?? '' })}</p>
      <RatingForm
        locale={locale}
        orderId={order.id}
        onSaved={() => {
          close();
          void showToast({ type: 'success', title: t('ratingThanks') });
        }}
      >
        <button type="button" className="staff-button staff-button--secondary" onClick={close}>
          {t('promptLater')}
        </button>
      </RatingForm>
      <p>
        <button type="button" className="order-link-button" onClick={() => void never()}>
          {t('promptNever')}
        </button>
      </p>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
    </dialog>
  );
}
