import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { staffMessages } from '../i18n/staff-messages';
import type { PharmacyOrder } from '../browser/api-types';

export interface RefundChoice {
  reason: string;
  /** Absent: the whole order. */
  lines?: { pzn: string; quantity: number }[];
}

interface Props {
  locale: Locale;
  order: PharmacyOrder;
  busy: boolean;
  error: string | null;
  onConfirm: (choice: RefundChoice) => void;
  onClose: () => void;
}

/** Money moves: the refund is confirmed here, whole order or chosen units, with a reason the customer reads. */
export function RefundDialog({ locale, order, busy, error, onConfirm, onClose }: Props) {
  const t = translator(staffMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [whole, setWhole] = useState(true);
  const refunded = new Map(order.refunded_lines.map((line) => [line.pzn, line.quantity]));
  const lines = order.lines.map((line) => ({ ...line, left: line.quantity - (refunded.get(line.pzn) ?? 0) })).filter((line) => line.left > 0);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    reasonField.current?.focus();
    return () => element?.close?.();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="staff-dialog"
      aria-labelledby="staff-refund-title"
      aria-describedby="staff-refund-body"
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
            setProblem(t('reasonRequired'));
            reasonField.current?.focus();
            return;
          }
          if (whole) {
            onConfirm({ reason: reason.trim() });
            return;
          }
          const chosen = Object.entries(units)
            .filter(([, quantity]) => quantity > 0)
            .map(([pzn, quantity]) => ({ pzn, quantity }));
          if (chosen.length === 0) {
            setProblem(t('refundNothing'));
            return;
          }
          onConfirm({ reason: reason.trim(), lines: chosen });
        }}
      >
        <h2 id="staff-refund-title">{t('refundTitle', { number: order.order_number })}</h2>
        <p id="staff-refund-body">{t('refundBody')}</p>
        <div className="staff-field">
          <label htmlFor="staff-refund-reason">{t('reasonLabel')}</label>
          <textarea
            id="staff-refund-reason"
            ref={reasonField}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setProblem(null);
            }}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? 'staff-refund-error' : undefined}
          />
        </div>
        <fieldset className="staff-field">
          <legend>{t('refundWhat')}</legend>
          <label>
            <input type="radio" name="staff-refund-scope" checked={whole} onChange={() => setWhole(true)} /> {t('refundWhole')}
          </label>
          <label>
            <input type="radio" name="staff-refund-scope" checked={!whole} onChange={() => setWhole(false)} /> {t('refundSome')}
          </label>
        </fieldset>
        {!whole &&
          lines.map((line) => (
            <div className="staff-field staff-field--inline" key={line.pzn}>
              <label htmlFor={`staff-refund-${line.pzn}`}>{t('refundQuantity', { name: line.name, left: line.left })}</label>
              <input
                id={`staff-refund-${line.pzn}`}
                type="number"
                min={0}
                max={line.left}
                inputMode="numeric"
                value={units[line.pzn] ?? 0}
                onChange={(event) => {
                  const value = Math.max(0, Math.min(line.left, Math.trunc(Number(event.target.value) || 0)));
                  setUnits((current) => ({ ...current, [line.pzn]: value }));
                  setProblem(null);
                }}
              />
            </div>
          ))}
        {shown && (
          <p id="staff-refund-error" className="staff-error" role="alert">
            {shown}
          </p>
        )}
        <div className="staff-actions">
          <button type="submit" className="staff-button staff-button--danger" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('working') : t('refundConfirm')}
          </button>
          <button type="button" className="staff-button staff-button--secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
