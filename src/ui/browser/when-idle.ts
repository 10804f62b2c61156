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
