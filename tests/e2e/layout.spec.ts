import { expect, test } from '@playwright/test';
import { shellMessages } from '../../src/ui/layout/messages';

// Runs in the desktop and the mobile (Pixel 7) project.
test('the bottom navigation shows Home, Search, Chat and My Account on narrow screens only', async ({ page, isMobile }) => {
  await page.goto('/de/shop/');
  const nav = page.getByRole('navigation', { name: shellMessages.de.mainNavLabel });
  if (isMobile) {
    await expect(nav.getByRole('link')).toHaveText([
      shellMessages.de.bottomHome,
      shellMessages.de.bottomSearch,
      shellMessages.de.bottomChat,
      shellMessages.de.bottomAccount,
    ]);
    // The fixed bar must not cover content: scrolled to the end, the footer's last link is on top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const box = (await page.locator('footer a').last().boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('footer') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(true);
  } else {
    await expect(nav).toBeHidden();
  }
});

test('every page has the legal links and the EU common logo linking to the register', async ({ page }) => {
  await page.goto('/shop/');
  const footer = page.locator('footer');
  for (const name of [shellMessages.en.footerImprint, shellMessages.en.footerPrivacy]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await expect(footer.locator('a[href^="https://"] svg, a[href^="https://"] img').first()).toBeVisible();
});
