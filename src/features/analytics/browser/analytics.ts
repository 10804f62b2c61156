import { onConsentChange, readConsent } from '../../../platform/consent/consent';
import { MAX_EVENTS_PER_BATCH, type AnalyticsEvent, type EventType, type PropValue } from '../model/events';

/**
 * The one client module of product analytics. Any page script calls `track()`; events wait in
 * memory and go to the shop's collector (`POST /api/v1/events`) in batches, with sendBeacon when
 * the page is hidden. Nothing is sent, and no session id is made or stored, before the visitor has
 * allowed analytics; events tracked earlier on the same page are sent once they do, and dropped
 * if they refuse. Withdrawal stops sending at once and removes the session id.
 */
export const ANALYTICS_SESSION_KEY = 'apobote.analytics.sid';
const ENDPOINT = '/api/v1/events';
const MAX_PENDING = 100;

let pending: AnalyticsEvent[] = [];
// Set by a choice on this page; until then the stored choice decides (none stored: undecided).
let enabled: boolean | undefined;
let listening = false;

function allowed(): boolean | undefined {
  return enabled ?? readConsent()?.analytics;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function sessionId(): string {
  try {
    const stored = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    if (stored) return stored;
    const id = randomId();
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, id);
    return id;
  } catch {
    return (pageSession ??= randomId());
  }
}
let pageSession: string | undefined;

function send(events: AnalyticsEvent[], useBeacon: boolean): void {
  const body = JSON.stringify({ session_id: sessionId(), events });
  if (useBeacon && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  }
  void fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
}

/** Sends what is waiting (when allowed). */
export function flush(useBeacon = false): void {
  if (allowed() !== true || pending.length === 0) return;
  while (pending.length > 0) send(pending.splice(0, MAX_EVENTS_PER_BATCH), useBeacon);
}

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
  window.addEventListener('pagehide', () => flush(true));
  onConsentChange((status) => (status?.analytics ? enableAnalytics() : status ? disableAnalytics() : undefined));
}

export function track(type: EventType, props?: Record<string, PropValue>): void {
  if (typeof window === 'undefined' || allowed() === false || pending.length >= MAX_PENDING) return;
  const event: AnalyticsEvent = { type, at: new Date().toISOString(), path: location.pathname };
  if (props) event.props = props;
  pending.push(event);
  listen();
  // A full batch goes at once; the rest when the page is hidden.
  if (pending.length >= MAX_EVENTS_PER_BATCH) flush();
}

/** Analytics allowed (the consent layer's services call this): send what waited. */
export function enableAnalytics(): void {
  enabled = true;
  listen();
  flush();
}

/** Analytics refused or withdrawn: drop what waits, stop sending, forget the session id. */
export function disableAnalytics(): void {
  enabled = false;
  pending = [];
  pageSession = undefined;
  try {
    sessionStorage.removeItem(ANALYTICS_SESSION_KEY);
  } catch {
    // Nothing stored that could be read.
  }
}
