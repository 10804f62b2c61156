import { expect, test } from '@playwright/test';
import { registerCustomer, staffLogin } from '../support/live-order';
import { chatMessages } from '../../src/features/chat/i18n/messages';
import { useToken } from './checkout-flow';
import { expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';

/*
 * Issue 13, the pharmacist chat end to end: the customer asks, the pharmacist sees it arrive live in
 * the inbox and answers, the customer sees the answer without a reload and nothing stays unread.
 */

const PHARMACY = { id: 'berlin-alexanderplatz', name: 'Berlin Alexanderplatz' };
const t = chatMessages.en;

test('customer asks, pharmacist answers from the live inbox, the answer arrives without reload and the unread badge clears', async ({ browser }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(ORIGIN, 'chat');
  const staffToken = await staffLogin(ORIGIN, PHARMACY.id);

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await useToken(staff, staffToken);
  const inboxStream = staff.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/realtime/stream');
  await staff.goto('/pharmacy/chat/');
  await expect(staff.getByRole('heading', { name: t.inboxTitle })).toBeVisible();

  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await customerContext.newPage();
  await useToken(shopper, customer.token);
  await shopper.addInitScript((pharmacy) => localStorage.setItem('apobote.pharmacy', JSON.stringify(pharmacy)), PHARMACY);
  const customerStream = shopper.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/realtime/stream');
  await shopper.goto('/shop/chat/');
  const composer = shopper.getByLabel(t.messageLabel, { exact: true });
  await expect(composer).toBeVisible();
  await expectNoAxeViolations(shopper);

  await inboxStream;
  await composer.fill('Can I take <b>ibuprofen</b> with my tea?');
  await shopper.getByRole('button', { name: t.send, exact: true }).click();
  // Shown as text, never as HTML.
  await expect(shopper.getByText('Can I take <b>ibuprofen</b> with my tea?')).toBeVisible();
  await expect(shopper.locator('.chat-message__meta', { hasText: t.sent })).toBeVisible();

  // The inbox learns it live, with its unread count.
  const entry = staff.locator('.chat-inbox__item').filter({ hasText: fill(t.unreadCount, 1) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(staff.getByText('Can I take <b>ibuprofen</b> with my tea?')).toBeVisible();
  await expect(staff.getByText(fill(t.unreadCount, 1))).toHaveCount(0);
  await expectNoAxeViolations(staff);

  await customerStream;
  await staff.getByLabel(t.replyLabel).fill('Yes, that is fine. Take it after a meal.');
  await staff.getByRole('button', { name: t.send, exact: true }).click();

  // No reload: the answer arrives through the stream; the customer's question shows as read.
  await expect(shopper.getByText('Yes, that is fine. Take it after a meal.')).toBeVisible();
  await expect(shopper.locator('.chat-message__meta', { hasText: t.read })).toBeVisible();
  const badge = shopper.locator('[data-chat-unread]');
  await expect(badge).toBeHidden();
  await shopper.goto('/shop/');
  await expect(badge).toBeHidden();
  const unread = await (await fetch(`${ORIGIN}/api/v1/user/chat/unread`, { headers: { authorization: `Bearer ${customer.token}` } })).json();
  expect(unread).toEqual({ unread: 0 });

  await staffContext.close();
  await customerContext.close();
});

function fill(template: string, count: number) {
  return template.replace('{count}', String(count));
}
