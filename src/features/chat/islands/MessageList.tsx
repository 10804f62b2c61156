import { useEffect, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { chatPhotoUrl, formatChatTime, type ChatMessage, type ChatSide } from '../browser/chat-api';
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
            {message.photo ? <ChatPhoto locale={locale} side={own} id={message.photo.id} alt={t('photoAlt', { who })} /> : <p className="chat-message__text">{message.text}</p>}
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

/** A photo of the conversation, fetched with the login; the box keeps its size while it loads. */
function ChatPhoto({ locale, side, id, alt }: { locale: Locale; side: ChatSide; id: string; alt: string }) {
  const t = translator(chatMessages, locale);
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void chatPhotoUrl(side, id, locale).then((loaded) => {
      objectUrl = loaded;
      if (live) setUrl(loaded);
      else if (loaded) URL.revokeObjectURL(loaded);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [side, id, locale]);
  if (url === undefined) return <p className="chat-photo chat-photo--pending">{t('photoLoading')}</p>;
  if (url === null) return <p className="chat-photo chat-photo--pending">{t('photoUnavailable')}</p>;
  return (
    <a className="chat-photo" href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={alt} />
    </a>
  );
}

/** The message box: a labelled textarea of at most 2,000 characters and a send button. */
export function Composer({
  locale,
  label,
  busy,
  onSend,
  onPhoto,
}: {
  locale: Locale;
  label: string;
  busy: boolean;
  onSend: (text: string) => Promise<boolean>;
  onPhoto: (file: File) => Promise<boolean>;
}) {
  const t = translator(chatMessages, locale);
  return (
    <>
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
    <div className="chat-photo-picker">
      <label htmlFor="chat-photo">{t('photoLabel')}</label>
      <input
        id="chat-photo"
        type="file"
        accept="image/jpeg,image/png"
        aria-describedby="chat-photo-hint"
        disabled={busy}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          void onPhoto(file).then(() => {
            input.value = '';
          });
        }}
      />
      <p id="chat-photo-hint" className="chat-sub">
        {t('photoHint')}
      </p>
    </div>
    </>
  );
}
