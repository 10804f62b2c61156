import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiBindings } from '../http/app';

/** What the Node server decided about a request before Astro saw it. */
export interface ServerRequestContext {
  /** Also in the request log line and the X-Request-Id answer header. */
  requestId: string;
  /** The client's address (TRUST_PROXY applied); null when the socket has none. */
  clientAddress: string | null;
}

/*
 * scripts/start.ts runs this module from the sources while the API route runs it from Astro's
 * build, two copies of the module in one process: the storage is registered once on globalThis so
 * both see the same one. Nothing a client sends can set it (unlike a header).
 */
const KEY = Symbol.for('apobote.server-request-context');
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<ServerRequestContext> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<ServerRequestContext>());

export function runWithRequestContext<T>(context: ServerRequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the request being handled; undefined outside the server (tests, astro dev). */
export function currentRequestContext(): ServerRequestContext | undefined {
  return storage.getStore();
}

/**
 * What the API is handed with a request: the server's decisions, or, where that server does not run
 * (astro dev), the socket address Astro saw.
 */
export function apiBindings(astroClientAddress: string | undefined): ApiBindings {
  const server = currentRequestContext();
  if (!server) return astroClientAddress ? { clientAddress: astroClientAddress } : {};
  return { requestId: server.requestId, ...(server.clientAddress ? { clientAddress: server.clientAddress } : {}) };
}
