import { useRef, useState } from 'react';
import type { Form } from '../../../ui/forms/use-form';
import type { Problem } from '../../../platform/api-client';
import { showToast } from '../../../ui/toast/toast';
import type { CardView, CheckoutApi } from '../browser/checkout-api';
import { NEW_CARD, type CheckoutValues } from '../browser/checkout-form';
import type { CheckoutTranslate } from './text';

interface Options {
  api: CheckoutApi;
  form: Form<CheckoutValues>;
  /** A problem the screen handles itself (401: log in again). True when handled. */
  onProblem: (problem: Problem) => boolean;
  t: CheckoutTranslate;
}

/**
 * The customer's saved cards and deleting one: asked first in a dialog, then removed here and at
 * the provider. The payment choice moves to the next card (or a new one) when its card goes.
 */
export function useSavedCards({ api, form, onProblem, t }: Options) {
  const [cards, setCards] = useState<CardView[]>([]);
  const [deleting, setDeleting] = useState<CardView | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);

  /** Opens the dialog for a card; the focus returns to `button` if the customer cancels. */
  function askDelete(card: CardView, button: HTMLButtonElement | null) {
    opener.current = button;
    setDeleting(card);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const outcome = await api.deleteCard(deleting.id);
    setBusy(false);
    if (!outcome.ok && outcome.problem.status !== 404) {
      if (onProblem(outcome.problem)) return;
      void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
      return;
    }
    const rest = cards.filter((card) => card.id !== deleting.id);
    setCards(rest);
    if (form.getValues('payment') === deleting.id) form.setValue('payment', rest[0]?.id ?? NEW_CARD);
    setDeleting(null);
    void showToast({ type: 'success', title: t('cardDeleted') });
    // The card's delete button is gone: the payment choice keeps the focus (focus.ts is loaded by then: the form was touched).
    setTimeout(() => void import('./focus').then(({ focusField }) => focusField('payment')), 0);
  }

  function closeDelete() {
    setDeleting(null);
    const button = opener.current;
    setTimeout(() => button?.focus(), 0);
  }

  return { cards, setCards, deleting, busy, askDelete, confirmDelete, closeDelete };
}
