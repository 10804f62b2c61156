import { useState } from 'react';
import { formatPrice, formatShopDate } from '../../../platform/i18n/format';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import type { PharmacyOrder } from '../browser/api-types';
import { staffMessages } from '../i18n/staff-messages';

interface Props {
  locale: Locale;
  order: PharmacyOrder;
  busy: boolean;
  /** Rejects one prescription line with a reason; answers whether it went through. */
  onRejectLine: (order: PharmacyOrder, position: number, reason: string) => Promise<boolean>;
}

/**
 * The order's E-Rezepte on the staff card (loaded only for orders that have them): each
 * prescription's id, insurance, flow type, prescriber, issue and last day and status, the
 * customer's co-payment exemption, and per prescription line its co-payment, status and a
 * "Reject line" with a reason shown to the customer. Never the token (the API has none).
 */
export function StaffPrescriptions({ locale, order, busy, onRejectLine }: Props) {
  const t = translator(staffMessages, locale);
  const price = (cents: number) => formatPrice(cents, locale);
  const date = (iso: string) => formatShopDate(iso, locale);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const lines = order.lines.filter((line) => line.prescription);
  const canReject = order.status === 'paid' && !order.prescriptions_dispensed_at;
  const exemption = order.co_payment_exemption;

  async function submit(position: number) {
    if (!reason.trim()) return;
    if (await onRejectLine(order, position, reason.trim())) {
      setRejecting(null);
      setReason('');
    }
  }

  return (
    <section className="staff-prescriptions" aria-label={t('prescriptionsHeading')}>
      <h4>{t('prescriptionsHeading')}</h4>
      <ul className="staff-lines">
        {order.prescriptions.map((prescription) => (
          <li key={prescription.id}>
            {t('prescriptionFacts', {
              id: prescription.prescription_id,
              insurance: prescription.insurance === 'private' ? t('insurancePrivate') : t('insuranceStatutory'),
              flow: prescription.flow_type,
              prescriber: [prescription.prescriber.name, prescription.prescriber.practice].filter(Boolean).join(', '),
              issued: date(prescription.issued_on),
              expires: date(prescription.expires_on),
              status: prescription.status,
            })}
          </li>
        ))}
      </ul>
      {exemption && <p className="staff-hint">{exemption.exempt && exemption.valid_until ? t('exemptUntil', { date: date(exemption.valid_until) }) : t('notExempt')}</p>}
      <ul className="staff-lines">
        {lines.map((line) => {
          const rx = line.prescription!;
          const position = line.position ?? -1;
          return (
            <li key={`${rx.prescription_id}-${position}`}>
              <span>
                {t('lineTotal', { quantity: line.quantity, name: line.name, pzn: line.pzn })} · {t('coPaymentPerPack', { amount: price(rx.co_payment_per_pack_cents) })}
                {rx.status === 'dispensed' && ` · ${t('lineDispensed')}`}
                {rx.status === 'rejected' && ` · ${t('lineRejected', { reason: rx.reject_reason ?? '' })}`}
              </span>
              <span className="staff-amount">{price(line.line_total_cents)}</span>
              {canReject && rx.status === 'open' && position >= 0 && (
                rejecting === position ? (
                  <span className="staff-reject-line">
                    <label>
                      {t('rejectLineReason', { name: line.name })}
                      <input type="text" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
                    </label>
                    <button type="button" className="staff-button staff-button--danger-outline" disabled={busy || !reason.trim()} onClick={() => void submit(position)}>
                      {t('rejectLine')}
                    </button>
                    <button type="button" className="staff-button staff-button--secondary" onClick={() => setRejecting(null)}>
                      {t('cancel')}
                    </button>
                  </span>
                ) : (
                  <button type="button" className="staff-button staff-button--danger-outline" disabled={busy} onClick={() => setRejecting(position)}>
                    {t('rejectLine')}
                  </button>
                )
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
