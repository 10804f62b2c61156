import { getToken } from '../../../platform/api-client/token';
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
  // The live part loads only for a logged-in visitor: catalogue pages count every byte before interaction.
  void import('./unread-live').then((live) => live.followUnread(token, refresh));
}
