import { useCallback, useRef, useState } from 'react';
import type { Form } from '../../../ui/forms/use-form';
import { normalizeCouponCode } from '../../coupons/client';
import type { CheckoutValues } from '../browser/checkout-form';
import type { DraftBody } from '../browser/draft';
import { isCouponCode } from '../browser/issues';
import type { CheckoutTranslate } from './text';
import type { DraftSync } from './use-draft';

interface Options {
  form: Form<CheckoutValues>;
  sync: DraftSync;
  /** The draft body of the form's values with this coupon code (null: none). */
  bodyWith: (values: CheckoutValues, couponCode: string | null) => DraftBody;
  t: CheckoutTranslate;
}

/**
 * The coupon field: a code is applied only once the server's quote accepts it; refused, its
 * message goes to the field and the draft goes on without it. `code()` is what the draft carries
 * now (the one being tried while the server answers).
 */
export function useCoupon({ form, sync, bodyWith, t }: Options) {
  const [applied, setApplied] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<string | null>(null);
  const bodyNow = () => bodyWith(form.getValues(), current.current);
  const code = useCallback(() => current.current, []);

  async function apply() {
    const code = normalizeCouponCode(form.getValues('coupon'));
    if (!code) {
      form.setError('coupon', { type: 'validate', message: 'couponRequired' }, { shouldFocus: true });
      return;
    }
    const previous = current.current;
    current.current = code;
    setBusy(true);
    const answer = await sync.flush(bodyNow());
    setBusy(false);
    if (answer.ok && answer.draft.coupon?.ok !== false && !answer.draft.issues.some((issue) => isCouponCode(issue.code))) {
      setApplied(code);
      form.setValue('coupon', '');
      form.clearErrors('coupon');
      return;
    }
    // Refused: the message goes to the field, and the draft goes on without the code.
    const message = answer.ok
      ? (answer.draft.coupon?.error?.message ?? answer.draft.issues.find((issue) => isCouponCode(issue.code))?.message)
      : answer.problem && isCouponCode(answer.problem.code)
        ? answer.problem.message
        : answer.problem?.message;
    current.current = previous;
    form.setError('coupon', { type: 'server', message: message ?? t('oops') }, { shouldFocus: true });
    sync.save(bodyNow(), { now: true });
  }

  /** The coupon the draft already carries (a reload or another tab): shown as applied when the server accepted it. */
  const restore = useCallback((code: string | null, accepted: boolean) => {
    // A code the server no longer accepts is dropped with the next save (it was never shown as applied).
    current.current = code && accepted ? code : null;
    setApplied(current.current);
  }, []);

  function remove() {
    current.current = null;
    setApplied(null);
    sync.save(bodyNow(), { now: true });
  }

  return { applied, busy, code, apply, remove, restore };
}
