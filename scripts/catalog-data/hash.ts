import { pznCheckDigit } from '../../src/features/catalog';

/** FNV-1a: a tiny, stable string hash so the demo data is the same on every machine and run. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) derived from the text, for deterministic "random" choices. */
export function unitHash(text: string): number {
  return hash32(text) / 0x1_0000_0000;
}

/**
 * Hands out valid, unique PZNs. `fromKey` derives the number from a stable key (demo data keeps its
 * PZNs when templates are reordered); `next` counts up (fast and collision-free for big catalogues).
 */
export class PznAllocator {
  private readonly used = new Set<string>();
  private counter: number;

  constructor(start = 1_000_000) {
    this.counter = start;
  }

  fromKey(key: string): string {
    let body = 1_000_000 + (hash32(key) % 9_000_000);
    for (;;) {
      const pzn = this.withCheckDigit(body);
      if (pzn && !this.used.has(pzn)) return this.take(pzn);
      body = body >= 9_999_999 ? 1_000_000 : body + 1;
    }
  }

  next(): string {
    for (;;) {
      const pzn = this.withCheckDigit(this.counter++);
      if (pzn && !this.used.has(pzn)) return this.take(pzn);
    }
  }

  private withCheckDigit(body: number): string | null {
    const first = String(body).padStart(7, '0');
    const check = pznCheckDigit(first);
    return check === null ? null : `${first}${check}`;
  }

  private take(pzn: string): string {
    this.used.add(pzn);
    return pzn;
  }
}
