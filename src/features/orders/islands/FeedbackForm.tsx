import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { apiClient, attempt } from '../../../platform/api-client';
import { showToast } from '../../../ui/toast/toast';
import { handleUnauthorized } from '../../accounts/client';
import { afterOrderMessages } from '../i18n/after-order-messages';
import { FEEDBACK_MESSAGE_MAX, feedbackMessageProblem } from '../model/public';
import { codeMessage } from '../../../platform/api-client/problem';
import './after-order.css';
import './orders.css';

/**
 * General feedback (spec §3 "Feedback message", §7 POST /user/feedback) from the account menu and
 * the help entry. Success: the toast "Thank you, we received your feedback" (§8); a refusal shows
 * the server's message.
 */
export default function FeedbackForm({ locale }: { locale: Locale }) {
  const t = translator(afterOrderMessages, locale);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  // Typing before hydration would be lost: the button stays off until React owns the form.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  async function submit(event: React.SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = feedbackMessageProblem(message);
    if (problem) {
      setError(codeMessage(problem, locale));
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/user/feedback', { body: { message } }), locale);
    setBusy(false);
    if (outcome.ok) {
      setMessage('');
      void showToast({ type: 'success', title: t('feedbackThanks') });
      return;
    }
    if (!handleUnauthorized(outcome.problem)) setError(outcome.problem.message);
  }

  return (
    <form className="feedback-form" onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('feedbackIntro')}</p>
      <label htmlFor={fieldId}>{t('feedbackLabel')}</label>
      <textarea
        id={fieldId}
        value={message}
        rows={6}
        maxLength={FEEDBACK_MESSAGE_MAX}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        disabled={busy}
        onChange={(event) => setMessage(event.target.value)}
      />
      <p id={hintId} className="order-hint">
        {t('feedbackHint', { max: FEEDBACK_MESSAGE_MAX })}
      </p>
      {error && (
        <p id={errorId} className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="staff-button staff-button--primary" disabled={busy || !hydrated} aria-busy={busy || undefined}>
          {busy ? t('feedbackWorking') : t('feedbackSubmit')}
        </button>
      </div>
    </form>
  );
}
