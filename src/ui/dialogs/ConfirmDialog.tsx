import { useEffect, useRef } from 'react';

interface Props {
  id: string;
  /**
   * The BEM block its screen's stylesheet styles, as Field's: `<block>-dialog`, `<block>-actions`,
   * `<block>-button <block>-button--danger|--secondary` (the checkout's `checkout`, the redeem
   * screen's `prescriptions`).
   */
  block: string;
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
 * "Delete this card?", "Give this prescription back?" before anything is deleted; screens load it
 * lazily, at the first question. The native modal <dialog> traps focus and closes on Escape; focus
 * starts on Cancel (the safe choice) and the caller returns it afterwards.
 */
export function ConfirmDialog({ id, block, title, body, confirmLabel, busyLabel, cancelLabel, busy, onConfirm, onClose }: Props) {
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
      className={`${block}-dialog`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-body`}>{body}</p>
      <div className={`${block}-actions`}>
        <button type="button" className={`${block}-button ${block}-button--danger`} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className={`${block}-button ${block}-button--secondary`} onClick={onClose} disabled={busy} ref={cancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
