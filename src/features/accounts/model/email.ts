/** E-mails are compared and stored trimmed and lower-cased, so Anna@X.de and anna@x.de are one account. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/**
 * Spec §5: valid, and without special characters such as "+". The local part may hold letters,
 * digits, dots, hyphens and underscores (no leading, trailing or double dots); the domain needs at
 * least one dot and a letter-only top-level domain. Expects a normalised address.
 */
const LOCAL = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || email.indexOf('@') !== at) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local)) return false;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return /^[a-z]{2,63}$/.test(labels[labels.length - 1] ?? '');
}
