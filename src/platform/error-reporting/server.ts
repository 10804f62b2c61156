import { scrubEvent } from './scrub';

/**
 * The server's error-reporting seam: the API's unexpected errors (500) are reported through
 * `reportServerError`, which does nothing unless SENTRY_DSN is set (scripts/start.ts starts it).
 * Only the error class, stack and route are sent: never a body, query string or user (scrub.ts).
 */
type ServerReporter = (error: unknown, context: Record<string, string>) => void;
// On globalThis, not in a module variable: scripts/start.ts sets it, and the API runs from Astro's
// server bundle, which holds its own copy of this module (as platform/db does with its handle).
const KEY = Symbol.for('apobote.serverErrorReporter');
type Holder = { [KEY]?: ServerReporter | null };

export function reportServerError(error: unknown, context: Record<string, string>): void {
  try {
    (globalThis as Holder)[KEY]?.(error, context);
  } catch {
    // Reporting never changes the answer.
  }
}

export function setServerErrorReporter(next: ServerReporter | null): void {
  (globalThis as Holder)[KEY] = next;
}

/** Starts Sentry on the server when a DSN is configured (no automatic instrumentation: errors only, scrubbed). */
export async function startServerErrorReporting(config: { dsn: string | null; environment: string }): Promise<void> {
  if (!config.dsn) return;
  const Sentry = await import('@sentry/astro');
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: 1,
    sendDefaultPii: false,
    defaultIntegrations: false,
    beforeSend: (event) => scrubEvent(event),
  });
  setServerErrorReporter((error, context) => {
    Sentry.captureException(error, { tags: context });
  });
}
