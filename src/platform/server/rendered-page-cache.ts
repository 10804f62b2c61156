import type { IncomingMessage, ServerResponse } from 'node:http';

interface CachedPage {
  contentType: string | undefined;
  cacheControl: string | undefined;
  body: Buffer;
}

/**
 * The last answers of pages rendered on demand, by URL, for one `generation` of what they were
 * rendered from: a new generation (the next change) empties it. Only complete 200 answers are kept,
 * uncompressed (compression runs after it, per request), and at most `max` of them, the oldest first
 * out. Headers the server sets on every answer (security, request id) are not part of it.
 */
export class RenderedPageCache {
  private readonly pages = new Map<string, CachedPage>();
  private generation = -1;

  constructor(private readonly max = 200) {}

  /** Answers from the cache when it holds `url` for this generation; true when it did. */
  serve(req: IncomingMessage, res: ServerResponse, url: string, generation: number): boolean {
    if (generation !== this.generation) {
      this.pages.clear();
      this.generation = generation;
    }
    const page = this.pages.get(url);
    if (!page) return false;
    res.statusCode = 200;
    if (page.contentType) res.setHeader('Content-Type', page.contentType);
    if (page.cacheControl) res.setHeader('Cache-Control', page.cacheControl);
    res.end(req.method === 'HEAD' ? undefined : page.body);
    return true;
  }

  /** Keeps what the handler writes to `res` for `url`, if it turns out a complete 200 GET answer. */
  record(req: IncomingMessage, res: ServerResponse, url: string, generation: number): void {
    if (req.method !== 'GET') return;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, rest[0]);
      if (res.statusCode === 200 && generation === this.generation) {
        const header = (name: string) => {
          const value = res.getHeader(name);
          return value === undefined ? undefined : String(value);
        };
        this.pages.delete(url);
        this.pages.set(url, { contentType: header('Content-Type'), cacheControl: header('Cache-Control'), body: Buffer.concat(chunks) });
        if (this.pages.size > this.max) this.pages.delete(this.pages.keys().next().value!);
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
  }
}
