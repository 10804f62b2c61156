import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { staffMessages } from '../i18n/staff-messages';

interface Props {
  locale: Locale;
  orderNumber: string;
  busy: boolean;
  error: string | null;
  onConfirm: (trackingNumber: string) => void;
  onClose: () => void;
}

/** A parcel leaves with the parcel service's tracking number, which the customer can follow. */
export function TrackingDialog({ locale, orderNumber, busy, error, onConfirm, onClose }: Props) {
  const t = translator(staffMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const shown = missing ? t('trackingRequired') : error;

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
      aria-labelledby="staff-tracking-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!value.trim()) {
            setMissing(true);
            field.current?.focus();
            return;
          }
          onConfirm(value.trim());
        }}
      >
        <h2 id="staff-tracking-title">{t('trackingTitle', { number: orderNumber })}</h2>
        <div className="staff-field">
          <label htmlFor="staff-tracking-number">{t('trackingLabel')}</label>
          <input
            id="staff-tracking-number"
            ref={field}
            maxLength={64}
            autoComplete="off"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? 'staff-tracking-error' : undefined}
          />
          {shown && (
            <p id="staff-tracking-error" className="staff-error" role="alert">
              {shown}
            </p>
          )}
        </div>
        <div className="staff-actions">
          <button type="submit" className="staff-button staff-button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('working') : t('trackingConfirm')}
          </button>
          <button type="button" className="staff-button staff-button--secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
