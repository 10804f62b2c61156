import type { Clock } from '../../../platform/clock';
import { PAGE_LINE, type BuildRunner } from '../../../platform/server/site-build';
import { processOnlyGuard, RENEW_MS, type BuildGuard } from './build-lease';

/*
 * "Rebuild the static pages" (issue 13, operators): one `astro build` at a time in a child process
 * into a separate folder; its lines go live to the operators' screens (topic operator:site-build) and
 * into a short log kept here for a screen opened later; a successful build is swapped in, a failed
 * one leaves the running site as it was. One build at a time across every server process on the
 * database: the guard (build-lease.ts) is claimed before the build and held while it runs.
 */

export type SiteBuildPhase = 'idle' | 'running' | 'succeeded' | 'failed';

export interface SiteBuildStatus {
  phase: SiteBuildPhase;
  started_at: string | null;
  finished_at: string | null;
  pages: number;
  exit_code: number | null;
  /** The last LOG_LINES lines of the build (all of a short one). */
  log: string[];
  /** The running build is another server process's: its lines come live on the topic only. */
  other_process: boolean;
}

/** Published on SITE_BUILD_TOPIC. Events stay far below the bus's 2 KB: lines are cut and batched. */
export type SiteBuildEvent =
  | { type: 'site.build.started'; data: { started_at: string } }
  | { type: 'site.build.lines'; data: { lines: string[]; pages: number } }
  | { type: 'site.build.finished'; data: { phase: 'succeeded' | 'failed'; exit_code: number | null; pages: number } };

export const SITE_BUILD_TOPIC_ID = 'site-build';
export const LOG_LINES = 400;
/** A log line longer than this is cut (paths in stack traces can be long). */
export const MAX_LINE_CHARS = 300;
const BATCH_CHARS = 1400;
const BATCH_WAIT_MS = 250;

export interface SiteRebuildDeps {
  runner: BuildRunner;
  /** The build's output folder (dist-next beside dist), emptied before the build. */
  prepare: () => Promise<void>;
  outDir: string;
  /** Puts a finished build in service; a throw counts as a failed build (the site stays as it was). */
  swap: (now: Date) => Promise<void>;
  publish: (event: SiteBuildEvent) => Promise<void>;
  clock: Clock;
  /** Across processes (the database lease); absent: this process's own rule only. */
  guard?: BuildGuard;
  /** How often the running build renews its lease (tests shorten it). */
  renewMs?: number;
  /** Failures outside the build's own log (the swap, a publish); never personal data. */
  warn?: (message: string, error: unknown) => void;
}

export interface SiteRebuilder {
  /** Starts a build; false when one is running here or in another process (SITE_BUILD_RUNNING). */
  start(): Promise<boolean>;
  /** This process's last or running build, or that another process is building now. */
  status(): Promise<SiteBuildStatus>;
  /** The running build's end (tests, shutdown); resolves at once when none runs. */
  settled(): Promise<void>;
}

