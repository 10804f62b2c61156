import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { formatChatTime, type ChatMessage } from '../browser/chat-api';
import { chatMessages } from '../i18n/messages';

/** The messages of one conversation, as text only (React escapes it), with sent/read state of one's own. */
export function MessageList({ locale, messages, own }: { locale: Locale; messages: ChatMessage[]; own: 'customer' | 'pharmacy' }) {
  const t = translator(chatMessages, locale);
  if (messages.length === 0) return <p className="chat-empty">{t('empty')}</p>;
  return (
    <ol className="chat-messages" aria-live="polite">
      {messages.map((message) => {
        const mine = message.author === own;
        const who = mine ? t('you') : message.author === 'pharmacy' ? t('pharmacist') : t('customer');
        return (
          <li key={message.id} className={mine ? 'chat-message chat-message--own' : 'chat-message'}>
            <span className="visually-hidden">{who}: </span>
            <p className="chat-message__text">{message.text}</p>
            <span className="chat-message__meta">
              {formatChatTime(message.created_at, locale)}
              {mine && ` · ${message.read_at ? t('read') : t('sent')}`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The message box: a labelled textarea of at most 2,000 characters and a send button. */
export function Composer({ locale, label, busy, onSend }: { locale: Locale; label: string; busy: boolean; onSend: (text: string) => Promise<boolean> }) {
  const t = translator(chatMessages, locale);
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const field = form.elements.namedItem('text') as HTMLTextAreaElement;
        if (!field.value.trim()) return;
        void onSend(field.value).then((sent) => {
          if (sent) field.value = '';
        });
      }}
    >
      <label htmlFor="chat-text">{label}</label>
      <textarea id="chat-text" name="text" rows={3} maxLength={2000} required />
      <button type="submit" className="chat-button" disabled={busy}>
        {busy ? t('sending') : t('send')}
      </button>
    </form>
  );
}
