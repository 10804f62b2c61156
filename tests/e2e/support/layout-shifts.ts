import type { Page } from '@playwright/test';

export interface RecordedShift {
  value: number;
  /** The start of each moved element's HTML, to tell in a failure what moved. */
  sources: string[];
}

/** Records every layout shift not caused by input from the page's first paint on (before `goto`). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node)));
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function recordedShifts(page: Page): Promise<RecordedShift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
}

/**
 * What Lighthouse reports as CLS 0 (it shows three decimals). On a starved CPU the parser can paint
 * a row of cards before its last card arrives, and a taller card then lowers the row's
 * bottom-aligned prices by a fraction of a pixel (CI once saw 0.000014); a line or a section drawn
 * without its room moves what follows by whole lines, two orders of magnitude more.
 */
export const INVISIBLE_SHIFT = 0.001;

export const totalShift = (shifts: RecordedShift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);
