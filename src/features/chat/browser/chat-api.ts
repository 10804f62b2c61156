import { apiClient, attempt, type Outcome } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { followTopic, requestStreamUrl } from '../../../platform/realtime/browser';
import type { Topic } from '../../../platform/realtime/topics';
import { CHAT_EVENT_TYPES } from '../model/rules';

/** The chat's browser side: shapes of the API answers, and following a topic for chat events. */
export interface ChatMessage {
  id: string;
  author: 'customer' | 'pharmacy';
  text: string;
  created_at: string;
  read_at: string | null;
}
export interface Conversation {
  id: string;
  pharmacy: { id: string; name: string };
  order: { id: string; number: string } | null;
  status: 'open' | 'closed';
  unread: number;
  last_message_at: string;
  customer_name: string | null;
  pharmacy_open: boolean;
  answers_from: string | null;
  messaging_link: string | null;
}
export interface Detail {
  conversation: Conversation;
  messages: ChatMessage[];
}

export { CHAT_READ_EVENT } from './chat-events';

/** Re-runs `reload` on every chat event of `topic` (and when a stream resumes with a gap); polls while no stream holds. */
export function followChat(topic: Topic, locale: Locale, reload: () => void, onLive: (live: boolean) => void): () => void {
  let poll: ReturnType<typeof setInterval> | null = null;
  return followTopic({
    streamUrl: async () => {
      const outcome = await requestStreamUrl(apiClient(locale), topic, locale);
      return outcome.ok ? outcome.data : null;
    },
    onEvent: (event) => {
      if (CHAT_EVENT_TYPES.includes(event.type)) reload();
    },
    onReady: (resumed) => {
      onLive(true);
      if (!resumed) reload();
    },
    fallback: () => {
      onLive(false);
      poll = setInterval(reload, 15_000);
      return () => {
        if (poll) clearInterval(poll);
      };
    },
  });
}

export const formatChatTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export type { Outcome };
export { apiClient, attempt };
