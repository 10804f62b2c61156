import { randomUUID } from 'node:crypto';
import http, { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import compression from 'compression';
import { requestLocale } from '../http/app';
import { isCrossSiteFormRequest } from '../http/cross-site';
import type { ErrorCode } from '../http/error-codes';
import { loggableError } from '../http/error-log';
import { errorBody } from '../http/errors';
import { bodyLimitFor, isPhotoUploadPath, MAX_HEADER_BYTES, MAX_URL_BYTES } from '../http/limits';
import { localeFromPath, type Locale } from '../i18n/locales';
import { clientAddress, parseTrustProxy, type TrustProxy } from './client-address';
import { createMaintenancePage, isGatedPath, type MaintenanceState } from './maintenance-gate';
import { RenderedPageCache } from './rendered-page-cache';
import { runWithRequestContext } from './request-context';
import { logRequest } from './request-log';
import { applySecurityHeaders, cacheControlFor } from './security-headers';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface ShopServerOptions {
  /** Astro's standalone handler: static files first, then on-demand routes (the API). */
  handler: NodeHandler;
  clientDir: string;
  /** The Content-Security-Policy; a function when it can change while running (a swapped-in build). */
  csp: string | (() => string);
  hsts: boolean;
  maintenance: () => Promise<MaintenanceState>;
  log?: ((line: string) => void) | undefined;
  /** Where a page has moved for good (GET/HEAD answered 301 there, query kept), or null. */
  redirect?: ((pathname: string) => string | null) | undefined;
  /** Whose X-Forwarded-For to believe for the client's address; defaults to TRUST_PROXY. */
  trustProxy?: TrustProxy;
  /**
   * Prebuilt pages that are out of date and must be rendered on demand instead: `route` names the
   * on-demand path for a page path (null: the static page is current). Paths under `prefix` are only
   * reached that way and refused from outside.
   */
  onDemand?: {
    prefix: string;
    route: (pathname: string) => string | null;
    /** Changes whenever what the on-demand pages are rendered from changes: their cache starts over. */
    generation: () => number;
  };
  /** Files an operator configured under /.well-known/ (name → content), e.g. Apple Pay's domain association. */
  wellKnown?: Readonly<Record<string, string>>;
}

interface Refusal {
  status: number;
  code: ErrorCode;
  /** The body was not read: close the connection rather than drain it. */
  close?: boolean;
}

/**
 * The one Node process in front of Astro: request limits, client address and request id,
 * compression (br/gzip), security and cache headers, maintenance mode and one log line per request.
 * Astro's adapter does none of these itself. Every refusal here is `{ code, message }` JSON like the
 * API's, in the request's language where it could be read.
 */
export function createShopServer(options: ShopServerOptions): http.Server {
  const compress = compression({ threshold: 1024 });
  const maintenancePage = createMaintenancePage(options.clientDir);
  const trustProxy = options.trustProxy ?? parseTrustProxy(process.env.TRUST_PROXY);
  const renderedPages = new RenderedPageCache();

  const serve = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    const known = pathname.startsWith('/.well-known/') ? options.wellKnown?.[pathname.slice('/.well-known/'.length)] : undefined;
    if (known !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
      res.end(req.method === 'HEAD' ? undefined : known);
      return;
    }
    const moved = req.method === 'GET' || req.method === 'HEAD' ? options.redirect?.(pathname) : null;
    if (moved) {
      const query = (req.url ?? '').indexOf('?');
      res.writeHead(301, { Location: query < 0 ? moved : moved + (req.url ?? '').slice(query) });
      res.end();
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && isGatedPath(pathname)) {
      const state = await options.maintenance();
      if (state.on) {
        const html = await maintenancePage(pathname, state);
        res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '600', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : html);
        return;
      }
    }
    if (options.onDemand && (req.method === 'GET' || req.method === 'HEAD')) {
      const live = options.onDemand.route(pathname);
      if (live) {
        req.url = `${live}${queryOf(req.url)}`;
        const generation = options.onDemand.generation();
        if (renderedPages.serve(req, res, req.url, generation)) return;
        renderedPages.record(req, res, req.url, generation);
      }
    }
    await options.handler(req, res);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    const startedAt = process.hrtime.bigint();
    if (options.log) res.on('finish', () => logRequest(req, res, startedAt, options.log!, requestId));
    res.setHeader('X-Request-Id', requestId);
    applySecurityHeaders(res, { csp: typeof options.csp === 'function' ? options.csp() : options.csp, hsts: options.hsts });
    const pathname = safePathname(req.url);
    const refusal = refusalOf(req, pathname) ?? (options.onDemand && isUnder(pathname, options.onDemand.prefix) ? { status: 404, code: 'NOT_FOUND' as const } : null);
    if (refusal || pathname === null) {
      sendError(req, res, refusal ?? { status: 400, code: 'BAD_REQUEST' }, pathname);
      return;
    }
    const cache = cacheControlFor(pathname);
    if (cache) res.setHeader('Cache-Control', cache);
    compress(req as never, res as never, () => {
      serve(req, res, pathname).catch((error: unknown) => {
        options.log?.(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'request failed', requestId, ...loggableError(error) }));
        if (res.headersSent) res.end();
        else sendError(req, res, { status: 500, code: 'GENERIC_ERROR' }, pathname);
      });
    });
  };

  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const requestId = randomUUID();
    runWithRequestContext({ requestId, clientAddress: clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy) }, () =>
      handle(req, res, requestId),
    );
  });
  server.on('clientError', answerClientError);
  // An idle keep-alive connection is closed by the server after this long. Node's 5 s invites the
  // race where a client reuses the socket just as it is closed (ECONNRESET on a harmless request);
  // it must also outlast a proxy's idle timeout in front (60 s on common load balancers).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

