import { useId, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { apiClient, attempt } from '../../../platform/api-client';
import { handleUnauthorized } from '../../accounts/client';
import { afterOrderMessages } from '../i18n/after-order-messages';
import { FEEDBACK_COMMENT_MAX } from '../model/public';
import { StarRating } from './StarRating';

export interface SavedRating {
  stars: number;
  comment: string | null;
}

interface Props {
  locale: Locale;
  orderId: string;
  onSaved: (rating: SavedRating) => void;
  /** Extra buttons after "Send rating" (the dialog's "Not now"). */
  children?: React.ReactNode;
}

/** Stars and an optional comment for one order; a refusal shows the server's message (spec §8). */
export function RatingForm({ locale, orderId, onSaved, children }: Props) {
  const t = translator(afterOrderMessages, locale);
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const commentId = useId();
  const hintId = useId();
  const errorId = useId();

  async function submit(event: React.SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stars === null) {
      setError(t('ratingChooseStars'));
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await attempt(
      () => apiClient(locale).POST('/api/v1/user/orders/{id}/feedback', { params: { path: { id: orderId } }, body: { orderId, stars, comment: comment.trim() || null } }),
      locale,
    );
    setBusy(false);
    if (outcome.ok) {
      onSaved({ stars: outcome.data.stars, comment: outcome.data.comment });
      return;
    }
    if (!handleUnauthorized(outcome.problem)) setError(outcome.problem.message);
  }

  return (
    <form className="rating-form" onSubmit={(event) => void submit(event)} noValidate>
      <StarRating locale={locale} value={stars} onChange={setStars} disabled={busy} errorId={error ? errorId : undefined} />
      <label htmlFor={commentId}>{t('commentLabel')}</label>
      <textarea
        id={commentId}
        value={comment}
        maxLength={FEEDBACK_COMMENT_MAX}
        rows={3}
        aria-describedby={hintId}
        disabled={busy}
        onChange={(event) => setComment(event.target.value)}
      />
      <p id={hintId} className="order-hint">
        {t('commentHint', { max: FEEDBACK_COMMENT_MAX })}
      </p>
      {error && (
        <p id={errorId} className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div className="staff-actions">
        <button type="submit" className="staff-button staff-button--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('ratingWorking') : t('ratingSubmit')}
        </button>
        {children}
      </div>
    </form>
  );
}
