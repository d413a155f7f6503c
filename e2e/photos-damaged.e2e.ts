import { PhotoMsg } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { rotOnDisk } from './support/blobs';
import { findAccount } from './support/find';
import { expect, shot, test } from './support/fixtures';
import { backUpPictures, picture } from './support/photos';
import { CONTEXT, verifiedState } from './support/sms';

/**
 * A photo whose original the store check found changed: tagged on its thumbnail, and the viewer
 * says why its original cannot be opened or downloaded, at 1374 and 375 px.
 */
const TAKEN = ['2025-06-02T09:00:00', '2025-06-01T09:00:00'];
const DAMAGED_CELL = '照片 2025-06-02 09:00:00 已损坏';
const FINE_CELL = '照片 2025-06-01 09:00:00';

test('a damaged photo: tagged in the timeline, the viewer says why and refuses the download', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const account = findAccount('rotpic');
  await backUpPictures(process.env.E2E_BASE_URL ?? '', account, TAKEN);
  // backUpPictures gives the first of its list the seed 1.
  rotOnDisk(await picture(1));
  const state = await verifiedState(browser, 'photos-damaged', account, 'email');

  const open = async (width: number, height: number): Promise<Page> => {
    const context = await browser.newContext({
      ...CONTEXT,
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width, height },
      storageState: state,
    });
    const page = await context.newPage();
    await page.goto('/#/photo/index');
    await expect(page.getByRole('button', { name: FINE_CELL, exact: true })).toBeVisible();
    return page;
  };

  const page = await open(1374, 900);
  const damaged = page.getByRole('button', { name: DAMAGED_CELL, exact: true });
  await expect(damaged.getByText('已损坏', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: FINE_CELL, exact: true }).getByText('已损坏')).toHaveCount(0);
  await shot(page, 'photos-damaged-timeline', { fullPage: false });
  await damaged.click();
  const viewer = page.getByRole('dialog', { name: '查看照片' });
  // The still made before the damage is shown, with the reason beneath it.
  await expect(viewer.locator('img.photo-viewer__media')).toHaveJSProperty('complete', true);
  await expect(viewer.getByRole('status')).toHaveText(PhotoMsg.DAMAGED);
  let downloads = 0;
  page.on('download', () => {
    downloads++;
  });
  await viewer.getByRole('button', { name: '下载原图' }).click();
  await expect(page.getByText(PhotoMsg.DAMAGED)).toHaveCount(2);
  expect(downloads).toBe(0);
  await shot(page, 'photos-damaged-1374', { fullPage: false });
  // The next photo is whole: its original is a link again, and no reason is shown.
  await page.keyboard.press('ArrowRight');
  await expect(viewer.locator('.photo-viewer__title')).toHaveText('2025-06-01 09:00:00');
  await expect(viewer.getByRole('link', { name: '下载原图' })).toHaveAttribute('href', /\/photo\/file\/\d+$/);
  await expect(viewer.getByRole('status')).toHaveCount(0);
  await page.context().close();

  const narrow = await open(375, 812);
  await narrow.getByRole('button', { name: DAMAGED_CELL, exact: true }).click();
  const small = narrow.getByRole('dialog', { name: '查看照片' });
  await expect(small.getByRole('status')).toBeInViewport({ ratio: 1 });
  await expect(small.getByRole('button', { name: '下载原图' })).toBeInViewport({ ratio: 1 });
  await shot(narrow, 'photos-damaged-375', { fullPage: false });
  await narrow.context().close();
});