const KEEP_ALIVE_MS = 65_000;

/** What is refused before anyone reads the request: oversized URL or declared body, cross-site forms. */
function refusalOf(req: IncomingMessage, pathname: string | null): Refusal | null {
  if ((req.url ?? '').length > MAX_URL_BYTES) return { status: 414, code: 'URI_TOO_LONG' };
  if (pathname === null) return { status: 400, code: 'BAD_REQUEST' };
  const limit = bodyLimitFor(pathname);
  const declared = Number(req.headers['content-length'] ?? 0);
  // A streamed body of unknown length is counted by the API as it arrives; pages take none at all.
  if (declared > limit || (limit === 0 && req.headers['transfer-encoding'])) return { status: 413, code: isPhotoUploadPath(pathname) ? 'PHOTO_TOO_LARGE' : 'PAYLOAD_TOO_LARGE', close: true };
  // The API applies the same rule itself (platform/http/cross-site.ts), with its own tests.
  if (!pathname.startsWith('/api/') && isCrossSiteFormRequest({ method: req.method ?? 'GET', header: (name) => headerValue(req, name) })) return { status: 403, code: 'FORBIDDEN' };
  return null;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function localeOf(req: IncomingMessage, pathname: string | null): Locale {
  if (pathname !== null && localeFromPath(pathname) === 'de') return 'de';
  try {
    return requestLocale(`http://localhost${req.url ?? '/'}`, (name) => headerValue(req, name));
  } catch {
    return 'en';
  }
}

function sendError(req: IncomingMessage, res: ServerResponse, refusal: Refusal, pathname: string | null): void {
  const body = JSON.stringify(errorBody(refusal.code, localeOf(req, pathname)));
  res.writeHead(refusal.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...(refusal.close ? { Connection: 'close' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Requests Node's parser refuses before there is a request object (headers over MAX_HEADER_BYTES,
 * a malformed request line, a client too slow to send its headers) get the same JSON shape,
 * written to the socket by hand; Node would answer with an empty body.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || inProgress) {
    socket.destroy();
    return;
  }
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'HEADERS_TOO_LARGE'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'REQUEST_TIMEOUT'] : [400, 'BAD_REQUEST'];
  // The headers were not read, so neither was Accept-Language.
  const body = JSON.stringify(errorBody(code, 'en'));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

function isUnder(pathname: string | null, prefix: string): boolean {
  return pathname !== null && (pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function queryOf(url: string | undefined): string {
  const at = (url ?? '').indexOf('?');
  return at < 0 ? '' : (url ?? '').slice(at);
}

/** The decoded path, or null when the URL's percent-encoding is malformed (path or query). */
function safePathname(url: string | undefined): string | null {
  try {
    decodeURI(url ?? '/');
    return decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return null;
  }
}
