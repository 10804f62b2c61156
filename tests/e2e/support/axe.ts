import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from '@playwright/test';

/** WCAG 2.1 A/AA (EN 301 549, what the BFSG requires of a consumer web shop). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe into a frame unless its document has it already. Parsing axe's 550 KB costs a page about
 * 0.3 s, so a second check of the same page reuses it. Every frame answers every origin: the
 * payment's hosted fields come from the provider's origin and are checked with the page.
 * @axe-core/playwright's AxeBuilder injected anew on every call, then opened a blank page for each
 * check (a new renderer process) to merge the frames' results: a third of the e2e suite's time.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  try {
    if ((await frame.evaluate('typeof window.axe')) === 'undefined') await frame.evaluate(axeSource);
    await frame.evaluate(`axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] })`);
  } catch {
    // A frame that went away (or never had a document) has nothing left to check.
  }
}

/**
 * Transitions still running (a toast fading in) would be judged half-transparent: color-contrast
 * then fails on a frame nobody reads. Waits for every finite animation of the page to end. A
 * transition starts a frame after the change that sets it off (sonner mounts a toast, then marks it
 * mounted, which fades it in), so it looks again after two frames until none is running.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let look = 0; look < 5; look += 1) {
      await twoFrames();
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/** `rule (impact): targets` for each violation of the page and its frames; `rules` narrows the check to those rules. */
export async function axeViolations(page: Page, options: { rules?: readonly string[] } = {}): Promise<string[]> {
  await settle(page);
  for (const frame of page.frames()) await ensureAxe(frame);
  const runOnly = options.rules ? { type: 'rule', values: options.rules } : { type: 'tag', values: WCAG_21_AA };
  const violations = (await page.evaluate(
    `axe.run(document, ${JSON.stringify({ runOnly, resultTypes: ['violations'] })}).then((results) =>
      results.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  )) as string[];
  return violations;
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}
