import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { followTopic, requestStreamUrl } from '../../../platform/realtime/browser';
import { topicOf } from '../../../platform/realtime/topics';
import { handleUnauthorized } from '../../accounts/client';
import { backOfficeMessages } from '../i18n/messages';
import { applySiteBuildEvent, type SiteBuildView } from '../model/site-build-view';

const POLL_MS = 3_000;

/**
 * "Rebuild the static pages": starts the build (POST /pharmacy/site-build) and shows its progress
 * and log live from operator:site-build; polls the status where no stream can be held.
 */
export function SiteRebuild({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(backOfficeMessages, locale), [locale]);
  const [view, setView] = useState<SiteBuildView | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const logRef = useRef<HTMLPreElement>(null);

  const load = useCallback(async () => {
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/site-build'), locale);
    if (outcome.ok) setView(outcome.data);
    else if (!handleUnauthorized(outcome.problem)) setProblem(outcome.problem.message);
  }, [locale]);

  useEffect(() => {
    void load();
    return followTopic({
      streamUrl: async () => {
        const outcome = await requestStreamUrl(apiClient(locale), topicOf('operator', 'site-build'), locale);
        if (outcome.ok) return outcome.data;
        handleUnauthorized(outcome.problem);
        return null;
      },
      onEvent: (event) => setView((current) => applySiteBuildEvent(current, event)),
      onReady: (resumed) => {
        if (!resumed) void load();
      },
      fallback: () => {
        const timer = setInterval(() => void load(), POLL_MS);
        return () => clearInterval(timer);
      },
    });
  }, [locale, load]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [view?.log.length]);

  async function start() {
    setBusy(true);
    setProblem('');
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/pharmacy/site-build'), locale);
    setBusy(false);
    if (outcome.ok) setView(outcome.data);
    else if (!handleUnauthorized(outcome.problem)) setProblem(outcome.problem.message);
  }

  const running = view?.phase === 'running';
  const summary =
    view?.phase === 'running'
      ? view.other_process && view.log.length === 0
        ? t('tools.rebuildElsewhere')
        : t('tools.rebuildRunning', { pages: view.pages })
      : view?.phase === 'succeeded'
        ? t('tools.rebuildSucceeded', { pages: view.pages })
        : view?.phase === 'failed'
          ? t('tools.rebuildFailed')
          : '';
  return (
    <section className="bo-section" aria-labelledby="bo-rebuild-heading">
      <h2 id="bo-rebuild-heading">{t('tools.rebuild')}</h2>
      <p>{t('tools.rebuildHint')}</p>
      <button type="button" className="button" disabled={busy || running || !view} onClick={() => void start()}>
        {running ? t('working') : t('tools.rebuildStart')}
      </button>
      <p role="status" className={view?.phase === 'failed' ? 'bo-problems' : undefined}>
        {problem || summary}
      </p>
      {view && view.log.length > 0 && (
        <pre ref={logRef} className="bo-build-log" tabIndex={0} aria-label={t('tools.rebuildLog')}>
          {view.log.join('\n')}
        </pre>
      )}
    </section>
  );
}
