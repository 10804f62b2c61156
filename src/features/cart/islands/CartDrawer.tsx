import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useMemo, useRef } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { cartPanelMessages } from '../i18n/panel-messages';
import type { PricingSettings } from '../model/pricing';
import { clearNotices } from '../browser/state';
import { CartPanel } from './CartPanel';

/** The element that opened the drawer (focus goes back to it), or null while it is closed. */
export const $drawerOpener = atom<HTMLElement | null>(null);

export interface CartDrawerProps {
  locale: Locale;
  settings: PricingSettings;
}

/**
 * The cart drawer: a native modal <dialog> (showModal gives the dialog role, the focus trap, inert
 * page behind it and Escape to close), labelled by its heading. The panel inside mounts on every
 * opening, so the cart is re-read (and stock re-checked) each time the customer looks at it.
 */
export function CartDrawer({ locale, settings }: CartDrawerProps) {
  const t = useMemo(() => translator(cartPanelMessages, locale), [locale]);
  const opener = useStore($drawerOpener);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const open = opener !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const onClose = () => {
    const returnTo = $drawerOpener.get();
    $drawerOpener.set(null);
    // The customer has seen what was removed; the next opening starts clean.
    clearNotices();
    returnTo?.focus();
  };

  return (
    <dialog
      ref={dialogRef}
      className="cart-drawer"
      aria-labelledby="cart-drawer-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) lands on the dialog element itself.
        if (event.target === dialogRef.current) dialogRef.current?.close();
      }}
    >
      <div className="cart-drawer__inner">
        <div className="cart-drawer__head">
          <h2 id="cart-drawer-title">{t('title')}</h2>
          <button ref={closeRef} type="button" className="cart-drawer__close" aria-label={t('close')} onClick={() => dialogRef.current?.close()}>
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        {open && <CartPanel locale={locale} settings={settings} variant="drawer" />}
      </div>
    </dialog>
  );
}
