import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckoutApi } from '../browser/checkout-api';
import type { Draft, DraftBody } from '../browser/draft';
import type { Problem } from '../../../platform/api-client';

export type DraftPhase = 'loading' | 'ready' | 'empty' | 'error';

export type FlushResult = { ok: true; draft: Draft } | { ok: false; problem: Problem | null };

/** Changes typed in a burst (a phone number) are sent once the customer pauses. */
const SAVE_DELAY_MS = 250;

interface Options {
  api: CheckoutApi;
  /** A problem the screen must handle itself (401: log in again). True when handled. */
  onProblem: (problem: Problem) => boolean;
}

export interface DraftSync {
  phase: DraftPhase;
  draft: Draft | null;
  /** A change is waiting for or on its way to the server: the summary shows a preview meanwhile. */
  saving: boolean;
  /** The last save that failed (shown above the order button), null once one succeeds. */
  saveProblem: Problem | null;
  /** Creates the draft (to retry). */
  start: (body: DraftBody) => Promise<void>;
  /** Takes the server's open draft as the form's starting point: `body` is the form's state that matches it. */
  adopt: (draft: Draft, body: DraftBody) => void;
  /** Queues the draft's new state; the latest state wins, one request at a time. */
  save: (body: DraftBody, options?: { now?: boolean }) => void;
  /** Sends what is queued and resolves with the server's answer to exactly this state. */
  flush: (body: DraftBody) => Promise<FlushResult>;
  /** Asks for a fresh quote of the same choices (stock or prices changed meanwhile). */
  refresh: (body: DraftBody) => void;
}

const sameBody = (a: DraftBody | null, b: DraftBody | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps the server's draft order in step with the form: POST once, then PUT each change. Only one
 * request runs at a time and only the newest state is sent after it, so answers can never arrive
 * out of order. A draft that expired meanwhile (404, or no longer a draft) is created again with
 * the same choices.
 */
export function useDraft({ api, onProblem }: Options): DraftSync {
  const [phase, setPhase] = useState<DraftPhase>('loading');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveProblem, setSaveProblem] = useState<Problem | null>(null);
  const draftRef = useRef<Draft | null>(null);
  const wanted = useRef<DraftBody | null>(null);
  const confirmed = useRef<DraftBody | null>(null);
  /** The last state the server refused: not sent again until something changes. */
  const refused = useRef<DraftBody | null>(null);
  const lastProblem = useRef<Problem | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onProblemRef = useRef(onProblem);
  onProblemRef.current = onProblem;

  const accept = useCallback((next: Draft, body: DraftBody) => {
    draftRef.current = next;
    confirmed.current = body;
    setDraft(next);
    setSaveProblem(null);
  }, []);

  const create = useCallback(
    async (body: DraftBody): Promise<boolean> => {
      const outcome = await api.createDraft(body);
      if (outcome.ok) {
        accept(outcome.data, body);
        setPhase('ready');
        return true;
      }
      lastProblem.current = outcome.problem;
      if (onProblemRef.current(outcome.problem)) return false;
      if (outcome.problem.code === 'CART_EMPTY') setPhase('empty');
      else if (!draftRef.current) setPhase('error');
      setSaveProblem(outcome.problem);
      return false;
    },
    [api, accept],
  );

  const pump = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const run = async () => {
      while (wanted.current && draftRef.current && !sameBody(wanted.current, confirmed.current) && !sameBody(wanted.current, refused.current)) {
        const body = wanted.current;
        const outcome = await api.updateDraft(draftRef.current.id, body);
        if (outcome.ok) {
          accept(outcome.data, body);
          continue;
        }
        const { problem } = outcome;
        lastProblem.current = problem;
        if (onProblemRef.current(problem)) return;
        if (problem.code === 'ORDER_NOT_FOUND' || problem.code === 'INVALID_ORDER_TRANSITION') {
          // The unpaid draft expired: start a new one with everything chosen so far.
          if (!(await create(body))) return;
          continue;
        }
        if (problem.code === 'CART_EMPTY') setPhase('empty');
        refused.current = body;
        lastProblem.current = problem;
        setSaveProblem(problem);
        return;
      }
    };
    const promise = run().finally(() => {
      running.current = null;
      // A change typed meanwhile waits for its timer: the preview stays until it is answered too.
      setSaving(timer.current !== null);
    });
    running.current = promise;
    return promise;
  }, [api, accept, create]);

  const save = useCallback(
    (body: DraftBody, options: { now?: boolean } = {}) => {
      wanted.current = body;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (sameBody(body, confirmed.current) && !running.current) {
        setSaving(false);
        return;
      }
      setSaving(true);
      const go = () => {
        timer.current = null;
        void pump();
      };
      if (options.now) go();
      else timer.current = setTimeout(go, SAVE_DELAY_MS);
    },
    [pump],
  );

  const flush = useCallback(
    async (body: DraftBody): Promise<FlushResult> => {
      wanted.current = body;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      // A request under way may have been for an older state: wait for it, then send the newest.
      if (running.current) await running.current;
      refused.current = null;
      lastProblem.current = null;
      if (!sameBody(body, confirmed.current)) {
        setSaving(true);
        await pump();
      }
      const current = draftRef.current;
      return current && sameBody(body, confirmed.current) ? { ok: true, draft: current } : { ok: false, problem: lastProblem.current };
    },
    [pump],
  );

  const start = useCallback(
    async (body: DraftBody) => {
      setPhase('loading');
      setSaveProblem(null);
      wanted.current = body;
      await create(body);
    },
    [create],
  );

  const adopt = useCallback(
    (next: Draft, body: DraftBody) => {
      wanted.current = body;
      accept(next, body);
      setSaveProblem(null);
      setPhase('ready');
    },
    [accept],
  );

  const refresh = useCallback(
    (body: DraftBody) => {
      confirmed.current = null;
      refused.current = null;
      save(body, { now: true });
    },
    [save],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { phase, draft, saving, saveProblem, start, adopt, save, flush, refresh };
}
