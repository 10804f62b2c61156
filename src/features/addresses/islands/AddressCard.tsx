import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { addressMessages } from '../i18n/messages';
import type { Address } from '../browser/api-types';

interface Props {
  address: Address;
  locale: Locale;
  /** Shipping addresses can be chosen as where the next order goes. */
  deliverHere?: { current: boolean; busy: boolean; onChoose: () => void } | undefined;
  onEdit: () => void;
  onDelete: (opener: HTMLButtonElement) => void;
}

/** One saved address with its actions; the buttons name the address through aria-describedby. */
export function AddressCard({ address, locale, deliverHere, onEdit, onDelete }: Props) {
  const t = translator(addressMessages, locale);
  const textId = `address-${address.id}-text`;
  return (
    <article className={`address-card${deliverHere?.current ? ' address-card--current' : ''}`} data-address-id={address.id}>
      <div id={textId} className="address-card__text">
        <p>
          {address.street_address} {address.house_number}
          {address.room && (
            <>
              <br />
              {address.room}
            </>
          )}
          <br />
          {address.postal_code} {address.locality}
        </p>
        {address.note && <p className="address-card__note">{t('riderNote', { note: address.note })}</p>}
      </div>
      {deliverHere?.current && <p className="address-card__badge">✓ {t('currentDelivery')}</p>}
      <div className="address-actions">
        {deliverHere && (
          <button
            type="button"
            className="address-button address-button--secondary address-button--toggle"
            aria-pressed={deliverHere.current}
            aria-describedby={textId}
            disabled={deliverHere.busy}
            onClick={deliverHere.onChoose}
          >
            {t('deliverHere')}
          </button>
        )}
        <button type="button" className="address-button address-button--secondary" aria-describedby={textId} onClick={onEdit}>
          {t('edit')}
        </button>
        <button type="button" className="address-button address-button--danger-outline" aria-describedby={textId} onClick={(event) => onDelete(event.currentTarget)}>
          {t('delete')}
        </button>
      </div>
    </article>
  );
}
