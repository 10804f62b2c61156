import { useEffect, useRef } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { selectionMessages } from '../i18n/selection';
import { distanceLabel } from '../model/outcome-view';
import type { NearestPharmacies } from '../model/selection-types';

interface Props {
  nearest: NearestPharmacies;
  locale: Locale;
  selectedId: string | null;
  busy: boolean;
  onChoose: (pharmacy: { id: string; name: string }) => void;
}

/**
 * The pharmacy nearest the device and whether its courier comes there (its delivery zone holds
 * the location's postal code); focus moves here when the answer arrives.
 */
export function NearestResult({ nearest, locale, selectedId, busy, onChoose }: Props) {
  const t = translator(selectionMessages, locale);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = nearest.items[0];

  useEffect(() => {
    heading.current?.focus();
  }, [nearest]);

  return (
    <section className={`delivery-outcome ${first?.delivers_to_location ? 'delivery-outcome--success' : 'delivery-outcome--warning'}`} aria-labelledby="nearest-heading" data-nearest>
      <h2 id="nearest-heading" ref={heading} tabIndex={-1} className="delivery-outcome__title">
        {t('nearestHeading')}
      </h2>
      <p className="delivery-outcome__address">
        {nearest.postal_code ? t('yourArea', { postalCode: nearest.postal_code, locality: nearest.locality ?? '' }).trim() : t('areaUnknown')}
      </p>
      {first && (
        <>
          <p>
            <strong>{first.pharmacy.name}</strong>
            <br />
            {first.pharmacy.address.street} {first.pharmacy.address.houseNumber}, {first.pharmacy.address.postalCode} {first.pharmacy.address.city} ·{' '}
            {distanceLabel(first.distance_km, locale)}
          </p>
          <p>{first.delivers_to_location ? t('nearestDelivers', { pharmacy: first.pharmacy.name }) : t('nearestNoDelivery', { pharmacy: first.pharmacy.name })}</p>
          <button
            type="button"
            className="pharmacy-card__choose"
            aria-pressed={selectedId === first.pharmacy.id}
            disabled={busy}
            onClick={() => onChoose({ id: first.pharmacy.id, name: first.pharmacy.name })}
          >
            {t('choose')}
          </button>
        </>
      )}
    </section>
  );
}
