import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { staffMessages } from '../i18n/staff-messages';

/** Reasons pharmacies give most; picking one fills the text, which can still be edited. */
const REASON_CHOICES = ['out_of_stock', 'not_deliverable', 'safety', 'prescription'] as const;
type ReasonChoice = (typeof REASON_CHOICES)[number];

interface Props {
  locale: Locale;
  orderNumber: string;
  busy: boolean;
  /** The server's refusal of the reason, shown at the field. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Rejecting needs a reason the customer will read. A native modal <dialog> traps focus and closes
 * on Escape; focus starts in the reason field and returns to the opener afterwards (the caller's).
 */
export function RejectDialog({ locale, orderNumber, busy, error, onConfirm, onClose }: Props) {
  const t = translator(staffMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const shown = missing ? t('reasonRequired') : error;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    field.current?.focus();
    return () => element?.close?.();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="staff-dialog"
      aria-labelledby="staff-reject-title"
      aria-describedby="staff-reject-body"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setMissing(true);
            field.current?.focus();
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <h2 id="staff-reject-title">{t('rejectTitle', { number: orderNumber })}</h2>
        <p id="staff-reject-body">{t('rejectBody')}</p>
        <div className="staff-field">
          <label htmlFor="staff-reject-reason">{t('reasonLabel')}</label>
          <textarea
            id="staff-reject-reason"
            ref={field}
            rows={3}
            maxLength={500}
            required
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? 'staff-reject-error' : undefined}
          />
          {shown && (
            <p id="staff-reject-error" className="staff-error" role="alert">
              {shown}
            </p>
          )}
        </div>
        <div className="staff-field">
          <label htmlFor="staff-reject-choice">{t('reasonChoices')}</label>
          <select
            id="staff-reject-choice"
            value=""
            onChange={(event) => {
              if (!event.target.value) return;
              setReason(t(`reasonChoice.${event.target.value as ReasonChoice}`));
              setMissing(false);
            }}
          >
            <option value="">{t('reasonChoose')}</option>
            {REASON_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`reasonChoice.${choice}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-actions">
          <button type="submit" className="staff-button staff-button--danger" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('working') : t('rejectConfirm')}
          </button>
          <button type="button" className="staff-button staff-button--secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
