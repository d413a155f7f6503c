import { SmsMsg } from '@phonecloud/shared';
import type { Browser, Page } from '@playwright/test';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';
import { bubbles, CONTEXT, verifiedDemoState } from './support/sms';

// The demo account's box, verified once by e-mail (the desktop file's gate used the SMS channel).
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let state = '';
test.beforeAll(async ({ browser }) => {
  state = await verifiedDemoState(browser, 'sms-mobile', 'email');
});

const SIZES = [
  { label: 'phone', width: 375, height: 812 },
  { label: 'tablet', width: 768, height: 1024 },
] as const;

async function openOn(browser: Browser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({
    ...CONTEXT,
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: size.width, height: size.height },
    hasTouch: true,
    isMobile: true,
    storageState: state,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/#/sms/index');
  await expect(page.locator('.sms')).toHaveAttribute('aria-busy', 'false');
  return page;
}

for (const size of SIZES) {
  test(`${size.label} ${size.width}×${size.height}: list, search, a message, favourite, export, one column`, async ({
    browser,
  }) => {
    const page = await openOn(browser, size);
    const tag = `mobile-${size.label}-sms`;

    await test.step('the list takes the screen, the pane waits', async () => {
      await expect(page.locator('.sms-list .sms-row').first()).toBeVisible();
      await expect(page.locator('.sms-pane')).toBeHidden();
      await expectNoSidewaysScroll(page, 'sms list');
      await shot(page, `${tag}-01-list`);
    });

    await test.step('search by text, open a hit at its message, come back', async () => {
      const search = page.getByRole('textbox', { name: /搜索/ });
      await search.fill('快递');
      await search.press('Enter');
      const results = page.locator('.sms-results');
      await expect(results.getByRole('heading', { name: /^短信内容（[1-9]\d*）$/ })).toBeVisible();
      await expectNoSidewaysScroll(page, 'sms search');
      await expectTouchSize(results.getByRole('button', { name: '返回' }), 'the back link');
      await shot(page, `${tag}-02-search`);
      const hit = results.locator('.sms-row[data-server-id]').first();
      const id = (await hit.getAttribute('data-server-id')) ?? '';
      await hit.click();
      await expect(page.locator(`.sms-msg.is-anchor[data-server-id="${id}"]`)).toBeVisible();
      await expect(page.locator('.sms-list-panel')).toBeHidden();
      await expectNoSidewaysScroll(page, 'sms search hit');
      await shot(page, `${tag}-03-hit`);
      const back = page.getByRole('button', { name: '返回列表' });
      await expectTouchSize(back, 'the back bar');
      await back.click();
      await expect(results).toBeVisible();
      await results.getByRole('button', { name: '返回' }).click();
      await expect(page.locator('.sms-list .sms-row').first()).toBeVisible();
    });

    await test.step('a conversation: favourite a message from its popup and take it back', async () => {
      await page.locator('.sms-list .sms-row').first().click();
      const last = bubbles(page).last();
      await expect(last).toBeVisible();
      await expectNoSidewaysScroll(page, 'sms conversation');
      await expectTouchSize(page.locator('.sms-detail__delete'), 'the delete button');
      await shot(page, `${tag}-04-conversation`);
      const locked = (await last.getAttribute('data-locked')) === '1';
      await last.locator('.sms-bubble').tap();
      await page.getByRole('menuitem', { name: locked ? '取消收藏' : '收藏' }).click();
      await expect(page.getByText(locked ? SmsMsg.FAVOURITE_OFF : SmsMsg.FAVOURITE_ON)).toBeVisible();
      await expect(last).toHaveAttribute('data-locked', locked ? '0' : '1');
      await last.locator('.sms-bubble').tap();
      await page.getByRole('menuitem', { name: locked ? '收藏' : '取消收藏' }).click();
      await expect(last).toHaveAttribute('data-locked', locked ? '1' : '0');
      await page.getByRole('button', { name: '返回列表' }).click();
    });

    await test.step('the export dialog fits the screen', async () => {
      await page.getByRole('button', { name: '导出短信' }).click();
      const dialog = page.getByRole('dialog', { name: SmsMsg.EXPORT_TITLE });
      await expect(dialog).toBeVisible();
      const width = page.viewportSize()?.width ?? 0;
      for (const button of await dialog.getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, 'a dialog button lies in the window').toBe(
          true,
        );
      }
      await expectNoSidewaysScroll(page, 'sms export');
      await shot(page, `${tag}-05-export`, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
    await page.context().close();
  });
}
