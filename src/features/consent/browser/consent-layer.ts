import { CONSENT_CATEGORIES, readConsent, saveConsent, type ConsentChoice } from '../../../platform/consent/consent';
import { CONSENT_RESHOW_MS } from '../model/reshow';

/**
 * The behaviour of the consent layer's markup (components/ConsentLayer.astro): show on a first
 * visit, one click for "Accept all" or "Reject all", per-category settings, "Decide later" (and
 * Escape) close it without a choice and bring it back after 5 s (model/reshow.ts), and the
 * footer's "Privacy settings" link opens it with the settings expanded, returning focus there.
 */
export interface ConsentLayer {
  /** Shows the layer; `fromUser` moves focus into it and expands the categories. */
  show(fromUser?: boolean): void;
  hide(): void;
}

export function consentLayer(root: HTMLElement, options: { reshowMs?: number } = {}): ConsentLayer {
  const reshowMs = options.reshowMs ?? CONSENT_RESHOW_MS;
  const details = root.querySelector<HTMLElement>('[data-consent-details]');
  const title = root.querySelector<HTMLElement>('#consent-title');
  const action = (name: string) => root.querySelector<HTMLButtonElement>(`[data-consent-action="${name}"]`);
  const settingsButton = action('settings');
  const saveButton = action('save');
  const boxes = () => Array.from(root.querySelectorAll<HTMLInputElement>('input[data-consent-category]'));
  let reshowTimer: ReturnType<typeof setTimeout> | undefined;
  let returnFocusTo: HTMLElement | null = null;

  const expand = (open: boolean) => {
    if (details) details.hidden = !open;
    if (saveButton) saveButton.hidden = !open;
    if (settingsButton) {
      settingsButton.hidden = open;
      settingsButton.setAttribute('aria-expanded', String(open));
    }
  };

  const show = (fromUser = false) => {
    clearTimeout(reshowTimer);
    const current = readConsent();
    for (const box of boxes()) box.checked = current?.[box.dataset.consentCategory as keyof ConsentChoice] === true;
    expand(fromUser);
    root.hidden = false;
    if (fromUser) {
      returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      title?.focus();
    }
  };

  const hide = () => {
    const hadFocus = root.contains(document.activeElement);
    root.hidden = true;
    if (hadFocus) (returnFocusTo ?? document.getElementById('main'))?.focus();
    returnFocusTo = null;
  };

  const decide = (choice: ConsentChoice) => {
    saveConsent(choice);
    hide();
  };

  const later = () => {
    hide();
    // Closed without a choice: ask again shortly, unless a choice was made meanwhile (another tab).
    reshowTimer = setTimeout(() => {
      if (!readConsent()) show(false);
    }, reshowMs);
  };

  const all = (value: boolean): ConsentChoice =>
    Object.fromEntries(CONSENT_CATEGORIES.map((category) => [category, value])) as ConsentChoice;

  // From here on the buttons are this script's (model/first-paint.ts stands in until then).
  root.setAttribute('data-consent-ready', '');
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent-action]') : null;
    switch (target?.dataset.consentAction) {
      case 'accept':
        return decide(all(true));
      case 'reject':
        return decide(all(false));
      case 'settings':
        expand(true);
        boxes()[0]?.focus();
        return;
      case 'save': {
        const choice = all(false);
        for (const box of boxes()) choice[box.dataset.consentCategory as keyof ConsentChoice] = box.checked;
        return decide(choice);
      }
      case 'later':
        return readConsent() ? hide() : later();
    }
  });

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (readConsent()) hide();
    else later();
  });

  return { show, hide };
}
