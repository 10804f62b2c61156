import { useEffect, useRef } from 'react';

interface Props {
  id: string;
  title: string;
  body: string;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Delete this card?" before anything is deleted. The native modal <dialog> traps focus and closes
 * on Escape; focus starts on Cancel (the safe choice) and the caller returns it afterwards.
 */
export function ConfirmDialog({ id, title, body, confirmLabel, busyLabel, cancelLabel, busy, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    cancel.current?.focus();
    return () => element?.close?.();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="checkout-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-body`}>{body}</p>
      <div className="checkout-actions">
        <button type="button" className="checkout-button checkout-button--danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="checkout-button checkout-button--secondary" onClick={onClose} disabled={busy} ref={cancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
