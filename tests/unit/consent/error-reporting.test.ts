import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportedOutcome, reportError, setErrorReporter } from '../../../src/platform/error-reporting/browser';
import { scrubEvent, scrubText } from '../../../src/platform/error-reporting/scrub';

afterEach(() => setErrorReporter(null));

describe('error report scrubbing', () => {
  it('replaces e-mail addresses, bearer tokens and opaque ids in text', () => {
    expect(scrubText('login failed for anna.muster@example.de with Bearer abc.def-ghi')).toBe('login failed for [email] with Bearer [token]');
    expect(scrubText('ticket Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4 expired')).toBe('ticket [redacted] expired');
  });

  it('drops bodies, query strings, cookies, headers, user, extras and page contexts', () => {
    const event = scrubEvent({
      message: 'order for erika@example.de failed',
      request: { url: 'https://shop.example/shop/checkout/?token=secret', data: { safety_answers: ['pregnant'] }, cookies: 'a=b', headers: { authorization: 'Bearer x' }, query_string: 'token=secret' },
      user: { email: 'erika@example.de' },
      extra: { chat: 'I have a rash' },
      contexts: { browser: { name: 'Chromium' }, order: { lines: ['Ibuprofen'] } },
      exception: { values: [{ value: 'Failed for erika@example.de' }] },
      breadcrumbs: [{ message: 'fetch', data: { url: '/api/v2/user/orders/1?x=y', method: 'POST', status_code: 500, body: '{"answers":[]}' } }],
    });
    expect(event).toEqual({
      message: 'order for [email] failed',
      request: { url: 'https://shop.example/shop/checkout/' },
      contexts: { browser: { name: 'Chromium' } },
      exception: { values: [{ value: 'Failed for [email]' }] },
      breadcrumbs: [{ message: 'fetch', data: { method: 'POST', status_code: 500, url: '/api/v2/user/orders/1' } }],
    });
  });
});

describe('order-call errors', () => {
  it('are reported when the server or the network failed, and handed on unchanged', () => {
    const reported = vi.fn();
    setErrorReporter(reported);
    const failed = { ok: false as const, problem: { status: 502, code: 'GENERIC_ERROR', message: 'x' } };
    expect(reportedOutcome('place', failed)).toBe(failed);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported.mock.calls[0]![1]).toEqual({ call: 'place', status: 502, code: 'GENERIC_ERROR' });
    reportedOutcome('place', { ok: false, problem: { status: 409, code: 'OUT_OF_STOCK' } });
    reportedOutcome('place', { ok: true });
    expect(reported).toHaveBeenCalledTimes(1);
  });

  it('cost nothing and never throw without a reporter', () => {
    expect(() => reportError(new Error('x'))).not.toThrow();
    setErrorReporter(() => {
      throw new Error('reporter broken');
    });
    expect(() => reportError(new Error('x'))).not.toThrow();
  });
});
