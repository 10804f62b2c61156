import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { formatNumber } from '../../../platform/i18n/format';
import { selectionMessages } from '../i18n/selection';
import { isOpenAt } from '../model/opening-hours';
import { dayRangeLabel, groupOpeningHours, intervalsLabel } from '../model/opening-hours-view';
import { distanceLabel } from '../model/outcome-view';
import type { SelectionPharmacy } from '../model/selection-types';

interface Props {
  pharmacy: SelectionPharmacy;
  locale: Locale;
  /** The current instant once hydrated; null in the prebuilt HTML, where "open now" is unknown. */
  now: Date | null;
  selected: boolean;
  servesVisitor: boolean;
  distanceKm: number | null;
  /** Customers' average rating, known once the pharmacy has at least 5 ratings. */
  rating?: { average: number; count: number } | null;
  /** False until hydrated: the button does nothing before. */
  interactive: boolean;
  busy: boolean;
  onChoose: (pharmacy: SelectionPharmacy) => void;
}

const OPTION_KEYS = { courier: 'deliveryCourier', parcel: 'deliveryParcel', pickup: 'deliveryPickup' } as const;

/** One partner pharmacy: everything a customer needs to decide, readable without JavaScript. */
export function PharmacyCard({ pharmacy, locale, now, selected, servesVisitor, distanceKm, rating = null, interactive, busy, onChoose }: Props) {
  const t = translator(selectionMessages, locale);
  const nameId = `pharmacy-${pharmacy.id}-name`;
  const open = now ? isOpenAt(pharmacy.openingHours, now) : null;

  return (
    <article className={`pharmacy-card${selected ? ' pharmacy-card--selected' : ''}`} aria-labelledby={nameId} data-pharmacy-id={pharmacy.id}>
      <header className="pharmacy-card__head">
        <h3 id={nameId} className="pharmacy-card__name">
          {pharmacy.name}
        </h3>
        <p className="pharmacy-card__badges">
          {/* Reserved before hydration so the badges filling in shift nothing. */}
          <span className={`pharmacy-badge ${open === null ? 'pharmacy-badge--pending' : open ? 'pharmacy-badge--open' : 'pharmacy-badge--closed'}`} aria-hidden={open === null || undefined}>
            {open === null ? '\u00a0' : open ? t('openNow') : t('closedNow')}
          </span>
          {pharmacy.selfPickupOnly && <span className="pharmacy-badge pharmacy-badge--pickup">{t('selfPickupOnly')}</span>}
          {servesVisitor && <span className="pharmacy-badge pharmacy-badge--serves">{t('servesYou')}</span>}
          {selected && <span className="pharmacy-badge pharmacy-badge--selected">✓ {t('selected')}</span>}
        </p>
      </header>

      {rating && (
        <p className="pharmacy-card__rating">
          <span aria-hidden="true">★ </span>
          {t('rating', { average: formatNumber(rating.average, locale, 1), count: rating.count })}
        </p>
      )}
      <p className="pharmacy-card__address">
        {pharmacy.street} {pharmacy.houseNumber}, {pharmacy.postalCode} {pharmacy.city}
        {distanceKm !== null && <span className="pharmacy-card__distance"> · {distanceLabel(distanceKm, locale)}</span>}
      </p>

      <div className="pharmacy-card__columns">
        <div>
          <h4 className="pharmacy-card__subheading">{t('deliveryOptions')}</h4>
          <ul className="pharmacy-card__options">
            {pharmacy.deliveryOptions.map((option) => (
              <li key={option}>{t(OPTION_KEYS[option])}</li>
            ))}
          </ul>
          {pharmacy.deliveryOptions.includes('courier') && pharmacy.deliveryPostalCodes.length > 0 && (
            <p className="pharmacy-card__zone">{t('deliversTo', { codes: pharmacy.deliveryPostalCodes.join(', ') })}</p>
          )}
        </div>
        <div>
          <h4 className="pharmacy-card__subheading">{t('openingHours')}</h4>
          <dl className="pharmacy-card__hours">
            {groupOpeningHours(pharmacy.openingHours).map((group) => (
              <div key={group.from}>
                <dt>{dayRangeLabel(group, locale)}</dt>
                <dd>{group.intervals.length > 0 ? intervalsLabel(group.intervals) : t('closedDay')}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <ul className="pharmacy-card__links">
        <li>
          {t('phone')}: <a href={`tel:${pharmacy.phone}`}>{pharmacy.phone}</a>
        </li>
        <li>
          <a href={pharmacy.termsHref} aria-describedby={nameId}>
            {t('terms')}
          </a>
        </li>
        {pharmacy.priceListHref && (
          <li>
            <a href={pharmacy.priceListHref} type="application/pdf" aria-describedby={nameId}>
              {t('priceList')}
            </a>
          </li>
        )}
      </ul>

      <button
        type="button"
        className="pharmacy-card__choose needs-js"
        aria-pressed={selected}
        aria-describedby={nameId}
        disabled={!interactive || busy}
        onClick={() => onChoose(pharmacy)}
      >
        {t('choose')}
      </button>
    </article>
  );
}
