// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backOfficeMessages } from '../../../src/features/backoffice/i18n/messages';
import { SiteRebuild } from '../../../src/features/backoffice/islands/SiteRebuild';
import type { components } from '../../../src/platform/api-client/schema';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { translator } from '../../../src/platform/i18n/messages';

/*
 * The rebuild screen when the build runs elsewhere: a start another server process beat answers 409
 * SITE_BUILD_RUNNING, shown in the screen's language (the server words it by X-Locale); a screen opened
 * while another process builds says so and offers no start. The server is a stubbed fetch; without
 * EventSource (jsdom) the screen polls, which these tests do not wait for.
 */

type SiteBuild = components['schemas']['SiteBuild'];
const idle: SiteBuild = { phase: 'idle', started_at: null, finished_at: null, pages: 0, exit_code: null, log: [], other_process: false, topic: 'operator:site-build' };

/** Node's Request takes no relative URL; the browser's resolves it against the page. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://shop.test') : input, init);
  }
}

function serve(status: SiteBuild, onStart: (locale: string) => Response) {
  const requests: string[] = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new PageRequest(String(input), init);
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
      if (url.pathname === '/api/v1/pharmacy/site-build' && request.method === 'POST') return onStart(request.headers.get('x-locale') ?? '');
      if (url.pathname === '/api/v1/pharmacy/site-build') return Response.json(status);
      return Response.json({ code: 'SERVICE_UNAVAILABLE', message: 'unavailable' }, { status: 503 });
    }),
  );
  return requests;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('rebuild the static pages, with other server processes', () => {
  it('a start another process beat answers SITE_BUILD_RUNNING, shown in German on the German screen', async () => {
    const requests = serve(idle, (locale) => Response.json({ code: 'SITE_BUILD_RUNNING', message: errorMessages[locale === 'de' ? 'de' : 'en'].SITE_BUILD_RUNNING }, { status: 409 }));
    const t = translator(backOfficeMessages, 'de');
    render(<SiteRebuild locale="de" />);
    const start = await screen.findByRole<HTMLButtonElement>('button', { name: t('tools.rebuildStart') });
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(errorMessages.de.SITE_BUILD_RUNNING));
    expect(requests).toContain('POST /api/v1/pharmacy/site-build');
  });

  it('a screen opened while another process builds says so and offers no start', async () => {
    serve({ ...idle, phase: 'running', started_at: '2026-03-02T09:00:00.000Z', other_process: true }, () => new Response(null, { status: 500 }));
    const t = translator(backOfficeMessages, 'en');
    render(<SiteRebuild locale="en" />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(t('tools.rebuildElsewhere')));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: t('working') }).disabled).toBe(true);
  });
});
