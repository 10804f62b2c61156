import { useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { searchMessages } from '../i18n/messages';
import { fetchSearch } from '../browser/api';
import { track } from '../../analytics/client';
import { toSearchHit, type PopularLink, type SearchHit } from '../model/hit';
import { DEFAULT_LIMIT, MAX_QUERY_LENGTH, MAX_SHOWN, MIN_INSTANT_QUERY_LENGTH, searchUrl } from '../model/query';
import { statusText, type SearchView } from '../model/status';
import { ResultList } from './ResultList';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel instant. */
const DEBOUNCE_MS = 200;

export interface SearchScreenProps {
  locale: Locale;
  /** The search page's own path (localized): the form's action and the URL kept in sync. */
  action: string;
  initialQuery: string;
  initialHits: SearchHit[];
  initialTotal: number;
  popular: PopularLink[];
}

/**
 * The search screen. Server-rendered with the results of `?q=`, so it works without JavaScript as
 * a plain GET form; once hydrated it searches as the shopper types (debounced, stale requests
 * aborted), keeps `?q=` in the URL and announces the result count in a polite live region.
 */
export default function SearchScreen({ locale, action, initialQuery, initialHits, initialTotal, popular }: SearchScreenProps) {
  const t = useMemo(() => translator(searchMessages, locale), [locale]);
  const [input, setInput] = useState(initialQuery);
  const [hits, setHits] = useState(initialHits);
  const [view, setView] = useState<SearchView>({
    phase: initialQuery ? 'done' : 'idle',
    query: initialQuery,
    total: initialTotal,
    shown: initialHits.length,
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = useRef<AbortController | null>(null);
  const more = useRef<AbortController | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  /** After "show more": the first new result takes the focus once it is rendered. */
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null) return;
    document.querySelectorAll<HTMLAnchorElement>('.search-results a.search-hit__link')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom]);
  const lastRequested = useRef(initialQuery);

  /** Searches for `raw` unless that is what is already shown; `force` (form submit) searches anyway. */
  const run = (raw: string, force = false) => {
    const query = raw.trim();
    if (query === lastRequested.current && !force) return;
    lastRequested.current = query;
    pending.current?.abort();
    window.history.replaceState(window.history.state, '', searchUrl(action, query));
    more.current?.abort();
    setLoadingMore(false);
    if (query === '' || (!force && query.length < MIN_INSTANT_QUERY_LENGTH)) {
      setHits([]);
      setView({ phase: 'idle', query: '', total: 0, shown: 0 });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setView((previous) => ({ ...previous, phase: 'loading', query }));
    fetchSearch(query, locale, controller.signal).then(
      (body) => {
        if (controller.signal.aborted) return;
        const next = body.items.map((item) => toSearchHit(item, locale));
        setHits(next);
        setView({ phase: 'done', query, total: body.total, shown: next.length });
      },
      () => {
        if (!controller.signal.aborted) setView({ phase: 'error', query, total: 0, shown: 0 });
      },
    );
  };

  // Analytics (after consent): the result count of each settled search; the words only of a search
  // that found nothing (what the catalogue lacks), never of one that found products.
  useEffect(() => {
    if (view.phase !== 'done' || !view.query) return;
    track('search', view.total === 0 ? { results: 0, query: view.query.slice(0, 100) } : { results: view.total });
  }, [view.phase, view.query, view.total]);

  // Debounced instant search; the cleanup drops the timer of a superseded keystroke.
  useEffect(() => {
    const timer = window.setTimeout(() => run(input), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // `run` reads only refs and stable props, so re-running on `input` alone is enough.
  }, [input]);

  useEffect(
    () => () => {
      pending.current?.abort();
      more.current?.abort();
    },
    [],
  );

  /** The next page of results appended; focus goes to the first new one, the URL keeps the count. */
  const showMore = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (loadingMore) return;
    const query = view.query;
    const from = hits.length;
    const controller = new AbortController();
    more.current = controller;
    setLoadingMore(true);
    fetchSearch(query, locale, controller.signal, from).then(
      (body) => {
        if (controller.signal.aborted) return;
        const next = [...hits, ...body.items.map((item) => toSearchHit(item, locale))];
        setHits(next);
        setView({ phase: 'done', query, total: body.total, shown: next.length });
        setLoadingMore(false);
        window.history.replaceState(window.history.state, '', searchUrl(action, query, next.length));
        setFocusFrom(from);
      },
      () => {
        if (!controller.signal.aborted) {
          setLoadingMore(false);
          setView((previous) => ({ ...previous, phase: 'error' }));
        }
      },
    );
  };

  const submit = (event: { preventDefault(): void }) => {
    // With JavaScript the results are already (or about to be) on screen: search now, no reload.
    event.preventDefault();
    run(input, true);
  };

  const focusFirstResult = () => document.querySelector<HTMLAnchorElement>('.search-results a.search-hit__link')?.focus();
  const hasQuery = view.query !== '';
  const noResults = hasQuery && view.phase === 'done' && view.total === 0;

  return (
    <div className="search-screen" data-phase={view.phase}>
      <form className="search-form" role="search" method="get" action={action} onSubmit={submit}>
        <label htmlFor="search-page-q">{t('label')}</label>
        <div className="search-form__row">
          <input
            ref={inputRef}
            id="search-page-q"
            type="search"
            name="q"
            value={input}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={t('placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            aria-controls="search-results-region"
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                focusFirstResult();
              }
            }}
          />
          <button type="submit">{t('submit')}</button>
        </div>
      </form>

      <p className="search-status" role="status" aria-live="polite" aria-atomic="true">
        {statusText(view, t)}
      </p>
      <p id="search-results-hint" className="visually-hidden">
        {t('resultsHint')}
      </p>

      <section id="search-results-region" aria-label={t('resultsHeading')} aria-busy={view.phase === 'loading'}>
        {hasQuery && hits.length > 0 && !noResults && <ResultList hits={hits} t={t} onLeaveTop={() => inputRef.current?.focus()} />}
        {hasQuery && view.phase !== 'loading' && hits.length > 0 && hits.length < Math.min(view.total, MAX_SHOWN) && (
          <p className="search-more">
            <a
              className="search-more__link"
              href={searchUrl(action, view.query, hits.length + DEFAULT_LIMIT)}
              onClick={showMore}
              aria-busy={loadingMore}
              aria-disabled={loadingMore}
              data-search-more
            >
              {loadingMore ? t('loadingMore') : t('showMore')}
            </a>
          </p>
        )}
        {noResults && (
          <div className="search-empty">
            <h2>{t('noResultsHeading', { query: view.query })}</h2>
            <p>{t('noResultsHint')}</p>
          </div>
        )}
      </section>

      {(!hasQuery || noResults) && (
        <section className="search-popular" aria-labelledby="search-popular-heading">
          <h2 id="search-popular-heading">{t('popularHeading')}</h2>
          <ul role="list">
            {popular.map((item) => (
              <li key={item.slug}>
                <a href={item.href}>{item.term}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
