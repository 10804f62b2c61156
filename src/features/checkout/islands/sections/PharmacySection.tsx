import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { checkoutUiMessages } from '../../i18n/ui-messages';
import type { Draft } from '../../browser/draft';
import { Step } from '../controls';

interface Props {
  locale: Locale;
  pharmacy: Draft['pharmacy'];
  openNow: boolean | null;
  pharmaciesHref: string;
}

/** (b) Who fulfils the order, whether it is open now, and a way to choose another pharmacy. */
export function PharmacySection({ locale, pharmacy, openNow, pharmaciesHref }: Props) {
  const t = translator(checkoutUiMessages, locale);
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
