import type { Draft } from '../../browser/draft';
import { Step } from '../controls';
import type { CheckoutTranslate } from '../text';

interface Props {
  t: CheckoutTranslate;
  pharmacy: Draft['pharmacy'];
  openNow: boolean | null;
  pharmaciesHref: string;
}

/** (b) Who fulfils the order, whether it is open now, and a way to choose another pharmacy. */
export function PharmacySection({ t, pharmacy, openNow, pharmaciesHref }: Props) {
  return (
    <Step id="checkout-pharmacy" title={t('pharmacyHeading')}>
      {pharmacy ? (
        <div className="checkout-pharmacy">
          <p className="checkout-pharmacy__name">
            <strong>{pharmacy.name}</strong>
            {openNow !== null && (
              <span className={openNow ? 'checkout-badge checkout-badge--open' : 'checkout-badge checkout-badge--closed'}>
                {openNow ? t('pharmacyOpen') : t('pharmacyClosed')}
              </span>
            )}
          </p>
          {pharmacy.phone && <p>{t('pharmacyPhone', { phone: pharmacy.phone })}</p>}
          <p>
            <a href={pharmaciesHref}>{t('pharmacyChange')}</a>
          </p>
        </div>
      ) : (
        <p>
          {t('pharmacyNone')} <a href={pharmaciesHref}>{t('pharmacyChoose')}</a>
        </p>
      )}
    </Step>
  );
}
