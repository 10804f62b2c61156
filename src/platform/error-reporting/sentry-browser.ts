import * as Sentry from '@sentry/astro';
import { setErrorReporter } from './browser';
import { scrubBreadcrumb, scrubEvent } from './scrub';

/**
 * Sentry in the browser (the design card's @sentry/astro, its browser build). Imported on demand
 * only when a DSN is configured and the visitor allowed analytics, after the page is interactive,
 * so a shop without a DSN ships none of it. tracesSampleRate 1 (spec §9).
 */
export function startSentry(config: { dsn: string; environment: string; traces_sample_rate: number }): () => Promise<void> {
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: config.traces_sample_rate,
    integrations: [Sentry.browserTracingIntegration()],
    sendDefaultPii: false,
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  setErrorReporter((error, context) => {
    Sentry.captureException(error, context ? { tags: context } : undefined);
  });
  return async () => {
    setErrorReporter(null);
    await Sentry.close(2_000);
  };
}
