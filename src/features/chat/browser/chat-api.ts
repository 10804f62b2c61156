import { apiClient, attempt, type Outcome } from '../../../platform/api-client';
import type { components } from '../../../platform/api-client/schema';
import type { Locale } from '../../../platform/i18n/locales';
import { followTopic, requestStreamUrl } from '../../../platform/realtime/browser';
import type { Topic } from '../../../platform/realtime/topics';
import { codeMessage } from '../../../platform/api-client/problem';
import { getToken } from '../../../platform/api-client/token';
import { MAX_CHAT_PHOTO_BYTES } from '../model/photo';
import { CHAT_EVENT_TYPES } from '../model/rules';

/** The chat's browser side: the API answers' shapes (straight from the generated OpenAPI types), and following a topic for chat events. */
export type ChatMessage = components['schemas']['ChatMessage'];
export type Conversation = components['schemas']['ChatConversation'];
export type Detail = components['schemas']['ChatConversationDetail'];

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

/** Whose photo routes a screen uses: the customer's own, or the pharmacy's (staff). */
export type ChatSide = 'customer' | 'pharmacy';
const sidePath = (side: ChatSide) => (side === 'customer' ? '/api/v1/user/chat' : '/api/v1/pharmacy/chat');

function authHeaders(locale: Locale): Record<string, string> {
  const token = getToken();
  return { 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/**
 * Sends a photo as the raw body (the server checks its type by content, so the header is only a
 * hint). Answers null when sent, else the refusal worded in the page language.
 */
export async function sendChatPhoto(side: ChatSide, conversationId: string, file: Blob, locale: Locale): Promise<string | null> {
  if (file.size > MAX_CHAT_PHOTO_BYTES) return codeMessage('PHOTO_TOO_LARGE', locale);
  try {
    const response = await fetch(`${sidePath(side)}/conversations/${encodeURIComponent(conversationId)}/photos`, {
      method: 'POST',
      headers: { ...authHeaders(locale), 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
    if (response.ok) return null;
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? codeMessage('GENERIC_ERROR', locale);
  } catch {
    return codeMessage('GENERIC_ERROR', locale);
  }
}

/** A photo's bytes as an object URL (the login rides in a header, which an <img src> cannot send). */
export async function chatPhotoUrl(side: ChatSide, photoId: string, locale: Locale): Promise<string | null> {
  try {
    const response = await fetch(`${sidePath(side)}/photos/${encodeURIComponent(photoId)}`, { headers: authHeaders(locale), cache: 'no-store' });
    return response.ok ? URL.createObjectURL(await response.blob()) : null;
  } catch {
    return null;
  }
}

export const formatChatTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export type { Outcome };
export { apiClient, attempt };
