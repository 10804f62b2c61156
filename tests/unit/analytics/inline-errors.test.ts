// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { watchInlineErrors } from '../../../src/features/analytics/client';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inline errors for product analytics', () => {
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('reports a field error when it appears and when its text changes, each text once, never the typed value beside it', async () => {
    const reported: string[] = [];
    stop = watchInlineErrors((message) => reported.push(message));
    document.body.innerHTML = '<form><input id="iban" value="DE00 typed by the customer"><p role="alert"></p></form>';
    await settle();
    const alert = document.querySelector('[role="alert"]')!;
    alert.textContent = 'Please check the IBAN.';
    await settle();
    alert.textContent = '';
    await settle();
    alert.textContent = 'Please check the IBAN.';
    document.body.insertAdjacentHTML('beforeend', '<div><span role="alert">  This entry is too long.\n At most 40 characters. </span></div>');
    await settle();
    expect(reported).toEqual(['Please check the IBAN.', 'This entry is too long. At most 40 characters.']);
  });

  it('reports nothing after it was stopped', async () => {
    const reported: string[] = [];
    stop = watchInlineErrors((message) => reported.push(message));
    stop();
    document.body.innerHTML = '<p role="alert">Please write a message.</p>';
    await settle();
    expect(reported).toEqual([]);
  });
});
