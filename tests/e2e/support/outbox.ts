import { expect, type APIRequestContext } from '@playwright/test';

/** The demo-mode outbox (GET /api/dev/outbox?to=): how e2e tests receive e-mail and SMS codes. */
interface OutboxItem {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
}

export async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxItem[]> {
  const response = await request.get('/api/dev/outbox', { params: { to } });
  expect(response.status(), 'the dev outbox answers (demo mode)').toBe(200);
  return ((await response.json()) as { items: OutboxItem[] }).items;
}

/** The newest message id for this recipient (0 when none): pass it to nextCode to skip older codes. */
export async function outboxMark(request: APIRequestContext, to: string): Promise<number> {
  const items = await outboxFor(request, to);
  return items.reduce((max, item) => Math.max(max, item.id), 0);
}

/** Waits for a message newer than `after` and returns the 6-digit code in it. */
export async function nextCode(request: APIRequestContext, to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await outboxFor(request, to)).find((item) => item.id > after);
        code = fresh ? /\b(\d{6})\b/.exec(fresh.text)?.[1] : undefined;
        return code;
      },
      { message: `a code for ${to} in the outbox`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}
