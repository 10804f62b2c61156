import { useEffect, useRef } from 'react';
import type { ElementSetup, StripeCheckout } from '../../browser/stripe-payment';

interface Props {
  host: StripeCheckout;
  setup: ElementSetup;
  label: string;
}

/**
 * Where Stripe's Payment Element (Stripe's iframe: card fields, Apple Pay / Google Pay where the
 * device has them, PayPal, invoice) is mounted. A new method mounts it anew; a new amount or the
 * "save card" box only update it, so what the customer typed stays.
 */
export function StripeElement({ host, setup, label }: Props) {
  const target = useRef<HTMLDivElement>(null);
  const latest = useRef(setup);
  latest.current = setup;

  useEffect(() => {
    if (!target.current) return;
    void host.mount(target.current, latest.current);
    return () => host.unmount();
  }, [host, setup.method]);

  useEffect(() => {
    host.update(setup);
  }, [host, setup.amountCents, setup.saveCard, setup.method]);

  return <div ref={target} id="checkout-stripe-element" className="checkout-stripe-element" role="group" aria-label={label} />;
}
