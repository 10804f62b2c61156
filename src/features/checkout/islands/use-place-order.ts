import { useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Issue, Problem } from '../../../platform/api-client';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import type { Translate } from '../../../platform/i18n/messages';
import { ROUTES } from '../../../ui/layout/routes';
import { showToast } from '../../../ui/toast/toast';
import { track } from '../../analytics/client';
import type { CheckoutApi } from '../browser/checkout-api';
import { firstErrorField, NEW_CARD, type CheckoutErrors, type CheckoutField, type CheckoutValues } from '../browser/checkout-form';
import { draftSignature, type Draft, type DraftBody } from '../browser/draft';
import { createAttemptStore } from '../browser/idempotency';
import { fieldOfIssue, isStockIssue, problemIssues } from '../browser/issues';
import { paymentBody, paymentFingerprint } from '../browser/payment';
import type { checkoutUiMessages } from '../i18n/ui-messages';
import { focusField } from './focus';
import type { DraftSync } from './use-draft';

const PAYMENT_CODES = new Set(['PAYMENT_FAILED', 'PAYMENT_INSUFFICIENT_FUNDS', 'PAYMENT_UNAVAILABLE', 'CARD_NOT_FOUND']);

interface Options {
  locale: Locale;
  api: CheckoutApi;
  form: UseFormReturn<CheckoutValues>;
  sync: DraftSync;
  /** The draft body of the form's values (with the applied coupon and the credit). */
  bodyFrom: (values: CheckoutValues) => DraftBody;
  /** A problem the screen handles itself (401: log in again). True when handled. */
  onProblem: (problem: Problem) => boolean;
  t: Translate<keyof (typeof checkoutUiMessages)['en']>;
}

export interface OrderAlert {
  messages: string[];
  /** Stock changed: the alert links back to the cart. */
  stock: boolean;
}

/**
 * "Order and pay": saves the last state of the draft, shows what still blocks it at its field,
 * and places it with an Idempotency-Key that a double click or a retry reuses (a lost answer is
 * asked again with the same key, so nothing is charged twice). Payment refusals go to the payment
 * section, stock and total changes to the alert above the button, with a fresh quote.
 */
export function usePlaceOrder({ locale, api, form, sync, bodyFrom, onProblem, t }: Options) {
  const attempts = useMemo(() => createAttemptStore(), []);
  const [placing, setPlacing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [paymentAlert, setPaymentAlert] = useState<string | null>(null);
  const [orderAlert, setOrderAlert] = useState<OrderAlert | null>(null);
  const placingRef = useRef(false);

  function showIssues(issues: Issue[]): boolean {
    const placed: CheckoutField[] = [];
    const loose: string[] = [];
    for (const issue of issues) {
      const field = fieldOfIssue(issue);
      if (field && !PAYMENT_CODES.has(issue.code)) {
        form.setError(field, { type: 'server', message: issue.message });
        placed.push(field);
      } else if (field) setPaymentAlert(issue.message);
      else loose.push(issue.message);
    }
    const stock = issues.some(isStockIssue);
    if (loose.length > 0) setOrderAlert({ messages: loose, stock });
    const first = firstErrorField(Object.fromEntries(placed.map((field) => [field, 'x'])) as CheckoutErrors);
    if (first) focusField(first);
    else if (issues.some((issue) => PAYMENT_CODES.has(issue.code))) focusField('payment');
    else if (loose.length > 0) setTimeout(() => document.getElementById('checkout-order-alert')?.focus(), 0);
    return issues.length > 0;
  }

  function handlePlaceProblem(problem: Problem, current: Draft | null) {
    if (PAYMENT_CODES.has(problem.code)) {
      setPaymentAlert(problem.message);
      setTimeout(() => focusField(form.getValues('payment') === NEW_CARD ? 'cardNumber' : 'payment'), 0);
      return;
    }
    const issues = problemIssues(problem, locale);
    if (issues.length > 0 && showIssues(issues)) return;
    const field = fieldOfIssue({ code: problem.code, field: null });
    if (field) {
      form.setError(field, { type: 'server', message: problem.message });
      focusField(field);
      return;
    }
    if (isStockIssue(problem) || problem.code === 'ORDER_TOTAL_CHANGED' || problem.code === 'CART_EMPTY') {
      setOrderAlert({ messages: [problem.message], stock: isStockIssue(problem) });
      setTimeout(() => document.getElementById('checkout-order-alert')?.focus(), 0);
      // The quote is out of date: ask for it again so the summary shows what would be ordered now.
      if (current) sync.refresh(bodyFrom(form.getValues()));
      return;
    }
    void showToast({ type: 'error', title: t('oops'), description: problem.message });
  }

  async function place(values: CheckoutValues) {
    // A second click while the first is under way is the same attempt: it is simply ignored.
    if (placingRef.current) return;
    placingRef.current = true;
    setPlacing(true);
    setSubmitted(true);
    setPaymentAlert(null);
    setOrderAlert(null);
    let leaving = false;
    try {
      const saved = await sync.flush(bodyFrom(values));
      if (!saved.ok) {
        if (saved.problem && !onProblem(saved.problem)) handlePlaceProblem(saved.problem, null);
        return;
      }
      const current: Draft = saved.draft;
      if (showIssues(current.issues)) return;
      track('checkout_step', { step: 'place' });
      const needsCard = current.totals.amountDueCents > 0;
      const payment = paymentBody(values, needsCard);
      const parts = { orderId: current.id, draft: draftSignature(current), payment: paymentFingerprint(payment) };
      let key = attempts.keyFor(parts);
      const request = { payment, expectedAmountCents: current.totals.amountDueCents };
      let outcome = await api.place(current.id, key, request);
      // The answer was lost on the way: the same attempt again, with the same key, cannot charge twice.
      if (!outcome.ok && outcome.problem.status === 0) outcome = await api.place(current.id, key, request);
      if (!outcome.ok && outcome.problem.code === 'IDEMPOTENCY_CONFLICT') {
        attempts.finish(current.id);
        key = attempts.keyFor(parts);
        outcome = await api.place(current.id, key, request);
      }
      if (outcome.ok) {
        // Counted without the order's contents: its amount only.
        track('purchase', { amount_cents: current.totals.amountDueCents });
        attempts.finish(current.id);
        leaving = true;
        await api.refreshCart();
        location.assign(`${localizePath(ROUTES.orderView, locale)}?id=${encodeURIComponent(outcome.data.id)}`);
        return;
      }
      if (outcome.problem.status !== 0) attempts.finish(current.id);
      if (!onProblem(outcome.problem)) handlePlaceProblem(outcome.problem, current);
    } finally {
      if (!leaving) {
        placingRef.current = false;
        setPlacing(false);
      }
    }
  }

  return { placing, submitted, setSubmitted, paymentAlert, setPaymentAlert, orderAlert, place };
}
