import type { ReactNode } from 'react';
import { formatPrice, formatShopDate } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import type { Translate } from '../../../platform/i18n/messages';
import type { Exemption, PrescriptionView } from '../browser/redeem-api';
import type { RedeemScreenKey } from '../i18n/redeem-screen-messages';

const STATUS_KEY = {
  redeemed: 'statusRedeemed',
  'in-order': 'statusInOrder',
  dispensed: 'statusDispensed',
  returned: 'statusReturned',
  expired: 'statusExpired',
} as const satisfies Record<PrescriptionView['status'], RedeemScreenKey>;

const STATUS_TONE: Partial<Record<PrescriptionView['status'], string>> = { redeemed: 'account-tag--ok', 'in-order': 'account-tag--wait' };

/** A date of the API (YYYY-MM-DD) as the shop writes it. */
export const shopDate = (iso: string, locale: Locale) => formatShopDate(iso.slice(0, 10), locale);

interface Props {
  prescription: PrescriptionView;
  exemption: Exemption | null;
  locale: Locale;
  t: Translate<RedeemScreenKey>;
  /** The status tag: the list shows it; a result just redeemed is held anyway. */
  showStatus?: boolean;
  /** The card's actions (give back), after its facts. */
  children?: ReactNode;
}

/**
 * One redeemed prescription: who prescribed it, when, until when it is valid, and each medicine
 * with its packs, price and what the customer pays (the co-payment per pack and for the line, or
 * the full price on a private prescription), with the notes that change what happens next.
 */
export function PrescriptionCard({ prescription: p, exemption, locale, t, showStatus = false, children }: Props) {
  const privately = p.insurance === 'private';
  const headingId = `prescription-${p.id}-heading`;
  const exemptUntil = exemption?.validUntil ? shopDate(exemption.validUntil, locale) : null;
  return (
    <article className="account-item prescription" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span>{t('prescriptionTitle', { id: p.prescriptionId })}</span>
        {showStatus && <span className={`account-tag ${STATUS_TONE[p.status] ?? ''}`.trim()}>{t(STATUS_KEY[p.status])}</span>}
      </h3>
      <dl className="account-facts">
        <dt>{t('prescriber')}</dt>
        <dd>{p.prescriber.practice ? `${p.prescriber.name}, ${p.prescriber.practice}` : p.prescriber.name}</dd>
        <dt>{t('issuedOn')}</dt>
        <dd>{shopDate(p.issuedOn, locale)}</dd>
        <dt>{t('validUntil')}</dt>
        <dd>{shopDate(p.expiresOn, locale)}</dd>
        <dt>{t('insurance')}</dt>
        <dd>{privately ? t('private') : t('statutory')}</dd>
      </dl>
      <ul className="prescription__items" aria-label={t('medicinesLabel')}>
        {p.items.map((item, index) => (
          // The same medicine may be prescribed twice on one prescription.
          <li key={`${index}-${item.pzn}`} className="prescription__item">
            <p className="prescription__name">{item.productPath ? <a href={localizePath(item.productPath, locale)}>{item.name}</a> : item.name}</p>
            <dl className="account-facts">
              <dt>{t('packs')}</dt>
              <dd>{item.packs}</dd>
              <dt>{t('unitPrice')}</dt>
              <dd>{formatPrice(item.unitPriceCents, locale)}</dd>
              <dt>{privately ? t('payPerPack') : t('coPaymentPerPack')}</dt>
              <dd>{formatPrice(item.coPaymentPerPackCents, locale)}</dd>
              <dt>{privately ? t('payLine') : t('coPaymentLine')}</dt>
              <dd>{formatPrice(item.coPaymentCents, locale)}</dd>
            </dl>
            {!item.parcelAllowed && <p className="prescription__note">{t('parcelNote')}</p>}
            {!item.substitutionAllowed && <p className="account-muted">{t('noSubstitution')}</p>}
          </li>
        ))}
      </ul>
      <p className="prescription__total">
        {privately ? t('payTotal', { amount: formatPrice(p.coPaymentTotalCents, locale) }) : t('coPaymentTotal', { amount: formatPrice(p.coPaymentTotalCents, locale) })}
      </p>
      {privately && <p className="prescription__note">{t('privateNote')}</p>}
      {p.exemptApplied && <p className="prescription__note prescription__note--ok">{exemptUntil ? t('exemptNote', { date: exemptUntil }) : t('exemptNoteUndated')}</p>}
      {children}
    </article>
  );
}
