/**
 * The load generator of `runLoad` (loopback.ts), on a thread of its own: its clients' fetches,
 * parsing and timing must not wait on the event loop of the server they measure, nor take its CPU
 * time, or every latency would include the client's own queue (as a real shop's customers are not
 * in its process).
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadWorkerInput {
  urls: readonly string[];
  clients: number;
  seconds: number;
}

export interface LoadWorkerOutput {
  /** Every answered request's latency in ms, in no order. */
  latencies: number[];
  errors: number;
  elapsedSeconds: number;
}

async function run({ urls, clients, seconds }: LoadWorkerInput): Promise<LoadWorkerOutput> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; performance.now() < deadline; i += clients) {
        const t0 = performance.now();
        try {
          const response = await fetch(urls[i % urls.length]!);
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (!response.ok) errors++;
        } catch (error) {
          if (errors++ === 0) console.error('request failed:', error);
        }
      }
    }),
  );
  return { latencies, errors, elapsedSeconds: (performance.now() - started) / 1000 };
}

run(workerData as LoadWorkerInput).then((output) => parentPort!.postMessage(output));
