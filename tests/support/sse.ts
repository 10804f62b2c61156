/**
 * A small reader of `text/event-stream` bodies for tests and the bench (Node has no EventSource):
 * yields dispatched events and comment lines (heartbeats) in order.
 */
export type SseItem = { kind: 'event'; event: string; data: string; id: string | null } | { kind: 'comment'; text: string };

export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private readonly ready: SseItem[] = [];
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  private ended = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next event or comment; null when the stream ended. */
  async next(): Promise<SseItem | null> {
    while (this.ready.length === 0) {
      if (this.ended) return null;
      const { done, value } = await this.reader.read();
      if (done) {
        this.ended = true;
        continue;
      }
      this.buffer += this.decoder.decode(value, { stream: true });
      this.parse();
    }
    return this.ready.shift()!;
  }

  /** Reads until an event (not a comment) matches; fails when the stream ends first. */
  async nextEvent(match: (item: Extract<SseItem, { kind: 'event' }>) => boolean = () => true): Promise<Extract<SseItem, { kind: 'event' }>> {
    for (;;) {
      const item = await this.next();
      if (!item) throw new Error('the stream ended before the expected event');
      if (item.kind === 'event' && match(item)) return item;
    }
  }

  /** Closes the connection, as a closed tab does. */
  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }

  private parse(): void {
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + (this.buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (this.data.length > 0 || this.event) this.ready.push({ kind: 'event', event: this.event || 'message', data: this.data.join('\n'), id: this.id });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) {
        this.ready.push({ kind: 'comment', text: line.slice(1).trim() });
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
      else if (field === 'id') this.id = value;
    }
  }
}
