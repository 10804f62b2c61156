import { useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { searchMessages } from '../i18n/messages';
import { fetchListing, fetchSearch, type Facets } from '../browser/api';
import { filtersFromQuery, filtersToQuery, isFiltered, type ListingFilters } from '../../catalog/client';
import { $selectedPharmacy } from '../../pharmacies/client';
import { track } from '../../analytics/client';
import { toSearchHit, type PopularLink, type SearchHit } from '../model/hit';
import { DEFAULT_LIMIT, MAX_QUERY_LENGTH, MAX_SHOWN, MIN_INSTANT_QUERY_LENGTH, searchUrl } from '../model/query';
import { statusText, type SearchView } from '../model/status';
import { ResultList } from './ResultList';
import { SearchFilters } from './SearchFilters';

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
  /** Sort and filters from the URL, and what the results can be narrowed by when the server knows it. */
  initialFilters: ListingFilters;
  initialFacets: Facets | null;
}

/** How a search changes the history: typing replaces the entry, a filter adds one (back undoes it). */
type HistoryMode = 'replace' | 'push' | 'none';

/**
 * The search screen. Server-rendered with the results of `?q=`, so it works without JavaScript as
 * a plain GET form; once hydrated it searches as the shopper types (debounced, stale requests
 * aborted), keeps `?q=` in the URL and announces the result count in a polite live region.
 */
export default function SearchScreen({ locale, action, initialQuery, initialHits, initialTotal, popular, initialFilters, initialFacets }: SearchScreenProps) {
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
  const [filters, setFilters] = useState(initialFilters);
  const filtersRef = useRef(initialFilters);
  const [facets, setFacets] = useState(initialFacets);
  const urlOf = (query: string, shown?: number) => searchUrl(action, query, shown, filtersToQuery(filtersRef.current));
  const pharmacyId = () => $selectedPharmacy.get()?.id ?? null;
  /** Filtered or sorted results come from the listing API, the others from the search API. */
  const fetchPage = (query: string, signal: AbortSignal, offset = 0) =>
    isFiltered(filtersRef.current)
      ? fetchListing(query, filtersRef.current, locale, signal, Math.floor(offset / DEFAULT_LIMIT) + 1, pharmacyId()).then((body) => {
          setFacets(body.facets);
          return body;
        })
      : fetchSearch(query, locale, signal, offset);

  /** Searches for `raw` unless that is what is already shown; `force` (form submit) searches anyway. */
  const run = (raw: string, force = false, history: HistoryMode = 'replace') => {
    const query = raw.trim();
    if (query === lastRequested.current && !force) return;
    lastRequested.current = query;
    pending.current?.abort();
    if (history === 'push' && urlOf(query) !== `${location.pathname}${location.search}`) window.history.pushState({ search: true }, '', urlOf(query));
    else if (history === 'replace') window.history.replaceState(window.history.state, '', urlOf(query));
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
    fetchPage(query, controller.signal).then(
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
    fetchPage(query, controller.signal, from).then(
      (body) => {
        if (controller.signal.aborted) return;
        // Listing pages count whole pages: a page overlapping what is shown adds only the rest.
        const known = new Set(hits.map((hit) => hit.pzn));
        const next = [...hits, ...body.items.filter((item) => !known.has(item.pzn)).map((item) => toSearchHit(item, locale))];
        setHits(next);
        setView({ phase: 'done', query, total: body.total, shown: next.length });
        setLoadingMore(false);
        window.history.replaceState(window.history.state, '', urlOf(query, next.length));
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

  /** A filter or the sort changed: a new history entry, results from the first page. */
  const changeFilters = (next: ListingFilters) => {
    filtersRef.current = next;
    setFilters(next);
    run(input, true, 'push');
  };

  const submit = (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    // With JavaScript the results are already (or about to be) on screen: search now, no reload.
    event.preventDefault();
    // The form's controls as they are (a price typed and Enter pressed has not left its field).
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') params.append(key, value);
    const next = filtersFromQuery(params);
    const changed = filtersToQuery(next) !== filtersToQuery(filtersRef.current);
    filtersRef.current = next;
    setFilters(next);
    run(input, true, changed ? 'push' : 'replace');
  };

  // The server cannot know the shopper's pharmacy: "available" results are asked for once here.
  useEffect(() => {
    if (initialFilters.available && initialQuery) run(initialQuery, true, 'none');
  }, []);

  // Back and forward between filter states: the URL's query and filters, without a new entry.
  useEffect(() => {
    const restore = () => {
      const params = new URLSearchParams(location.search);
      const next = filtersFromQuery(params);
      filtersRef.current = next;
      setFilters(next);
      const query = params.get('q') ?? '';
      setInput(query);
      lastRequested.current = query.trim();
      run(query, true, 'none');
    };
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
    // `run` reads only refs and stable props.
  }, []);

  /** The facets when the filter panel first opens on results the server sent without them. */
  const loadFacets = () => {
    if (facets || view.query === '') return;
    fetchListing(view.query, { ...filtersRef.current, available: false }, locale, new AbortController().signal).then(
      (body) => setFacets(body.facets),
      () => undefined,
    );
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
        {hasQuery && <SearchFilters filters={filters} facets={facets} t={t} onChange={changeFilters} onOpen={loadFacets} />}
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
              href={urlOf(view.query, hits.length + DEFAULT_LIMIT)}
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
