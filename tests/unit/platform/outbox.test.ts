import { describe, expect, it } from 'vitest';
import { messageIdFor } from '../../../src/platform/mail/smtp-mailer';
import { maskRecipient, outboxSettingsFromEnv, retryDelayMs } from '../../../src/platform/outbox';
import { httpSmsSender } from '../../../src/platform/sms';

describe('the outbox, pure parts', () => {
  it('masks recipients for the back office', () => {
    expect(maskRecipient('dana.meyer@example.org')).toBe('d***@example.org');
    expect(maskRecipient('+491701234567')).toBe('+49********67');
    expect(maskRecipient('https://fcm.googleapis.com/fcm/send/abc')).toBe('fcm.googleapis.com/…');
    expect(maskRecipient('1234')).toBe('****');
    expect(maskRecipient(null)).toBeNull();
  });

  it('waits twice as long after each failure, up to the cap', () => {
    const settings = { baseDelayMs: 10_000, maxDelayMs: 60_000 };
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, settings))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('reads its settings from the environment, ignoring nonsense', () => {
    expect(outboxSettingsFromEnv({ OUTBOX_MAX_ATTEMPTS: '3', OUTBOX_LEASE_SECONDS: '30', OUTBOX_RETRY_SECONDS: 'soon' })).toMatchObject({ maxAttempts: 3, leaseMs: 30_000, baseDelayMs: 10_000 });
  });

  it("makes the key the SMTP Message-ID in the sender's domain, the same for the same key, naming nothing of the message", () => {
    const id = messageIdFor('order:42:received:1', 'Apobote <no-reply@apobote.de>');
    expect(id).toMatch(/^<[0-9a-f]{32}@apobote\.de>$/);
    expect(messageIdFor('order:42:received:1', 'no-reply@apobote.de')).toBe(id);
    expect(messageIdFor('order:42:received:2', 'no-reply@apobote.de')).not.toBe(id);
  });

  it('sends the key to the SMS provider as Idempotency-Key', async () => {
    const seen: Headers[] = [];
    const sender = httpSmsSender('https://sms.example/send', 'token', async (_url, init) => {
      seen.push(new Headers(init?.headers));
      return new Response('{}', { status: 200 });
    });
    await sender.send({ to: '+491701234567', text: 'Ihre Bestellung', idempotencyKey: 'order:42:unwatched:sms' });
    await sender.send({ to: '+491701234567', text: 'code' });
    expect(seen.map((headers) => headers.get('idempotency-key'))).toEqual(['order:42:unwatched:sms', null]);
  });
});
