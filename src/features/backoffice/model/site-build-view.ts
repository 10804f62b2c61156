/**
 * The rebuild screen's state from the status call and the live events of operator:site-build
 * (site.build.started, site.build.lines, site.build.finished). Pure, so it is tested without a browser.
 */
export interface SiteBuildView {
  phase: 'idle' | 'running' | 'succeeded' | 'failed';
  pages: number;
  log: string[];
  started_at: string | null;
  finished_at: string | null;
  exit_code: number | null;
  /** The running build is another server process's (its lines come live only). */
  other_process?: boolean;
}

/** As many lines as the server keeps (server/site-rebuild.ts LOG_LINES). */
export const VIEW_LOG_LINES = 400;

const EMPTY: SiteBuildView = { phase: 'idle', pages: 0, log: [], started_at: null, finished_at: null, exit_code: null };

export function applySiteBuildEvent(view: SiteBuildView | null, event: { type: string; data: Record<string, unknown>; at?: string }): SiteBuildView {
  const current = view ?? EMPTY;
  const data = event.data;
  switch (event.type) {
    case 'site.build.started':
      return { ...EMPTY, phase: 'running', started_at: typeof data.started_at === 'string' ? data.started_at : null };
    case 'site.build.lines': {
      const lines = Array.isArray(data.lines) ? data.lines.filter((line): line is string => typeof line === 'string') : [];
      return {
        ...current,
        phase: current.phase === 'idle' ? 'running' : current.phase,
        pages: typeof data.pages === 'number' ? Math.max(current.pages, data.pages) : current.pages,
        log: [...current.log, ...lines].slice(-VIEW_LOG_LINES),
      };
    }
    case 'site.build.finished':
      return {
        ...current,
        phase: data.phase === 'succeeded' ? 'succeeded' : 'failed',
        pages: typeof data.pages === 'number' ? data.pages : current.pages,
        exit_code: typeof data.exit_code === 'number' ? data.exit_code : null,
        finished_at: event.at ?? current.finished_at,
      };
    default:
      return current;
  }
}
