import { getToken } from '../../../platform/api-client/token';
import { CHAT_EVENT_TYPES } from '../model/rules';
import { CHAT_READ_EVENT } from './chat-events';

/**
 * The Chat tab's unread count: GET /user/chat/unread for a logged-in visitor, again on every chat
 * event of their user feed (so a pharmacist's answer shows on whatever page they are on, live) and
 * when the chat screen has read its conversation. Plain fetch, no client library: it runs on every page.
 */
const BADGE = '[data-chat-unread]';

export function showChatUnread(count: number, root: ParentNode = document): void {
  for (const badge of root.querySelectorAll<HTMLElement>(BADGE)) {
    badge.hidden = count <= 0;
    const number = badge.querySelector<HTMLElement>('[data-count]');
    const label = badge.querySelector<HTMLElement>('[data-label]');
    if (number) number.textContent = count > 0 ? String(count) : '';
    if (label) label.textContent = count > 0 ? (badge.dataset.template ?? '{count}').replace('{count}', String(count)) : '';
  }
}

export function startChatUnreadBadges(): void {
  if (!document.querySelector(BADGE)) return;
  const token = getToken();
  if (!token) return;
  const refresh = () =>
    void fetch('/api/v1/user/chat/unread', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } })
      .then(async (response) => (response.ok ? ((await response.json()) as { unread?: unknown }) : null))
      .then((body) => typeof body?.unread === 'number' && showChatUnread(body.unread))
      .catch(() => undefined);
  document.addEventListener(CHAT_READ_EVENT, refresh);
  refresh();
  void followUnread(token, refresh);
}

/** Polls while no stream can be held (refused, blocked by a proxy). */
const POLL_MS = 60_000;

async function followUnread(token: string, refresh: () => void): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const me = await fetch('/api/v1/user', { headers })
    .then(async (response) => (response.ok ? ((await response.json()) as { id?: unknown }) : null))
    .catch(() => null);
  if (typeof me?.id !== 'string') return;
  // Loaded only for a logged-in customer, after the page: catalogue pages count every byte before interaction.
  const [{ followTopic }, { topicOf }] = await Promise.all([import('../../../platform/realtime/browser'), import('../../../platform/realtime/topics')]);
  const topic = topicOf('user', me.id);
  followTopic({
    streamUrl: async () => {
      const response = await fetch('/api/v1/realtime/tickets', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ topic }) });
      return response.ok ? ((await response.json()) as { stream_url: string }).stream_url : null;
    },
    onEvent: (event) => {
      if (CHAT_EVENT_TYPES.includes(event.type)) refresh();
    },
    onReady: (resumed) => {
      if (!resumed) refresh();
    },
    fallback: () => {
      const poll = setInterval(refresh, POLL_MS);
      return () => clearInterval(poll);
    },
  });
}
