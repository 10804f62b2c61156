import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { isLocale, localeFromAcceptLanguage, type Locale } from '../i18n/locales';
import { refuseCrossSiteForms } from './cross-site';
import { loggableError } from './error-log';
import { errorResponse } from './errors';
import { tooLongFields, tooLongMessage } from './too-long';
import { rejectControlCharacters } from './input-guard';
import { API_JSON_BODY_LIMIT, CATALOG_UPLOAD_BODY_LIMIT, CATALOG_UPLOAD_PATH, isPhotoUploadPath, PHOTO_UPLOAD_BODY_LIMIT } from './limits';
import { reportServerError } from '../error-reporting/server';
import type { ZodError } from 'zod';

/** What every request handler gets: explicit dependencies, no module-level singletons in features. */
export interface RequestContext {
  db: Db;
  locale: Locale;
  clock: Clock;
}

/** What the server hands the API with each request (src/pages/api/[...path].ts); absent in tests. */
export interface ApiBindings {
  /** The client's IP as the server decided it (TRUST_PROXY), for per-IP rate limits. */
  clientAddress?: string;
  /** The id of the request in the server's request log. */
  requestId?: string;
}

export type ApiEnv = {
  Bindings: ApiBindings;
  Variables: {
    locale: Locale;
    requestId: string;
    ctx: RequestContext;
  };
};

export interface ApiDependencies {
  getDb: () => Promise<Db>;
  clock: Clock;
}

/** Request language: explicit ?lang= or X-Locale first, then Accept-Language. */
export function requestLocale(url: string, header: (name: string) => string | undefined): Locale {
  const fromQuery = new URL(url).searchParams.get('lang');
  if (isLocale(fromQuery)) return fromQuery;
  const explicit = header('x-locale');
  if (isLocale(explicit)) return explicit;
  return localeFromAcceptLanguage(header('accept-language'));
}

/**
 * A missing field is MISSING_PARAMS; anything else the schema refuses is BAD_REQUEST.
 * "Missing" means absent, null or an empty string in the raw input at that path.
 */
export function validationErrorCode(error: ZodError, input: unknown): 'MISSING_PARAMS' | 'BAD_REQUEST' {
  const missing = error.issues.some((issue) => {
    let value: unknown = input;
    for (const key of issue.path) {
      if (value === null || typeof value !== 'object') return true;
      value = (value as Record<PropertyKey, unknown>)[key as PropertyKey];
    }
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
  return missing ? 'MISSING_PARAMS' : 'BAD_REQUEST';
}

export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const error = result.error as ZodError;
        const code = validationErrorCode(error, (result as { data?: unknown }).data);
        // A typed value over a field's maximum is the customer's to fix: name the field and the
        // limit instead of the generic "Something went wrong" (ids in paths and queries stay BAD_REQUEST).
        const fromForm = ['json', 'form'].includes((result as { target?: string }).target ?? '');
        const tooLong = code === 'BAD_REQUEST' && fromForm ? tooLongFields(error) : null;
        if (tooLong) return errorResponse(c, 400, 'VALUE_TOO_LONG', { message: tooLongMessage(c.get('locale') ?? 'en', tooLong.max), fields: tooLong.fields });
        return errorResponse(c, 400, code);
      }
      return undefined;
    },
  });
}

export type Router = ReturnType<typeof createRouter>;

const logError = (c: { get(key: 'requestId'): string; req: { method: string } }, msg: string, route: string, error: unknown) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg, requestId: c.get('requestId'), method: c.req.method, route, ...loggableError(error) }));

export function createApiApp(deps: ApiDependencies) {
  const app = createRouter().basePath('/api');

  app.use('*', async (c, next) => {
    c.set('locale', requestLocale(c.req.url, (name) => c.req.header(name)));
    // The server's id when it gave one (it never takes the client's); tests get a fresh one.
    const requestId = c.env?.requestId ?? randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    await next();
  });
  // Refusals that need no database, in the order a request is read: who sends it, how big, what.
  app.use('*', refuseCrossSiteForms());
  const limitBody = (maxSize: number, code: 'PAYLOAD_TOO_LARGE' | 'PHOTO_TOO_LARGE') =>
    bodyLimit({
      maxSize,
      // The rest of the body is never read: closing the connection spares draining it.
      onError: (c) => {
        c.header('Connection', 'close');
        return errorResponse(c, 413, code);
      },
    });
  const jsonBodyLimit = limitBody(API_JSON_BODY_LIMIT, 'PAYLOAD_TOO_LARGE');
  const uploadBodyLimit = limitBody(CATALOG_UPLOAD_BODY_LIMIT, 'PAYLOAD_TOO_LARGE');
  const photoBodyLimit = limitBody(PHOTO_UPLOAD_BODY_LIMIT, 'PHOTO_TOO_LARGE');
  app.use('*', (c, next) =>
    c.req.method === 'POST' && isPhotoUploadPath(c.req.path)
      ? photoBodyLimit(c, next)
      : c.req.path === CATALOG_UPLOAD_PATH
        ? uploadBodyLimit(c, next)
        : jsonBodyLimit(c, next),
  );
  app.use('*', rejectControlCharacters());

  app.use('*', async (c, next) => {
    const locale = c.get('locale');
    let db: Db;
    try {
      db = await deps.getDb();
    } catch (error) {
      logError(c, 'database unavailable', routePath(c, -1) || '*', error);
      // Health must still answer (and say the database is down); everything else is unavailable.
      if (c.req.path.endsWith('/health')) return next();
      return errorResponse(c, 503, 'SERVICE_UNAVAILABLE');
    }
    c.set('ctx', { db, locale, clock: deps.clock });
    await next();
  });

  app.notFound((c) => errorResponse(c, 404, 'NOT_FOUND'));

  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      if (status === 413) return errorResponse(c, 413, 'PAYLOAD_TOO_LARGE');
      if (status >= 400 && status < 500) return errorResponse(c, status, status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST');
    }
    // Never the message or the input: see loggableError. The route pattern, not the path (it holds ids).
    logError(c, 'unhandled API error', routePath(c, -1) || '*', err);
    reportServerError(err, { route: routePath(c, -1) || '*', method: c.req.method });
    return errorResponse(c, 500, 'GENERIC_ERROR');
  });

  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
