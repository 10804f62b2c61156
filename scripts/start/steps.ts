/**
 * What `npm start` shows a person: one line per step, with a running count on a terminal, and
 * nothing else until the URL. Details (the full build log) go to files the lines name.
 */
export interface Step {
  /** Replaces the step's line with its progress (on a terminal; elsewhere only the end is printed). */
  update(detail: string): void;
  done(summary: string): void;
}

export function step(title: string, out: NodeJS.WriteStream = process.stdout): Step {
  const live = out.isTTY === true;
  const show = (text: string) => out.write(live ? `\r\x1b[K${text}` : `${text}\n`);
  if (live) show(`  … ${title}`);
  return {
    update: (detail) => {
      if (live) show(`  … ${title}: ${detail}`);
    },
    done: (summary) => {
      show(`  ✓ ${summary}`);
      if (live) out.write('\n');
    },
  };
}

export function seconds(startedAt: number): string {
  const s = (performance.now() - startedAt) / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}
