import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The palette lives in CSS; read it from there so the test cannot drift from what ships.
const css = readFileSync(new URL('../../../src/ui/styles/tokens.css', import.meta.url), 'utf8');
const tokens = Object.fromEntries([...css.matchAll(/--(color-[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// [foreground, background, minimum ratio]: every pair the shell and its components use.
const PAIRS: Array<[string, string, number]> = [
  ['color-text', 'color-bg', 4.5],
  ['color-text', 'color-surface', 4.5],
  ['color-text-muted', 'color-bg', 4.5],
  ['color-text-muted', 'color-surface', 4.5],
  ['color-primary', 'color-bg', 4.5],
  ['color-primary', 'color-surface', 4.5],
  ['color-primary', 'color-primary-soft', 4.5],
  ['color-primary-hover', 'color-bg', 4.5],
  ['color-primary-hover', 'color-primary-soft', 4.5],
  ['color-on-primary', 'color-primary', 4.5],
  ['color-on-primary', 'color-primary-hover', 4.5],
  ['color-success', 'color-bg', 4.5],
  ['color-success', 'color-success-soft', 4.5],
  ['color-error', 'color-bg', 4.5],
  ['color-error', 'color-error-soft', 4.5],
  ['color-warning-text', 'color-warning-soft', 4.5],
  ['color-text', 'color-warning', 4.5],
  ['color-border-strong', 'color-bg', 3],
  ['color-focus', 'color-bg', 3],
];

describe('palette contrast (WCAG 2.1 AA)', () => {
  it.each(PAIRS)('%s on %s >= %s', (fg, bg, min) => {
    expect(tokens[fg], fg).toBeDefined();
    expect(tokens[bg], bg).toBeDefined();
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(min);
  });
});
