import { expect, test } from '@playwright/test';
import { backOfficeMessages } from '../../src/features/backoffice/i18n/messages';
import { chatMessages } from '../../src/features/chat/i18n/messages';
import { translator } from '../../src/platform/i18n/messages';
import { callApi, registerCustomer, staffLogin } from '../support/live-order';
import { LOCALES } from './support/accounts';
import { SHOP_ORIGIN } from './support/ports';
import { useToken } from './checkout-flow';

/*
 * An operator on a phone (Pixel 7 project): the back-office screens with a select fit the screen's
 * width. A select is as wide as its longest option (every pharmacy by its full name for an
 * operator, the catalogue file to replace on the tools screen), and once made these screens 3-13 px
 * wider than the phone: each scrolled sideways.
 */
const SCREENS = ['dashboard', 'stock', 'settings', 'staff', 'tools'] as const;

for (const locale of LOCALES) {
  test(`${locale}: an operator's back-office screens with a select fit a phone's width`, async ({ page }) => {
    const t = translator(backOfficeMessages, locale);
    const { token } = await callApi<{ token: string }>(SHOP_ORIGIN, null, 'POST', '/v1/user/login', { email: 'operator@staff.apobote.de', password: 'apobote-operator' });
    await useToken(page, token);
    for (const screen of SCREENS) {
      await page.goto(`${locale === 'de' ? '/de' : ''}/pharmacy/${screen}/`);
      // Measured once the select has its options: before, it is narrow.
      const select = screen === 'tools' ? page.getByLabel(t('tools.catalogTarget')) : page.getByLabel(t('pharmacyLabel'), { exact: true });
      await expect(select.locator('option').nth(2)).toBeAttached();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${screen}: wider than the phone by`).toBeLessThanOrEqual(0);
    }
  });
}

for (const locale of LOCALES) {
  test(`${locale}: a pharmacist on a phone reads a chat question whole and answers it`, async ({ page }) => {
    const t = chatMessages[locale];
    // A pharmacy no other chat test writes to, one per language: the newest conversation is this one.
    const pharmacyId = locale === 'de' ? 'berlin-charlottenburg' : 'berlin-kreuzberg';
    const customer = await registerCustomer(SHOP_ORIGIN, `phone-chat-${locale}`);
    const conversation = await callApi<{ id: string }>(SHOP_ORIGIN, customer.token, 'POST', '/v1/user/chat/conversations', { pharmacy_id: pharmacyId });
    const question = 'Can I take ibuprofen with my tea, and how long after a meal?';
    await callApi(SHOP_ORIGIN, customer.token, 'POST', `/v1/user/chat/conversations/${conversation.id}/messages`, { text: question });
    await useToken(page, await staffLogin(SHOP_ORIGIN, pharmacyId));

    await page.goto(`${locale === 'de' ? '/de' : ''}/pharmacy/chat/`);
    await page.locator('.chat-inbox__item').first().click();
    const width = page.viewportSize()!.width;
    // Two columns on a phone cut the conversation off at the screen's edge (no sideways scroll to reach it).
    for (const part of [page.getByText(question), page.getByLabel(t.replyLabel), page.getByRole('button', { name: t.send, exact: true })]) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width, `${await part.evaluate((node) => node.textContent || node.getAttribute('aria-label') || node.tagName)} ends within the screen`).toBeLessThanOrEqual(width);
    }
    await page.getByLabel(t.replyLabel).fill('Yes, that is fine. Take it after a meal.');
    await page.getByRole('button', { name: t.send, exact: true }).click();
    await expect(page.getByText('Yes, that is fine. Take it after a meal.')).toBeVisible();
  });
}
