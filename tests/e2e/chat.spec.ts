import { expect, test } from '@playwright/test';
import { registerCustomer, staffLogin } from '../support/live-order';
import { chatMessages } from '../../src/features/chat/i18n/messages';
import { useToken } from './checkout-flow';
import { expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';

/*
 * Issue 13, the pharmacist chat end to end: the customer asks, the pharmacist sees it arrive live in
 * the inbox and answers while the customer is on another page, the Chat tab's unread badge shows it
 * there without a reload, and opening the chat shows the answer and clears the badge.
 */

const PHARMACY = { id: 'berlin-alexanderplatz', name: 'Berlin Alexanderplatz' };
const t = chatMessages.en;

test('customer asks, pharmacist answers from the live inbox, the unread badge appears live on another page and clears when the chat is opened', async ({ browser }) => {
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

  // The customer goes on shopping; the Chat tab's badge follows their feed there.
  const badge = shopper.locator('[data-chat-unread]');
  const homeStream = shopper.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/realtime/stream');
  await shopper.goto('/shop/');
  await homeStream;
  await expect(badge).toBeHidden();
  await shopper.evaluate(() => Object.assign(window, { samePage: true }));

  await staff.getByLabel(t.replyLabel).fill('Yes, that is fine. Take it after a meal.');
  await staff.getByRole('button', { name: t.send, exact: true }).click();

  // No reload: the badge on the home page counts the answer.
  await expect(badge).toBeVisible();
  await expect(badge.locator('[data-count]')).toHaveText('1');
  expect(await shopper.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);

  // Opening the chat shows the answer, the customer's question as read, and clears the badge.
  await badge.locator('xpath=ancestor::a[1]').click();
  await expect(shopper).toHaveURL(/\/shop\/chat\/$/);
  await expect(shopper.getByText('Yes, that is fine. Take it after a meal.')).toBeVisible();
  await expect(shopper.locator('.chat-message__meta', { hasText: t.read })).toBeVisible();
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
