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
