/**
 * When the shop offers push notifications (issue 10), decided from what the browser knows. Pure, so
 * the rules are tested without a browser.
 */

/** Spec §9: the push prompt comes 25 s after the page loaded. */
export const PUSH_PROMPT_DELAY_MS = 25_000;
/** localStorage key: who on this device was asked, and whose subscription the browser holds. */
export const PUSH_STATE_KEY = 'apobote.push';

export interface PushState {
  /** Profile ids of the customers on this device who saw the explanation (each is asked once). */
  asked: string[];
  /** The customer the browser's subscription was saved for. */
  owner: string | null;
}

export interface PromptFacts {
  /** Service worker, PushManager and Notification all exist. */
  supported: boolean;
  permission: NotificationPermission;
  /** The logged-in customer's profile id; null when logged out or unknown. */
  profileId: string | null;
  /** The consent layer was answered (the explanation never stacks on top of it). */
  consentDecided: boolean;
  state: PushState;
}

/**
 * `sync`: the customer said yes on this device before: save the browser's subscription again
 * (a logout removed it on the server). `ask`: show the explanation after the delay. `none`: nothing.
 */
export function promptDecision(facts: PromptFacts): 'sync' | 'ask' | 'none' {
  if (!facts.supported || !facts.profileId || facts.permission === 'denied') return 'none';
  if (facts.permission === 'granted' && facts.state.owner === facts.profileId) return 'sync';
  if (!facts.consentDecided || facts.state.asked.includes(facts.profileId)) return 'none';
  return 'ask';
}

export function parsePushState(raw: string | null | undefined): PushState {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<PushState> | null;
    return {
      asked: Array.isArray(value?.asked) ? value.asked.filter((entry): entry is string => typeof entry === 'string').slice(-20) : [],
      owner: typeof value?.owner === 'string' ? value.owner : null,
    };
  } catch {
    return { asked: [], owner: null };
  }
}
