import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiClient, attempt, type ApiPaths } from '../../../platform/api-client';
import { formatShopDate } from '../../../platform/i18n/format';
import type { Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import { handleUnauthorized } from '../../accounts/client';
import type { Order } from '../../orders/client';
import type { TrackingText } from './tracking-text';

export type MissedDeliveryView = ApiPaths['/api/v1/user/orders/{id}/missed-delivery']['get']['responses'][200]['content']['application/json'];

interface Props {
  order: Order;
  view: MissedDeliveryView;
  locale: Locale;
  text: TrackingText;
  /** The view after a choice (or a fresh one after a refusal). */
  onChanged: (view: MissedDeliveryView) => void;
}

/**
 * After "nobody home" (issue 12): the order is back at the pharmacy and the customer chooses a new
 * courier window or pickup at the counter; once chosen, what happens next (the new window, or the
 * pickup code to show at the counter). The pharmacy's phone stays offered for questions.
 */
export function MissedDelivery({ order, view, locale, text, onChanged }: Props) {
  const t = tableTranslator(text);
  const pharmacy = order.pharmacy;
  const slots = view.options?.slots ?? [];
  const [method, setMethod] = useState<'courier' | 'pickup'>(slots.length > 0 ? 'courier' : 'pickup');
  const [slotStart, setSlotStart] = useState(slots[0]?.start ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const result = useRef<HTMLHeadingElement>(null);
  const chose = useRef(false);

  // A window that is no longer offered (a fresh view after a refusal) is not kept selected.
  useEffect(() => {
    if (slots.length === 0) setMethod('pickup');
    if (!slots.some((slot) => slot.start === slotStart)) setSlotStart(slots[0]?.start ?? '');
  }, [slots, slotStart]);

  // After the customer's own choice the focus moves to what happens next.
  useEffect(() => {
    if (chose.current && view.state !== 'open') result.current?.focus();
  }, [view.state]);

  if (!pharmacy || view.state === 'none') return null;
  const windowText = (slot: { date: string; from: string; to: string }) => t('slotWindow', { date: formatShopDate(slot.date, locale), from: slot.from, to: slot.to });
  const call = pharmacy.phone && (
    <p>
      {t('missedCall', { pharmacy: pharmacy.name })}{' '}
      <a className="tracking-button" href={`tel:${pharmacy.phone.replace(/[^\d+]/g, '')}`}>
        {t('callPharmacy', { pharmacy: pharmacy.name })}
      </a>
    </p>
  );

  if (view.state === 'courier' && view.slot) {
    return (
      <div className="tracking-note">
        <h3 ref={result} tabIndex={-1}>
          {t('rebookedHeading')}
        </h3>
        <p>{t('rebookedBody', { pharmacy: pharmacy.name, window: windowText(view.slot) })}</p>
        {call}
      </div>
    );
  }

  if (view.state === 'pickup') {
    const address = `${pharmacy.street} ${pharmacy.house_number}, ${pharmacy.postal_code} ${pharmacy.city}`;
    return (
      <div className="tracking-note">
        <h3 ref={result} tabIndex={-1}>
          {t('pickupHeading')}
        </h3>
        <p>{t('pickupBody', { pharmacy: pharmacy.name, address })}</p>
        <p>
          {t('pickupCode')}: <strong className="tracking-pickup-code">{view.pickup_code}</strong>
        </p>
        <p>{t('pickupCodeNote')}</p>
        {call}
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body = method === 'courier' ? { method, slot_start: slotStart } : { method };
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/orders/{id}/missed-delivery', { params: { path: { id: order.id } }, body }), locale);
    setBusy(false);
    if (outcome.ok) {
      chose.current = true;
      onChanged(outcome.data);
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    setError(outcome.problem.message);
    // The window went, or another tab chose: show what is offered (or chosen) now.
    if (outcome.problem.status === 409) {
      const fresh = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/{id}/missed-delivery', { params: { path: { id: order.id } } }), locale);
      if (fresh.ok) onChanged(fresh.data);
    }
  }

  return (
    <div className="tracking-note">
      <h3>{t('missedHeading')}</h3>
      <p>{t('missedBody', { pharmacy: pharmacy.name })}</p>
      <p>{t('missedChoices')}</p>
      <form className="tracking-choice" onSubmit={(event) => void submit(event)} aria-describedby={error ? 'missed-delivery-error' : undefined}>
        <fieldset>
          <legend>{t('choiceLegend')}</legend>
          <label className="tracking-choice__option">
            <input type="radio" name="missed-delivery" value="courier" checked={method === 'courier'} disabled={slots.length === 0} onChange={() => setMethod('courier')} />
            {t('choiceCourier')}
          </label>
          {slots.length === 0 && <p className="tracking-hint">{t('noSlots')}</p>}
          {method === 'courier' && slots.length > 0 && (
            <div className="tracking-choice__slot">
              <label htmlFor="missed-delivery-slot">{t('slotLabel')}</label>
              <select id="missed-delivery-slot" value={slotStart} onChange={(event) => setSlotStart(event.target.value)}>
                {slots.map((slot) => (
                  <option key={slot.start} value={slot.start}>
                    {windowText(slot)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <label className="tracking-choice__option">
            <input type="radio" name="missed-delivery" value="pickup" checked={method === 'pickup'} onChange={() => setMethod('pickup')} />
            {t('choicePickup', { pharmacy: pharmacy.name })}
          </label>
          {method === 'pickup' && <p className="tracking-hint">{t('pickupHint')}</p>}
        </fieldset>
        {error && (
          <p id="missed-delivery-error" className="tracking-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="tracking-button tracking-button--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('confirming') : t('confirmChoice')}
        </button>
      </form>
      {call}
    </div>
  );
}
