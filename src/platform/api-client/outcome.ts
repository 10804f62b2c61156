import type { Locale } from '../i18n/locales';
import { loadErrorCatalogue } from './error-text';
import { toProblem } from './problem';
import type { Problem } from './problem-shape';

export type { Issue, Problem } from './problem-shape';

/*
 * What browser code makes of a typed client call: the data, or a Problem worded for the screen.
 * The error catalogue that words a Problem is loaded only when a call fails (or at the visitor's
 * first interaction: error-text.ts), so no page ships it up front.
 */

export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: Problem };

export interface ClientAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Runs a typed client call; a network failure or an answer without a body becomes GENERIC_ERROR. */
export async function attempt<T>(call: () => Promise<ClientAnswer<T>>, locale: Locale): Promise<Outcome<T>> {
  let body: unknown = null;
  let status = 0;
  try {
    const answer = await call();
    if (answer.response.ok && answer.data !== undefined) return { ok: true, data: answer.data };
    body = answer.error;
    status = answer.response.status;
  } catch {
    // Offline or the server unreachable: no status, the generic message (spec §8).
  }
  // Offline the catalogue may not load: the Problem is then worded with what is at hand.
  await loadErrorCatalogue().catch(() => undefined);
  return { ok: false, problem: toProblem(body, status, locale) };
}

/** The data of a success mapped, a failure passed on as it is. */
export function mapOutcome<T, U>(outcome: Outcome<T>, map: (data: T) => U): Outcome<U> {
  return outcome.ok ? { ok: true, data: map(outcome.data) } : outcome;
}
