import { useId } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { afterOrderMessages } from '../i18n/after-order-messages';
import { MAX_STARS, MIN_STARS } from '../model/public';

interface Props {
  locale: Locale;
  value: number | null;
  onChange: (stars: number) => void;
  disabled?: boolean;
  /** Described by an error message (its id) while the choice is missing. */
  errorId?: string | undefined;
}

/**
 * 1–5 stars as a radio group: one Tab stop, arrow keys move and choose, and a screen reader says
 * "4 stars, 4 of 5" (each star's label is its count); the stars up to the chosen one are filled.
 */
export function StarRating({ locale, value, onChange, disabled = false, errorId }: Props) {
  const t = translator(afterOrderMessages, locale);
  const name = useId();
  const counts = Array.from({ length: MAX_STARS - MIN_STARS + 1 }, (_, index) => MIN_STARS + index);
  return (
    <fieldset className="rating-stars" aria-describedby={errorId} disabled={disabled}>
      <legend>{t('ratingLegend')}</legend>
      <div className="rating-stars__row">
        {counts.map((count) => (
          <label key={count} className={`rating-star${value !== null && count <= value ? ' rating-star--on' : ''}`}>
            <input type="radio" name={name} value={count} checked={value === count} onChange={() => onChange(count)} className="rating-star__input" />
            <span aria-hidden="true" className="rating-star__icon">
              ★
            </span>
            <span className="visually-hidden">{count === 1 ? t('star', { count }) : t('stars', { count })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
