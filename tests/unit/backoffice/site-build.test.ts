import { describe, expect, it } from 'vitest';
import { batchLines, cutLine, MAX_LINE_CHARS } from '../../../src/features/backoffice/server/site-rebuild';
import { applySiteBuildEvent, VIEW_LOG_LINES } from '../../../src/features/backoffice/model/site-build-view';

describe('the rebuild log on its way to the screen', () => {
  it('cuts long lines and batches lines so every event stays far below the bus limit', () => {
    expect(cutLine('x'.repeat(MAX_LINE_CHARS + 50))).toHaveLength(MAX_LINE_CHARS);
    expect(cutLine('short')).toBe('short');
    const lines = Array.from({ length: 100 }, (_, index) => `line ${index} ${'y'.repeat(40)}`);
    const batches = batchLines(lines, 500);
    expect(batches.flat()).toEqual(lines);
    for (const batch of batches) expect(JSON.stringify(batch).length).toBeLessThan(700);
    expect(batchLines([])).toEqual([]);
  });

  it('the screen follows started, lines and finished, keeping the last lines only', () => {
    let view = applySiteBuildEvent(null, { type: 'site.build.started', data: { started_at: '2026-03-02T09:00:00.000Z' } });
    expect(view).toMatchObject({ phase: 'running', pages: 0, log: [] });
    view = applySiteBuildEvent(view, { type: 'site.build.lines', data: { lines: ['a', 'b'], pages: 3 } });
    view = applySiteBuildEvent(view, { type: 'site.build.lines', data: { lines: ['c', 7], pages: 2 } });
    expect(view).toMatchObject({ phase: 'running', pages: 3, log: ['a', 'b', 'c'] });
    view = applySiteBuildEvent(view, { type: 'site.build.finished', data: { phase: 'failed', exit_code: 1, pages: 3 }, at: '2026-03-02T09:01:00.000Z' });
    expect(view).toMatchObject({ phase: 'failed', exit_code: 1, finished_at: '2026-03-02T09:01:00.000Z', log: ['a', 'b', 'c'] });
    const many = applySiteBuildEvent(view, { type: 'site.build.lines', data: { lines: Array.from({ length: VIEW_LOG_LINES + 5 }, (_, i) => `${i}`) } });
    expect(many.log).toHaveLength(VIEW_LOG_LINES);
    expect(many.log.at(-1)).toBe(`${VIEW_LOG_LINES + 4}`);
    expect(applySiteBuildEvent(view, { type: 'other', data: {} })).toBe(view);
  });
});
