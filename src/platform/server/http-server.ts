import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import compression from 'compression';
import { createMaintenancePage, isGatedPath, type MaintenanceState } from './maintenance-gate';
import { logRequest } from './request-log';
import { applySecurityHeaders, cacheControlFor } from './security-headers';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface ShopServerOptions {
  /** Astro's standalone handler: static files first, then on-demand routes (the API). */
  handler: NodeHandler;
  clientDir: string;
  csp: string;
  hsts: boolean;
  maintenance: () => Promise<MaintenanceState>;
  log?: ((line: string) => void) | undefined;
}

/**
 * The one Node process in front of Astro: compression (br/gzip), security and cache headers,
 * maintenance mode and one log line per request. Astro's adapter does none of these itself.
 */
export function createShopServer(options: ShopServerOptions): http.Server {
  const compress = compression({ threshold: 1024 });
  const maintenancePage = createMaintenancePage(options.clientDir);

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const pathname = safePathname(req.url);
    if (pathname === null) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
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
    await options.handler(req, res);
  };

  return http.createServer((req, res) => {
    const startedAt = process.hrtime.bigint();
    if (options.log) res.on('finish', () => logRequest(req, res, startedAt, options.log!));
    applySecurityHeaders(res, { csp: options.csp, hsts: options.hsts });
    const cache = cacheControlFor(safePathname(req.url) ?? '/');
    if (cache) res.setHeader('Cache-Control', cache);
    compress(req as never, res as never, () => {
      serve(req, res).catch((error: unknown) => {
        options.log?.(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'request failed', error: String(error) }));
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal error');
      });
    });
  });
}

function safePathname(url: string | undefined): string | null {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return null;
  }
}
