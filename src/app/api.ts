import { createApiApp } from '../platform/http/app';
import { getDb, getDbHandle } from '../platform/db/client';
import { systemClock, type Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { registerHealthRoutes } from './health';

export interface ApiOptions {
  getDb?: () => Promise<Db>;
  ping?: () => Promise<boolean>;
  clock?: Clock;
}

/**
 * The composition root: the only place that knows every feature. Each feature exposes a
 * register function from its public index; tests build the same app around their own database.
 */
export function buildApi(options: ApiOptions = {}) {
  const app = createApiApp({ getDb: options.getDb ?? getDb, clock: options.clock ?? systemClock });
  registerHealthRoutes(app, options.ping ?? (async () => (await getDbHandle()).ping()));

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Apobote API',
      version: '1.0.0',
      description: 'Pharmacy shop API. Every error answer is { code, message } in the request language (Accept-Language or ?lang=).',
    },
  });
  return app;
}

export type Api = ReturnType<typeof buildApi>;
