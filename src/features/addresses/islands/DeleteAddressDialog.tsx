import { useEffect, useRef } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { addressMessages } from '../i18n/messages';
import { addressLine } from '../model/address-line';
import type { Address } from '../browser/api-types';

interface Props {
  locale: Locale;
  address: Address;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Delete this address?" before anything is deleted. The native modal <dialog> traps focus and
 * closes on Escape; focus starts on Cancel (the safe choice) and the caller returns it afterwards.
 */
export function DeleteAddressDialog({ locale, address, busy, onConfirm, onClose }: Props) {
  const t = translator(addressMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first button, which would be "Delete": start on the safe one.
    cancel.current?.focus();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="address-dialog"
      aria-labelledby="address-delete-title"
      aria-describedby="address-delete-body"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id="address-delete-title">{t('deleteTitle')}</h2>
      <p id="address-delete-body">{t('deleteBody', { address: addressLine(address) })}</p>
      <div className="address-actions">
        <button type="button" className="address-button address-button--danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('deleting') : t('deleteConfirm')}
        </button>
        <button type="button" className="address-button address-button--secondary" onClick={onClose} disabled={busy} ref={cancel}>
          {t('cancel')}
        </button>
      </div>
    </dialog>
  );
}
