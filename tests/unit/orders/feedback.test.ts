import { describe, expect, it } from 'vitest';
import { feedbackMessageProblem, MIN_RATINGS_FOR_AVERAGE, ratingProblem, shownAverage } from '../../../src/features/orders/model/public';
import { invoiceMessages } from '../../../src/features/orders/i18n/invoice-messages';
import { afterOrderMessages } from '../../../src/features/orders/i18n/after-order-messages';

describe('rating rules', () => {
  it('accepts whole stars from 1 to 5 and a comment of at most 1,000 characters', () => {
    for (const stars of [1, 2, 3, 4, 5]) expect(ratingProblem(stars, null)).toBeNull();
    for (const stars of [0, 6, 2.5, -1, Number.NaN, '4']) expect(ratingProblem(stars, null)).toBe('RATING_OUT_OF_RANGE');
    expect(ratingProblem(5, 'x'.repeat(1000))).toBeNull();
    expect(ratingProblem(5, `  ${'x'.repeat(1000)}  `)).toBeNull();
    expect(ratingProblem(5, 'x'.repeat(1001))).toBe('FEEDBACK_COMMENT_TOO_LONG');
  });

  it('wants a general feedback message of 1 to 2,000 characters', () => {
    expect(feedbackMessageProblem('  ')).toBe('FEEDBACK_MESSAGE_REQUIRED');
    expect(feedbackMessageProblem('ok')).toBeNull();
    expect(feedbackMessageProblem('x'.repeat(2001))).toBe('FEEDBACK_MESSAGE_TOO_LONG');
  });

  it('shows an average with one decimal only from five ratings on', () => {
    expect(MIN_RATINGS_FOR_AVERAGE).toBe(5);
    expect(shownAverage(16, 4)).toBeNull();
    expect(shownAverage(21, 5)).toBe(4.2);
    expect(shownAverage(29, 7)).toBe(4.1);
  });
});

describe('texts', () => {
  it('has the spec’s feedback toast and names invoices after the order number in both languages', () => {
    expect(afterOrderMessages.en.feedbackThanks).toBe('Thank you, we received your feedback');
    expect(invoiceMessages.en.fileName).toBe('invoice-{number}.pdf');
    expect(invoiceMessages.de.fileName).toBe('Rechnung-{number}.pdf');
  });
});
