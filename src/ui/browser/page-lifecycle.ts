// Load-time helpers of the pages' vanilla scripts, in one module: the scripts of a catalogue page
// share it as one chunk (each module more is a request and about 200 bytes of the 20 KB budget).

/**
 * Runs work once the browser is idle after load, so hints that are filled in later never compete
 * with the first paint or the first interaction. Safari has no requestIdleCallback.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): void {
  const start = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
    else setTimeout(work, 1);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Product cards put into a page after load (a filtered listing brings cards from the category's
 * other prebuilt pages) announce themselves, so the scripts that mount per card at load (cart
 * steppers, favourite marks) mount on them too, without the listing knowing those features.
 */
const CARDS_ADDED = 'apobote:cards-added';

export function announceCardsAdded(root: HTMLElement): void {
  document.dispatchEvent(new CustomEvent<HTMLElement>(CARDS_ADDED, { detail: root }));
}

export function onCardsAdded(handler: (root: HTMLElement) => void): void {
  document.addEventListener(CARDS_ADDED, (event) => {
    const root = (event as CustomEvent<unknown>).detail;
    if (root instanceof HTMLElement) handler(root);
  });
}
