import type { Translate } from '../../../platform/i18n/messages';
import type { SearchMessageKey } from '../i18n/messages';

/** What the screen is showing; drives the live-region text and which blocks are visible. */
export type SearchPhase = 'idle' | 'loading' | 'done' | 'error';

export interface SearchView {
  phase: SearchPhase;
  /** The query the shown results belong to (trimmed). */
  query: string;
  total: number;
  shown: number;
}

/**
 * The sentence announced in the polite live region: nothing while idle (the popular searches are
 * visible anyway), the count once results are in, the no-results heading when there are none.
 */
export function statusText(view: SearchView, t: Translate<SearchMessageKey>): string {
  if (view.phase === 'idle' || view.query === '') return '';
  if (view.phase === 'loading') return t('loading');
  if (view.phase === 'error') return t('failed');
  if (view.total === 0) return t('noResultsHeading', { query: view.query });
  if (view.total === 1) return t('countOne', { query: view.query });
  if (view.total > view.shown) return t('countShown', { count: view.total, shown: view.shown, query: view.query });
  return t('countMany', { count: view.total, query: view.query });
}
