import { followTopic } from '../../../platform/realtime/browser';
import { topicOf } from '../../../platform/realtime/topics';
import { CHAT_EVENT_TYPES } from '../model/rules';

/*
 * The Chat tab's badge follows the customer's own feed, so a pharmacist's answer shows on whatever
 * shop page they are on; unread-badge.ts loads it once it has the count of a logged-in visitor.
 */

/** Polls while no stream can be held (refused, blocked by a proxy). */
const POLL_MS = 60_000;

export async function followUnread(token: string, refresh: () => void): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const me = await fetch('/api/v1/user', { headers })
    .then(async (response) => (response.ok ? ((await response.json()) as { id?: unknown }) : null))
    .catch(() => null);
  if (typeof me?.id !== 'string') return;
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
