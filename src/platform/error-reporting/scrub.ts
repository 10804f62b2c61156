/**
 * What error reports may carry: no health data, no personal data, no secrets (issue 10). Applied to
 * every event and breadcrumb before it leaves the browser or the server. Request bodies, cookies,
 * headers, query strings, user data and free-form extras are dropped whole (order contents, safety
 * answers and chat text only ever travel in bodies); what remains (messages, exception values,
 * URLs) has e-mail addresses, bearer tokens and long opaque strings replaced.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi;
// Tokens, tickets, card tokens, idempotency keys: 24+ characters of a token alphabet.
const OPAQUE = /\b[A-Za-z0-9_-]{24,}\b/g;

export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(BEARER, 'Bearer [token]').replace(OPAQUE, '[redacted]');
}

export function scrubUrl(url: string): string {
  const cut = url.split(/[?#]/)[0] ?? '';
  return scrubText(cut);
}

interface ScrubbableEvent {
  message?: string;
  request?: { url?: string; data?: unknown; cookies?: unknown; headers?: unknown; query_string?: unknown };
  user?: unknown;
  extra?: unknown;
  contexts?: Record<string, unknown>;
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: ScrubbableBreadcrumb[];
  transaction?: string;
}

interface ScrubbableBreadcrumb {
  message?: string;
  data?: Record<string, unknown>;
}

export function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(crumb: B): B {
  if (crumb.message) crumb.message = scrubText(crumb.message);
  if (crumb.data) {
    const kept: Record<string, unknown> = {};
    for (const key of ['method', 'status_code']) if (key in crumb.data) kept[key] = crumb.data[key];
    for (const key of ['url', 'from', 'to']) if (typeof crumb.data[key] === 'string') kept[key] = scrubUrl(crumb.data[key]);
    crumb.data = kept;
  }
  return crumb;
}

export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  if (event.message) event.message = scrubText(event.message);
  if (event.transaction) event.transaction = scrubUrl(event.transaction);
  if (event.request) event.request = event.request.url ? { url: scrubUrl(event.request.url) } : {};
  delete event.user;
  delete event.extra;
  if (event.contexts) {
    // Keep what describes the runtime (browser, os, trace), nothing a page put there.
    for (const key of Object.keys(event.contexts)) if (!['browser', 'os', 'device', 'runtime', 'trace', 'culture'].includes(key)) delete event.contexts[key];
  }
  for (const value of event.exception?.values ?? []) if (value.value) value.value = scrubText(value.value);
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return event;
}
