/**
 * The browser's error-reporting seam: code reports through `reportError`, which does nothing until
 * error reporting has been started (a DSN is configured and the visitor allowed analytics; see
 * features/consent/browser/services.ts). Free of any SDK, so importing it costs nothing.
 */
type Reporter = (error: unknown, context?: Record<string, string | number>) => void;

let reporter: Reporter | null = null;

export function setErrorReporter(next: Reporter | null): void {
  reporter = next;
}

export function reportError(error: unknown, context?: Record<string, string | number>): void {
  try {
    reporter?.(error, context);
  } catch {
    // Reporting must never break the page.
  }
}

/**
 * Order calls (spec §8: "reported to an error service and rethrown"): a failed order call that is
 * the server's or the network's fault (status 0 or 5xx) is reported, and the outcome is handed on
 * unchanged, so the screen still shows its message.
 */
export function reportedOutcome<O extends { ok: boolean; problem?: { status: number; code: string } }>(call: string, outcome: O): O {
  if (!outcome.ok && outcome.problem && (outcome.problem.status === 0 || outcome.problem.status >= 500)) {
    reportError(new Error(`order call failed: ${call}`), { call, status: outcome.problem.status, code: outcome.problem.code });
  }
  return outcome;
}
