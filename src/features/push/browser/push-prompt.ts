import { PROFILE_KEY } from '../../accounts/client';
import { apiClient, attempt } from '../../../platform/api-client';
import { browserStorage } from '../../../platform/api-client/token';
import { readConsent } from '../../../platform/consent/consent';
import type { Locale } from '../../../platform/i18n/locales';
import { applicationServerKey } from '../model/keys';
import { parsePushState, promptDecision, PUSH_PROMPT_DELAY_MS, PUSH_STATE_KEY, type PushState } from '../model/prompt-rules';

/*
 * The push offer on the order and account pages (issue 10). Loaded only where the page's check
 * found a logged-in customer and a browser that can take pushes, and, while the browser has not
 * allowed notifications yet, only when the offer is due (PushPrompt.astro waits the delay). The
 * shop explains first; the browser's permission prompt comes only from a click on "Turn on
 * notifications".
 */

/** Where the service worker lives: the site root, so its scope covers /shop/ and /de/shop/. */
export const SERVICE_WORKER_URL = '/push-sw.js';
const SYNCED_KEY = 'apobote.push.synced';

function readState(): PushState {
  try {
    return parsePushState(browserStorage()?.getItem(PUSH_STATE_KEY));
  } catch {
    return parsePushState(null);
  }
}

function writeState(state: PushState): void {
  try {
    browserStorage()?.setItem(PUSH_STATE_KEY, JSON.stringify(state));
  } catch {
    // storage unavailable: the offer may come again, nothing worse
  }
}

function cachedProfileId(): string | null {
  try {
    const profile = JSON.parse(browserStorage()?.getItem(PROFILE_KEY) ?? 'null') as { id?: unknown } | null;
    return typeof profile?.id === 'string' ? profile.id : null;
  } catch {
    return null;
  }
}

/** The logged-in customer's id: the profile cached at login, else asked from the server. */
async function profileId(locale: Locale): Promise<string | null> {
  const cached = cachedProfileId();
  if (cached) return cached;
  const profile = await attempt(() => apiClient(locale).GET('/api/v1/user'), locale);
  return profile.ok ? profile.data.id : null;
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Subscribes this browser (permission granted) and saves the subscription for the logged-in customer. */
async function saveSubscription(locale: Locale): Promise<boolean> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const ready = await navigator.serviceWorker.ready.catch(() => registration);
  let subscription = await ready.pushManager.getSubscription();
  if (!subscription) {
    const key = await attempt(() => apiClient(locale).GET('/api/v1/user/push/key'), locale);
    if (!key.ok) return false;
    subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key.data.public_key) });
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
  const body = { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
  const saved = await attempt(() => apiClient(locale).POST('/api/v1/user/push/subscriptions', { body }), locale);
  return saved.ok;
}

function show(root: HTMLElement, owner: string, locale: Locale): void {
  const status = root.querySelector<HTMLElement>('[data-push-status]');
  const enable = root.querySelector<HTMLButtonElement>('[data-push-action="enable"]');
  const later = root.querySelector<HTMLButtonElement>('[data-push-action="later"]');
  const state = readState();
  writeState({ ...state, asked: [...state.asked.filter((id) => id !== owner), owner] });
  const close = () => {
    root.hidden = true;
  };
  const say = (key: 'enabled' | 'blocked' | 'failed') => {
    if (status) status.textContent = status.dataset[key] ?? '';
  };
  later?.addEventListener('click', close);
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  enable?.addEventListener('click', () => {
    if (enable) enable.disabled = true;
    // Asked straight from the click: browsers show their prompt only for a user gesture.
    void Notification.requestPermission()
      .then(async (permission) => {
        if (permission !== 'granted') return say('blocked');
        const ok = await saveSubscription(locale);
        if (!ok) return say('failed');
        writeState({ ...readState(), owner });
        say('enabled');
        enable?.remove();
        if (later?.dataset.closeLabel) later.textContent = later.dataset.closeLabel;
      })
      .catch(() => say('failed'))
      .finally(() => {
        if (enable) enable.disabled = false;
      });
  });
  root.hidden = false;
}

/**
 * Decides what this page does: save the subscription again for a customer who said yes on this
 * device before (once per tab session), or show the explanation after PUSH_PROMPT_DELAY_MS to a
 * logged-in customer who answered the consent layer and was not asked before on this device.
 */
export async function startPushPrompt(root: HTMLElement, locale: Locale, schedule: (run: () => void, ms: number) => unknown = setTimeout): Promise<void> {
  if (!supported()) return;
  const owner = await profileId(locale);
  const decision = promptDecision({
    supported: true,
    permission: Notification.permission,
    profileId: owner,
    consentDecided: readConsent() !== null,
    state: readState(),
  });
  if (decision === 'sync' && owner) {
    try {
      if (sessionStorage.getItem(SYNCED_KEY) === owner) return;
      sessionStorage.setItem(SYNCED_KEY, owner);
    } catch {
      // no session storage: save again on every page, which the server answers with the same id
    }
    await saveSubscription(locale).catch(() => false);
  } else if (decision === 'ask' && owner) {
    // Says on the page that the offer is due (the e2e test runs the page's clock from here).
    root.dataset.pushState = 'scheduled';
    schedule(() => {
      // Still undecided, and not asked meanwhile in another tab.
      if (Notification.permission !== 'denied' && !readState().asked.includes(owner)) show(root, owner, locale);
    }, PUSH_PROMPT_DELAY_MS);
  }
}
