import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One JSON line per request. The path only (query strings may carry codes or tokens), never the
 * client's address or the body; the request id matches the X-Request-Id answer and API error logs.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, startedAt: bigint, write: (line: string) => void, requestId?: string): void {
  const durationMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  const path = (req.url ?? '/').split('?')[0];
  write(
    JSON.stringify({
      time: new Date().toISOString(),
      level: res.statusCode >= 500 ? 'error' : 'info',
      msg: 'request',
      requestId,
      method: req.method,
      path,
      status: res.statusCode,
      durationMs: Math.round(durationMs * 10) / 10,
      bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
      encoding: res.getHeader('content-encoding') || undefined,
    }),
  );
}
