import type { ErrorCode } from '../../../platform/http/error-codes';

/*
 * Rules of order ratings and general feedback (spec §3 "Order feedback: orderId, stars, comment",
 * §7), shared by the API and the rating dialog so both refuse the same input with the same code.
 */

export const MIN_STARS = 1;
export const MAX_STARS = 5;
export const FEEDBACK_COMMENT_MAX = 1000;
export const FEEDBACK_MESSAGE_MAX = 2000;
/** A pharmacy's average is shown once this many customers have rated it. */
export const MIN_RATINGS_FOR_AVERAGE = 5;

export type RatingRefusal = Extract<ErrorCode, 'RATING_OUT_OF_RANGE' | 'FEEDBACK_COMMENT_TOO_LONG'>;

/** Whole stars from 1 to 5; a comment of at most 1,000 characters (after trimming). */
export function ratingProblem(stars: unknown, comment: string | null | undefined): RatingRefusal | null {
  if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < MIN_STARS || stars > MAX_STARS) return 'RATING_OUT_OF_RANGE';
  if ((comment ?? '').trim().length > FEEDBACK_COMMENT_MAX) return 'FEEDBACK_COMMENT_TOO_LONG';
  return null;
}

export function feedbackMessageProblem(message: string): Extract<ErrorCode, 'FEEDBACK_MESSAGE_REQUIRED' | 'FEEDBACK_MESSAGE_TOO_LONG'> | null {
  const trimmed = message.trim();
  if (trimmed === '') return 'FEEDBACK_MESSAGE_REQUIRED';
  if (trimmed.length > FEEDBACK_MESSAGE_MAX) return 'FEEDBACK_MESSAGE_TOO_LONG';
  return null;
}

/** The average as shown: one decimal, or nothing below the minimum count. */
export function shownAverage(sum: number, count: number): number | null {
  if (count < MIN_RATINGS_FOR_AVERAGE) return null;
  return Math.round((sum / count) * 10) / 10;
}
