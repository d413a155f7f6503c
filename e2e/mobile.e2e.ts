import { ServiceId } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { card, freshAccount, importCards, passContactsGate, signUpWithPhone } from './support/contacts';
import { passGate } from './support/drive';
import { expect, shot, test } from './support/fixtures';

/** No element makes the page wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test('explore', async ({ page }) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  await page.goto('/account/#/login');
  await shot(page, 'm-login');
  const account = freshAccount('mob');
  await page.goto('/account/#/register');
  await shot(page, 'm-register');
  await signUpWithPhone(page, account.username, account.phone, account.password);
  await shot(page, 'm-home');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: '服务菜单' }).click();
  await shot(page, 'm-home-nav');
  await page.getByRole('button', { name: '服务菜单' }).click();
  await passContactsGate(page, account.phone);
  await importCards(
    page,
    'a.vcf',
    [
      card('张三', { tel: ['13800000001'] }),
      card('李四', { tel: ['13800000002'], email: ['l@example.com'] }),
      card('Alice Smith', { org: '腾讯' }),
    ].join('\r\n'),
  );
  await page.reload();
  await shot(page, 'm-contacts');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: /分组与工具/ }).click();
  await shot(page, 'm-contacts-side');
  await page.getByRole('button', { name: /回收站/ }).click();
  await shot(page, 'm-contacts-recycle');
  await page.keyboard.press('Escape');
  await page.getByText('张三').first().click();
  await shot(page, 'm-contacts-detail');
  await page.getByRole('link', { name: /编辑/ }).click();
  await shot(page, 'm-contacts-editor');
  await expectNoSidewaysScroll(page);
  await page.goto('/#/home/index');
  await page.locator(`.service-tile[data-service="${ServiceId.DRIVE}"]`).click();
  await expect(page).toHaveURL(/#\/alipan/);
  if (page.url().includes('alipan.check')) await passGate(page, account.phone);
  await expect(page).toHaveURL(/#\/alipan\/index/);
  await page.waitForTimeout(1500);
  await shot(page, 'm-alipan');
  await expectNoSidewaysScroll(page);
  await page.goto('/#/pan/index');
  await page.waitForTimeout(1500);
  await shot(page, 'm-pan');
  await expectNoSidewaysScroll(page);
});
