import { useCallback, useRef, useState } from 'react';
import { showToast } from '../../../ui/toast/toast';
import { errorCodeText } from '../../../platform/api-client/error-text';
import type { CheckoutValues } from '../browser/checkout-form';
import type * as PlacementModule from './placement';
import type { OrderAlert, Placement, PlaceOrderOptions } from './placement';

// One load per page: the placement code arrives at the first touch of the form, well before the
// press of "Order and pay" (which then finds it at hand, still within the click's user gesture).
let placementModule: Promise<typeof PlacementModule> | null = null;
const loadPlacement = () => (placementModule ??= import('./placement'));

/**
 * "Order and pay": its state (placing, the payment and order alerts) lives here; what it does
 * (placement.ts) is loaded by `prepare`, which the form calls at the first pointer, focus or key,
 * so the checkout ships it only to a customer who is about to use it.
 */
export function usePlaceOrder(options: PlaceOrderOptions) {
  const latest = useRef(options);
  latest.current = options;
  const [placing, setPlacing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [paymentAlert, setPaymentAlert] = useState<string | null>(null);
  const [orderAlert, setOrderAlert] = useState<OrderAlert | null>(null);
  const placingRef = useRef(false);
  const placementRef = useRef<Placement | null>(null);

  const prepare = useCallback(() => void loadPlacement().catch(() => undefined), []);

  /** Runs one placement step once at a time; false (and a message) when its code could not be loaded. */
  const run = useCallback(async (step: (placement: Placement) => Promise<boolean>): Promise<boolean> => {
    // A second click while the first is under way is the same attempt: it is simply ignored.
    if (placingRef.current) return false;
    placingRef.current = true;
    setPlacing(true);
    let leaving = false;
    try {
      let placement = placementRef.current;
      if (!placement) {
        const loaded = await loadPlacement().catch(() => {
          placementModule = null;
          return null;
        });
        if (!loaded) {
          // Offline when the page wanted the placement code: nothing was sent, the customer may retry.
          const { locale, t } = latest.current;
          void showToast({ type: 'error', title: t('oops'), description: errorCodeText('GENERIC_ERROR', locale) });
          return false;
        }
        placement = placementRef.current ??= loaded.createPlacement(() => latest.current, { setPaymentAlert, setOrderAlert });
      }
      leaving = await step(placement);
      return leaving;
    } finally {
      if (!leaving) {
        placingRef.current = false;
        setPlacing(false);
      }
    }
  }, []);

  const place = useCallback(
    async (values: CheckoutValues) => {
      if (placingRef.current) return;
      setSubmitted(true);
      setPaymentAlert(null);
      setOrderAlert(null);
      await run((placement) => placement.place(values));
    },
    [run],
  );

  /**
   * Back from the provider's page (3-D Secure, PayPal): the order is placed with that payment, or
   * the refusal (failed check, cancelled) is shown in the payment section. Only a return from the
   * provider (its `payment_intent` in the URL) loads the placement code.
   */
  const resume = useCallback(
    async (search: string): Promise<boolean> => (new URLSearchParams(search).has('payment_intent') ? run((placement) => placement.resume(search)) : false),
    [run],
  );

  return { placing, submitted, setSubmitted, paymentAlert, setPaymentAlert, orderAlert, place, resume, prepare };
}
