/**
 * A recipient as the back office shows a dead letter: enough to recognise, not enough to read.
 * `dana.meyer@example.org` → `d***@example.org`, `+491701234567` → `+49*******67`, a push
 * service's URL → its host.
 */
export function maskRecipient(to: string | null | undefined): string | null {
  if (!to) return null;
  const value = to.trim();
  if (/^https?:\/\//.test(value)) {
    try {
      return `${new URL(value).host}/…`;
    } catch {
      return '…';
    }
  }
  const at = value.lastIndexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  if (value.length <= 5) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 5)}${value.slice(-2)}`;
}