export const cutLine = (line: string) => (line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS - 1)}…` : line);

/** Lines into batches of at most `maxChars` (a single longer line, already cut, is its own batch). */
export function batchLines(lines: string[], maxChars: number = BATCH_CHARS): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (current.length > 0 && size + line.length > maxChars) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(line);
    size += line.length + 4;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function createSiteRebuilder(deps: SiteRebuildDeps): SiteRebuilder {
  let state: SiteBuildStatus = { phase: 'idle', started_at: null, finished_at: null, pages: 0, exit_code: null, log: [], other_process: false };
  /** A start is being claimed or a build runs here (cleared as soon as the lease is released). */
  let busy = false;
  let running: Promise<void> | null = null;
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let publishing: Promise<void> = Promise.resolve();
  const warn = deps.warn ?? (() => {});
  const guard = deps.guard ?? processOnlyGuard;

  const publish = (event: SiteBuildEvent) => {
    // In order, one after another; a lost event is only a gap the screen fills from the status.
    publishing = publishing.then(() => deps.publish(event)).catch((error: unknown) => warn('site build event not published', error));
    return publishing;
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const lines = pending;
    pending = [];
    for (const batch of batchLines(lines)) void publish({ type: 'site.build.lines', data: { lines: batch, pages: state.pages } });
    return publishing;
  };
  const onLine = (raw: string) => {
    const line = cutLine(raw);
    if (PAGE_LINE.test(line)) state.pages += 1;
    state.log.push(line);
    if (state.log.length > LOG_LINES) state.log.splice(0, state.log.length - LOG_LINES);
    pending.push(line);
    if (pending.reduce((sum, entry) => sum + entry.length + 4, 0) >= BATCH_CHARS) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), BATCH_WAIT_MS);
      timer.unref?.();
    }
  };

  const run = async () => {
    let exitCode: number | null = null;
    let ok = false;
    const stop = new AbortController();
    let lost = false;
    // Renewed while the build runs; a lease another process has taken over (this one stalled past
    // it) stops this build, so two never write into the same folder for long, and it is never swapped in.
    const renew = async () => {
      const held = await guard.renew(deps.clock.now()).catch((error: unknown) => {
        warn('site build lease not renewed', error);
        return true;
      });
      if (!held && !lost) {
        lost = true;
        onLine('Another server process took over the build: this one was stopped and is not put in service.');
        stop.abort();
      }
    };
    // One renewal at a time, and the last one awaited before the lease is released (a renewal that
    // came back after the release would find no lease and call the finished build lost).
    let renewing: Promise<void> | null = null;
    const heartbeat = setInterval(() => {
      renewing ??= renew().finally(() => (renewing = null));
    }, deps.renewMs ?? RENEW_MS);
    heartbeat.unref?.();
    try {
      await deps.prepare();
      exitCode = await deps.runner({ outDir: deps.outDir, onLine, signal: stop.signal });
      // The swap only under a lease just confirmed (a database that cannot say counts as lost).
      const confirmed = exitCode === 0 && !lost && (await guard.renew(deps.clock.now()).catch(() => false));
      if (confirmed) {
        try {
          await deps.swap(deps.clock.now());
          ok = true;
        } catch (error) {
          onLine(`The new build was not put in service: ${error instanceof Error ? error.message : 'unknown error'}`);
          warn('site build not swapped in', error);
        }
      } else if (exitCode === 0 && !lost) {
        lost = true;
        onLine('This build could not confirm it still holds its turn (another server process took over, or the database did not answer): it is not put in service.');
      }
    } catch (error) {
      onLine(`The build could not run: ${error instanceof Error ? error.message : 'unknown error'}`);
      warn('site build not started', error);
    } finally {
      clearInterval(heartbeat);
      await renewing;
    }
    state = { ...state, phase: ok ? 'succeeded' : 'failed', finished_at: deps.clock.now().toISOString(), exit_code: exitCode };
    // Released before "finished" goes out, so a start the screen sends on that event is accepted
    // (a lease another process has taken over is not ours to delete: release matches the owner).
    await guard.release().catch((error: unknown) => warn('site build lease not released', error));
    busy = false;
    await flush();
    await publish({ type: 'site.build.finished', data: { phase: ok ? 'succeeded' : 'failed', exit_code: exitCode, pages: state.pages } });
  };

  const snapshot = (): SiteBuildStatus => ({ ...state, log: [...state.log] });
  return {
    async start() {
      if (busy) return false;
      busy = true;
      const now = deps.clock.now();
      let claimed = false;
      try {
        claimed = await guard.claim(now);
      } finally {
        if (!claimed) busy = false;
      }
      if (!claimed) return false;
      const startedAt = now.toISOString();
      state = { phase: 'running', started_at: startedAt, finished_at: null, pages: 0, exit_code: null, log: [], other_process: false };
      void publish({ type: 'site.build.started', data: { started_at: startedAt } });
      running = run().finally(() => {
        running = null;
      });
      return true;
    },
    async status() {
      if (state.phase === 'running') return snapshot();
      const other = await guard.elsewhere(deps.clock.now()).catch((error: unknown) => {
        warn('site build lease not read', error);
        return null;
      });
      if (!other) return snapshot();
      return { phase: 'running', started_at: other.started_at, finished_at: null, pages: 0, exit_code: null, log: [], other_process: true };
    },
    settled: async () => {
      await running;
      await publishing;
    },
  };
}
