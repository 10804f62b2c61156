import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { topicOf } from '../../../platform/realtime/topics';
import { handleUnauthorized } from '../../accounts/client';
import { apiClient, attempt, CHAT_READ_EVENT, followChat, formatChatTime, type Conversation, type Detail, sendChatPhoto } from '../browser/chat-api';
import { chatMessages } from '../i18n/messages';
import { Composer, MessageList } from './MessageList';
import './chat.css';

/**
 * The back office's chat inbox (/pharmacy/chat/): the pharmacy's conversations with unread counts,
 * live on `inbox:<pharmacy>`; the open one is read, answered or closed. Operators see every pharmacy's.
 */
export default function InboxScreen({ locale }: { locale: Locale }) {
  const t = translator(chatMessages, locale);
  const [items, setItems] = useState<Conversation[] | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selected = useRef<string | null>(null);

  const load = useCallback(async () => {
    const client = apiClient(locale);
    const list = await attempt(() => client.GET('/api/v1/pharmacy/chat/conversations'), locale);
    if (!list.ok) {
      if (!handleUnauthorized(list.problem)) setForbidden(true);
      return;
    }
    setItems(list.data.items as Conversation[]);
    const id = selected.current;
    if (!id) return;
    const read = await attempt(() => client.GET('/api/v1/pharmacy/chat/conversations/{id}', { params: { path: { id } } }), locale);
    if (!read.ok || selected.current !== id) return;
    setDetail(read.data as Detail);
    if (read.data.conversation.unread > 0 && document.visibilityState === 'visible') {
      await attempt(() => client.POST('/api/v1/pharmacy/chat/conversations/{id}/read', { params: { path: { id } } }), locale);
      document.dispatchEvent(new CustomEvent(CHAT_READ_EVENT));
      const again = await attempt(() => client.GET('/api/v1/pharmacy/chat/conversations'), locale);
      if (again.ok) setItems(again.data.items as Conversation[]);
    }
  }, [locale]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let stopped = false;
    void (async () => {
      const me = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/me'), locale);
      if (!me.ok) {
        if (!handleUnauthorized(me.problem)) setForbidden(true);
        return;
      }
      await load();
      if (stopped || !me.data.pharmacy_id) return;
      stop = followChat(topicOf('inbox', me.data.pharmacy_id), locale, () => void load(), () => undefined);
    })();
    return () => {
      stopped = true;
      stop?.();
    };
  }, [load, locale]);

  const open = (id: string) => {
    selected.current = id;
    setError(null);
    void load();
  };

  async function send(text: string): Promise<boolean> {
    const id = selected.current;
    if (!id) return false;
    setBusy(true);
    setError(null);
    const sent = await attempt(() => apiClient(locale).POST('/api/v1/pharmacy/chat/conversations/{id}/messages', { params: { path: { id } }, body: { text } }), locale);
    setBusy(false);
    if (!sent.ok) {
      setError(sent.problem.message);
      return false;
    }
    await load();
    return true;
  }

  async function sendPhoto(file: File): Promise<boolean> {
    const id = selected.current;
    if (!id) return false;
    setBusy(true);
    setError(null);
    const refused = await sendChatPhoto('pharmacy', id, file, locale);
    setBusy(false);
    if (refused) {
      setError(refused);
      return false;
    }
    await load();
    return true;
  }

  async function close() {
    const id = selected.current;
    if (!id) return;
    await attempt(() => apiClient(locale).POST('/api/v1/pharmacy/chat/conversations/{id}/close', { params: { path: { id } } }), locale);
    await load();
  }

  if (forbidden)
    return (
      <p className="chat-note" role="alert">
        {t('loadFailed')}
      </p>
    );
  if (!items) return <p role="status">{t('loading')}</p>;
  const name = (item: Conversation) => (item.customer_name ?? t('erased')) + (item.order ? ` · ${item.order.number}` : '');
  return (
    <div className="chat-inbox">
      <section aria-labelledby="inbox-heading">
        <h2 id="inbox-heading">{t('inboxTitle')}</h2>
        {items.length === 0 ? (
          <p>{t('inboxEmpty')}</p>
        ) : (
          <ul className="chat-inbox__list">
            {items.map((item) => (
              <li key={item.id}>
                <button type="button" className="chat-inbox__item" aria-current={item.id === detail?.conversation.id ? 'true' : undefined} onClick={() => open(item.id)}>
                  {name(item)}
                  {item.unread > 0 && <span className="chat-badge">{t('unreadCount', { count: item.unread })}</span>}
                  <br />
                  <small>{formatChatTime(item.last_message_at, locale)}</small>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="chat" aria-label={detail ? name(detail.conversation) : t('selectConversation')}>
        {!detail ? (
          <p>{t('selectConversation')}</p>
        ) : (
          <>
            <h2>{name(detail.conversation)}</h2>
            <MessageList locale={locale} messages={detail.messages} own="pharmacy" />
            {error && (
              <p className="chat-error" role="alert">
                {error}
              </p>
            )}
            {detail.conversation.status === 'closed' ? (
              <p className="chat-note">{t('closed')}</p>
            ) : (
              <>
                <Composer locale={locale} label={t('replyLabel')} busy={busy} onSend={send} onPhoto={sendPhoto} />
                <button type="button" className="chat-button chat-button--secondary" onClick={() => void close()}>
                  {t('close')}
                </button>
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}
