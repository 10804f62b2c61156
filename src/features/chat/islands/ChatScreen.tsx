import { useCallback, useEffect, useRef, useState } from 'react';
import { getToken } from '../../../platform/api-client/token';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { topicOf } from '../../../platform/realtime/topics';
import { handleUnauthorized, loginRedirectUrl } from '../../accounts/client';
import { isSelectedPharmacy, PHARMACY_KEY, readStored } from '../../pharmacies/client';
import { apiClient, attempt, CHAT_READ_EVENT, followChat, formatChatTime, type Detail, sendChatPhoto } from '../browser/chat-api';
import { chatMessages } from '../i18n/messages';
import { Composer, MessageList } from './MessageList';
import './chat.css';

type State = { phase: 'loading' } | { phase: 'login' } | { phase: 'choose' } | { phase: 'error'; message: string } | { phase: 'ready'; detail: Detail };

/**
 * The customer's chat (/shop/chat/): with the pharmacy of `?order=` (from "Ask about this order"),
 * the conversation of `?conversation=` (from the e-mail), the latest one, or the selected pharmacy.
 * Follows the customer's own feed, so replies appear without reload; shown messages count as read.
 */
export default function ChatScreen({ locale }: { locale: Locale }) {
  const t = translator(chatMessages, locale);
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useRef<string | null>(null);

  const load = useCallback(async () => {
    if (!id.current) return;
    const detail = await attempt(() => apiClient(locale).GET('/api/v1/user/chat/conversations/{id}', { params: { path: { id: id.current! } } }), locale);
    if (!detail.ok) {
      if (!handleUnauthorized(detail.problem)) setState({ phase: 'error', message: detail.problem.message });
      return;
    }
    setState({ phase: 'ready', detail: detail.data as Detail });
    if (detail.data.conversation.unread > 0 && document.visibilityState === 'visible') {
      await attempt(() => apiClient(locale).POST('/api/v1/user/chat/conversations/{id}/read', { params: { path: { id: id.current! } } }), locale);
      document.dispatchEvent(new CustomEvent(CHAT_READ_EVENT));
    }
  }, [locale]);

  useEffect(() => {
    if (!getToken()) return setState({ phase: 'login' });
    let stop: (() => void) | null = null;
    let stopped = false;
    void (async () => {
      const params = new URLSearchParams(location.search);
      const client = apiClient(locale);
      const order = params.get('order');
      let conversation = params.get('conversation');
      if (order || !conversation) {
        const list = order ? null : await attempt(() => client.GET('/api/v1/user/chat/conversations'), locale);
        conversation = list?.ok ? (list.data.items[0]?.id ?? null) : null;
        const pharmacy = readStored(PHARMACY_KEY, isSelectedPharmacy);
        if (!conversation && (order || pharmacy)) {
          const started = await attempt(() => client.POST('/api/v1/user/chat/conversations', { body: order ? { order_id: order } : { pharmacy_id: pharmacy!.id } }), locale);
          if (!started.ok) {
            if (!handleUnauthorized(started.problem)) setState({ phase: 'error', message: started.problem.message });
            return;
          }
          conversation = started.data.id;
        }
      }
      if (!conversation) return setState({ phase: 'choose' });
      id.current = conversation;
      const me = await attempt(() => client.GET('/api/v1/user'), locale);
      await load();
      if (stopped || !me.ok) return;
      stop = followChat(topicOf('user', me.data.id), locale, () => void load(), () => undefined);
    })();
    const visible = () => document.visibilityState === 'visible' && void load();
    document.addEventListener('visibilitychange', visible);
    return () => {
      stopped = true;
      stop?.();
      document.removeEventListener('visibilitychange', visible);
    };
  }, [load, locale]);

  async function send(text: string): Promise<boolean> {
    if (!id.current) return false;
    setBusy(true);
    setError(null);
    const sent = await attempt(() => apiClient(locale).POST('/api/v1/user/chat/conversations/{id}/messages', { params: { path: { id: id.current! } }, body: { text } }), locale);
    setBusy(false);
    if (!sent.ok) {
      if (!handleUnauthorized(sent.problem)) setError(sent.problem.message);
      return false;
    }
    await load();
    return true;
  }

  async function sendPhoto(file: File): Promise<boolean> {
    const conversationId = id.current;
    if (!conversationId) return false;
    setBusy(true);
    setError(null);
    const refused = await sendChatPhoto('customer', conversationId, file, locale);
    setBusy(false);
    if (refused) {
      setError(refused);
      return false;
    }
    await load();
    return true;
  }

  async function reopen() {
    if (!id.current) return;
    await attempt(() => apiClient(locale).POST('/api/v1/user/chat/conversations/{id}/reopen', { params: { path: { id: id.current! } } }), locale);
    await load();
  }

  if (state.phase === 'loading') return <p role="status">{t('loading')}</p>;
  if (state.phase === 'login')
    return (
      <p className="chat-note">
        {t('loginRequired')} <a href={loginRedirectUrl(localizePath('/shop/chat/', locale), location.search)}>{t('loginLink')}</a>
      </p>
    );
  if (state.phase === 'choose')
    return (
      <p className="chat-note">
        {t('choosePharmacy')} <a href={localizePath('/shop/pharmacies/', locale)}>{t('choosePharmacyLink')}</a>
      </p>
    );
  if (state.phase === 'error')
    return (
      <p className="chat-note" role="alert">
        {state.message}
      </p>
    );
  const { conversation, messages } = state.detail;
  return (
    <section className="chat" aria-labelledby="chat-heading">
      <h2 id="chat-heading">{t('withPharmacy', { pharmacy: conversation.pharmacy.name })}</h2>
      {conversation.order && <p className="chat-sub">{t('aboutOrder', { number: conversation.order.number })}</p>}
      {!conversation.pharmacy_open && (
        <p className="chat-note">{conversation.answers_from ? t('answersFrom', { time: formatChatTime(conversation.answers_from, locale) }) : t('answersLater')}</p>
      )}
      <MessageList locale={locale} messages={messages} own="customer" />
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      {conversation.status === 'closed' ? (
        <p className="chat-note">
          {t('closed')}{' '}
          <button type="button" className="chat-button chat-button--secondary" onClick={() => void reopen()}>
            {t('reopen')}
          </button>
        </p>
      ) : (
        <Composer locale={locale} label={t('messageLabel')} busy={busy} onSend={send} onPhoto={sendPhoto} />
      )}
      {conversation.messaging_link && (
        <p className="chat-sub">
          <a href={conversation.messaging_link} target="_blank" rel="noopener noreferrer">
            {t('whatsapp')}
          </a>{' '}
          {t('whatsappHint')}
        </p>
      )}
    </section>
  );
}
