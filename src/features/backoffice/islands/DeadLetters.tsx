import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import { dateTimeFormat } from '../../../platform/i18n/intl-format';
import { INTL_LOCALE, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { SHOP_TIME_ZONE } from '../../../platform/clock';
import type { components } from '../../../platform/api-client/schema';
import { handleUnauthorized } from '../../accounts/client';
import { backOfficeMessages } from '../i18n/messages';

// The answer's shape as the API declares it (one shape, from the OpenAPI document).
type DeadLetter = components['schemas']['DeadLetter'];

/**
 * "Messages not delivered": the outbox's dead letters (decision 0012), the recipient masked, and a
 * button that sends one again.
 */
export function DeadLetters({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(backOfficeMessages, locale), [locale]);
  const [items, setItems] = useState<DeadLetter[] | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const when = useMemo(() => dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }), [locale]);

  const load = useCallback(async () => {
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/messages/dead-letters'), locale);
    if (outcome.ok) setItems(outcome.data.items);
    else if (!handleUnauthorized(outcome.problem)) setStatus(outcome.problem.message);
  }, [locale]);

  useEffect(() => {
    void load();
  }, [load]);

  async function retry(item: DeadLetter) {
    setBusy(item.id);
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/pharmacy/messages/dead-letters/{id}/retry', { params: { path: { id: item.id } } }), locale);
    setBusy(null);
    if (outcome.ok) {
      setStatus(t('tools.messagesRetried', { kind: item.kind }));
      setItems((current) => current?.filter((entry) => entry.id !== item.id) ?? null);
    } else if (!handleUnauthorized(outcome.problem)) setStatus(outcome.problem.message);
  }

  return (
    <section className="bo-section" aria-labelledby="bo-dead-letters-heading">
      <h2 id="bo-dead-letters-heading">{t('tools.messages')}</h2>
      <p>{t('tools.messagesHint')}</p>
      {items && items.length === 0 && <p>{t('tools.messagesNone')}</p>}
      {items && items.length > 0 && (
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{t('tools.messagesKind')}</th>
              <th scope="col">{t('tools.messagesRecipient')}</th>
              <th scope="col">{t('tools.messagesAttempts')}</th>
              <th scope="col">{t('tools.messagesError')}</th>
              <th scope="col">{t('tools.messagesCreated')}</th>
              <th scope="col">{t('tools.messagesAction')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.kind}</th>
                <td>{item.recipient ?? '–'}</td>
                <td>{item.attempts}</td>
                <td>{item.last_error ?? '–'}</td>
                <td>{when.format(new Date(item.created_at))}</td>
                <td>
                  <button type="button" className="button" disabled={busy !== null} onClick={() => void retry(item)} aria-label={t('tools.messagesRetryOne', { kind: item.kind, id: item.id })}>
                    {busy === item.id ? t('working') : t('tools.messagesRetry')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
