/**
 * Shared pieces of the in-process HTTP benches: serve a fetch handler on a loopback port and run a
 * bounded closed-loop load against it from a worker thread (N clients, each sending its next request
 * as soon as the previous answer is read, until a deadline). Loopback only: nothing leaves the machine.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { LoadWorkerInput, LoadWorkerOutput } from './load-worker';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  medianMs: number;
  p95Ms: number;
}

export interface LoopbackServer {
  baseUrl: string;
  close(): Promise<void>;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * Serves `fetch` on 127.0.0.1 with node:http, the same way for every app so only the app differs:
 * method, headers and body forwarded; a failure answers 500 instead of resetting the connection.
 */
export function serveOnLoopback(fetchHandler: (request: Request) => Response | Promise<Response>): Promise<LoopbackServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      Promise.resolve()
        .then(() => fetchHandler(new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method, headers, body })))
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          console.error(error);
          res.writeHead(500).end();
        });
    });
  });
  // Clients reuse their connections between requests; never let the server close one mid-run.
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/**
 * `clients` loops fetching `urls` in turn (client c sends urls[c], urls[c + clients], …) until
 * `seconds` have passed; a non-2xx answer counts as an error. The clients run on a worker thread
 * (load-worker.ts), so the server's event loop serves only the requests it is measured on.
 */
export async function runLoad(urls: readonly string[], options: { clients: number; seconds: number }): Promise<LoadResult> {
  const input: LoadWorkerInput = { urls, clients: options.clients, seconds: options.seconds };
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: input });
  const { latencies, errors, elapsedSeconds } = await new Promise<LoadWorkerOutput>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker exited (${code}) before it answered`)));
  });
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: tenths(elapsedSeconds),
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    medianMs: tenths(percentile(latencies, 50)),
    p95Ms: tenths(percentile(latencies, 95)),
  };
}
