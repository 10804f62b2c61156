/*
 * The errors customers see next to fields and in forms (role="alert": the shared Field, the
 * checkout's sections, the account screens) reach product analytics as error_shown with kind
 * "inline", each distinct text once per page; toasts report themselves (ui/toast). Only the shop's
 * own message is sent, never what was typed.
 */
const ALERT = '[role="alert"]';

/** Starts watching `root`; returns the function that stops it. */
export function watchInlineErrors(report: (message: string) => void, root: Element = document.body): () => void {
  const seen = new Set<string>();
  const check = (alert: Element) => {
    const text = alert.textContent?.replace(/\s+/g, ' ').trim();
    if (!text || seen.has(text)) return;
    seen.add(text);
    report(text.slice(0, 120));
  };
  const scan = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    if (!element) return;
    const around = element.closest(ALERT);
    if (around) check(around);
    for (const alert of element.querySelectorAll(ALERT)) check(alert);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') scan(record.target);
      for (const node of record.addedNodes) scan(node);
    }
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
