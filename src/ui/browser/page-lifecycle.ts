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
 * other prebuilt pages) are announced by this event, dispatched on their container and bubbling to
 * the document, so the scripts that mount per card at load (cart steppers) mount on them too,
 * without the listing knowing those features. Kept to a name: every byte here is on every
 * catalogue page.
 */
export const CARDS_ADDED = 'apobote:cards-added';
