import { useMemo, useRef, useState } from 'react';
import type { Form } from '../../../ui/forms/use-form';
import type { Issue, Problem } from '../../../platform/api-client';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { ROUTES } from '../../../ui/layout/routes';
import { showToast } from '../../../ui/toast/toast';
import { track } from '../../analytics/client';
import type { CheckoutApi } from '../browser/checkout-api';
import { firstErrorField, type CheckoutErrors, type CheckoutField, type CheckoutValues } from '../browser/checkout-form';
import { draftSignature, type Draft, type DraftBody } from '../browser/draft';
import { createAttemptStore } from '../browser/idempotency';
import { fieldOfIssue, isStockIssue, problemIssues } from '../browser/issues';
import { paymentChoice, paymentFingerprint } from '../browser/payment';
import { forgetPendingPayment, rememberPendingPayment, takePendingPayment, type PendingPayment } from '../browser/hosted-payment';
import { rememberPlaced } from '../browser/placed';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { errorCodeText, loadErrorCatalogue } from '../../../platform/api-client/error-text';
import type { CheckoutTranslate } from './text';
import { focusField } from './focus';
import type { DraftSync } from './use-draft';

const PAYMENT_CODES = new Set([
  'PAYMENT_FAILED',
  'PAYMENT_INSUFFICIENT_FUNDS',
  'PAYMENT_UNAVAILABLE',
  'PAYMENT_AUTHENTICATION_FAILED',
  'PAYMENT_CANCELLED',
  'PAYMENT_NOT_AUTHORIZED',
  'CARD_EXPIRED',
  'CARD_INVALID',
  'EXPIRY_INVALID',
  'CVC_INVALID',
  'CARD_NOT_FOUND',
]);

interface Options {
  locale: Locale;
  api: CheckoutApi;
  form: Form<CheckoutValues>;
  sync: DraftSync;
  /** The draft body of the form's values (with the applied coupon and the credit). */
  bodyFrom: (values: CheckoutValues) => DraftBody;
  /** A problem the screen handles itself (401: log in again). True when handled. */
  onProblem: (problem: Problem) => boolean;
  t: CheckoutTranslate;
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
      setTimeout(() => focusField('payment'), 0);
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

  /** Places the order with a PaymentIntent the provider holds (or none when nothing is due); true when leaving the page. */
  async function placeWith(orderId: string, key: string, paymentIntentId: string | null, expectedAmountCents: number, current: Draft | null, retryWithNewKey: (() => string) | null): Promise<boolean> {
    const request = { paymentIntentId, expectedAmountCents };
    let outcome = await api.place(orderId, key, request);
    // The answer was lost on the way: the same attempt again, with the same key, cannot charge twice.
    if (!outcome.ok && outcome.problem.status === 0) outcome = await api.place(orderId, key, request);
    if (!outcome.ok && outcome.problem.code === 'IDEMPOTENCY_CONFLICT' && retryWithNewKey) outcome = await api.place(orderId, retryWithNewKey(), request);
    if (outcome.ok) {
      // Counted without the order's contents: its amount only.
      track('purchase', { amount_cents: expectedAmountCents });
      attempts.finish(orderId);
      await api.refreshCart();
      rememberPlaced(outcome.data.id);
      location.assign(`${localizePath(ROUTES.orderView, locale)}?id=${encodeURIComponent(outcome.data.id)}`);
      return true;
    }
    if (outcome.problem.status !== 0) attempts.finish(orderId);
    if (!onProblem(outcome.problem)) handlePlaceProblem(outcome.problem, current);
    return false;
  }

  function paymentRefused(code: ErrorCode) {
    void loadErrorCatalogue().then((catalogue) => setPaymentAlert(catalogue[locale][code]), () => setPaymentAlert(errorCodeText(code, locale)));
    setTimeout(() => focusField('payment'), 0);
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
      // The provider's element first, while the click still counts as the customer's gesture (a
      // wallet's sheet opens only then): it checks what was typed before the order is touched.
      const early = paymentChoice(values, true);
      const submitted = early ? await api.submitPayment(early) : null;
      if (submitted?.kind === 'failed') {
        paymentRefused(submitted.code);
        return;
      }
      const saved = await sync.flush(bodyFrom(values));
      if (!saved.ok) {
        if (saved.problem && !onProblem(saved.problem)) handlePlaceProblem(saved.problem, null);
        return;
      }
      const current: Draft = saved.draft;
      if (showIssues(current.issues)) return;
      track('checkout_step', { step: 'place' });
      const expectedAmountCents = current.totals.amountDueCents;
      const choice = paymentChoice(values, expectedAmountCents > 0);
      const parts = { orderId: current.id, draft: draftSignature(current), payment: paymentFingerprint(choice) };
      const key = attempts.keyFor(parts);
      const retryKey = () => {
        attempts.finish(current.id);
        return attempts.keyFor(parts);
      };
      if (!choice) {
        leaving = await placeWith(current.id, key, null, expectedAmountCents, current, retryKey);
        return;
      }
      // The provider holds the money first (hosted fields, 3-D Secure, PayPal); then the order is placed with it.
      const returnUrl = `${localizePath(ROUTES.checkout, locale)}?order=${encodeURIComponent(current.id)}`;
      const intent = await api.createPaymentIntent(current.id, key, { choice, expectedAmountCents, returnUrl });
      if (!intent.ok) {
        if (intent.problem.status !== 0) attempts.finish(current.id);
        if (!onProblem(intent.problem)) handlePlaceProblem(intent.problem, current);
        return;
      }
      // Stripe.js leaves for PayPal's or the bank's page inside confirmPayment: the way back must be known before.
      rememberPendingPayment({ orderId: current.id, intentId: intent.data.intentId, key, expectedAmountCents });
      const confirmed = await api.confirmPayment(intent.data, choice, returnUrl);
      if (confirmed.kind !== 'redirect') forgetPendingPayment();
      if (confirmed.kind === 'failed') {
        // Another try is another attempt (a new PaymentIntent): nothing was held by this one.
        attempts.finish(current.id);
        paymentRefused(confirmed.code);
        return;
      }
      if (confirmed.kind === 'redirect') {
        leaving = true;
        location.assign(confirmed.url);
        return;
      }
      leaving = await placeWith(current.id, key, intent.data.intentId, expectedAmountCents, current, null);
    } finally {
      if (!leaving) {
        placingRef.current = false;
        setPlacing(false);
      }
    }
  }

  /**
   * Back from the provider's page (3-D Secure, PayPal): the order is placed with that payment, or
   * the refusal (failed check, cancelled) is shown in the payment section. Without this (the tab was
   * closed) the provider's webhook places the order all the same.
   */
  async function resume(search: string): Promise<boolean> {
    const pending: PendingPayment | null = takePendingPayment(search);
    if (!pending || placingRef.current) return false;
    placingRef.current = true;
    setPlacing(true);
    let leaving = false;
    try {
      leaving = await placeWith(pending.orderId, pending.key, pending.intentId, pending.expectedAmountCents, null, null);
      return leaving;
    } finally {
      if (!leaving) {
        placingRef.current = false;
        setPlacing(false);
      }
    }
  }

  return { placing, submitted, setSubmitted, paymentAlert, setPaymentAlert, orderAlert, place, resume };
}
