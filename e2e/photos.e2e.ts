import { cpSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { passEmailGate } from './support/email-gate';
import { findAccount, PhoneProcess } from './support/find';
import { codeSentTo, expect, shot, signIn, test } from './support/fixtures';
import { expectInsideWidth, ITEM_CELLS } from './support/photos';
import { expectNoSidewaysScroll } from './support/screen';

/**
 * Photos end to end: the phone client (apps/phone, `photos backup`) backs up a folder of real
 * samples as its own process, and the portal shows them: the timeline by month with the year
 * scrubber, the viewer with its details, at 1374 and 375 px.
 */
const samples = () => path.resolve(test.info().project.testDir, '../apps/server/test/fixtures/photos');

const passPhotoGate = (page: Page, email: string) => passEmailGate(page, 'photo', '相册需要安全验证', email);

/** Two fingers moving apart on the viewer, from `from` px apart to `to` px apart (touch events). */
async function pinchOut(page: Page, from: number, to: number) {
  await page.getByRole('dialog', { name: '查看照片' }).evaluate(
    (el, { d0, d1 }) => {
      const at = (id: number, x: number) =>
        new Touch({ identifier: id, target: el, clientX: x, clientY: 400 });
      const pair = (d: number) => [at(1, 187 - d / 2), at(2, 187 + d / 2)];
      el.dispatchEvent(
        new TouchEvent('touchstart', { touches: pair(d0), changedTouches: pair(d0), bubbles: true }),
      );
      el.dispatchEvent(
        new TouchEvent('touchmove', { touches: pair(d1), changedTouches: pair(d1), bubbles: true }),
      );
      el.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: pair(d1), bubbles: true }));
    },
    { d0: from, d1: to },
  );
}

/** The scale of the viewer's picture, read from its transform. */
const scaleOf = (page: Page) =>
  page.locator('.photo-viewer__media').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);

/** A swipe on the viewer, as a finger makes it (touch events in the page). */
async function swipeLeft(page: Page) {
  await page.getByRole('dialog', { name: '查看照片' }).evaluate((el) => {
    const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 300 });
    el.dispatchEvent(
      new TouchEvent('touchstart', { touches: [touch(300)], changedTouches: [touch(300)], bubbles: true }),
    );
    el.dispatchEvent(
      new TouchEvent('touchend', { touches: [], changedTouches: [touch(120)], bubbles: true }),
    );
  });
}

test('the phone backs up a folder and the portal shows its timeline and viewer at 1374 and 375 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const account = findAccount('ph');
  const roll = mkdtempSync(path.join(tmpdir(), 'photos-roll-'));
  cpSync(samples(), roll, { recursive: true, filter: (src) => !src.endsWith('.md') });
  // The one sample without a time of its own is dated by its file time (noon UTC: that day anywhere).
  const noon = new Date(Date.UTC(2024, 0, 2, 12));
  utimesSync(path.join(roll, 'orientation-6.jpg'), noon, noon);
  const since = Date.now();
  const phone = new PhoneProcess([
    'photos',
    'backup',
    '--server',
    baseURL ?? '',
    '--account',
    account.username,
    '--password',
    account.password,
    '--folder',
    roll,
  ]);
  try {
    await phone.waitFor('请输入验证码');
    phone.type(await codeSentTo(account.phone, since, 'sms'));
    expect(await phone.exited).toBe(0);
    expect(phone.output).toContain('照片备份：新上传 7 个，已在云端 0 个');
  } finally {
    await phone.stop();
    rmSync(roll, { recursive: true, force: true });
  }

  await page.setViewportSize({ width: 1374, height: 900 });
  await signIn(page, account.username, account.password);
  await expect(page.getByRole('link', { name: /相册/ }).first()).toBeVisible();
  await passPhotoGate(page, account.email);
  // Seven files, one Live Photo pair: six items, each read (none 处理中 any more). Thumbnails are
  // asked for by the rows in view, so those are counted where they are shown.
  await expect(page.locator(ITEM_CELLS)).toHaveCount(6, { timeout: 30_000 });
  await expect(page.locator('.photo-cell__pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.photo-cell img').first()).toHaveJSProperty('complete', true);
  await expect(page.getByRole('heading', { name: /2024年5月/ })).toBeVisible();
  await expect(page.locator('.photo-cell__badge', { hasText: '实况' })).toHaveCount(1);
  await shot(page, 'photos-timeline-1374');

  await page.getByRole('navigation', { name: '按年份跳转' }).getByRole('button', { name: '2003' }).click();
  await expect(page.getByRole('heading', { name: /2003年12月/ })).toBeInViewport();

  await page.getByRole('button', { name: '照片 2021-04-11 15:47:53' }).click();
  const viewer = page.getByRole('dialog', { name: '查看照片' });
  await expect(viewer.locator('img.photo-viewer__media')).toHaveJSProperty('complete', true);
  await viewer.getByRole('button', { name: '详情' }).click();
  const info = viewer.getByRole('complementary', { name: '照片详情' });
  await expect(info).toContainText('2021-04-11 15:47:53（UTC-05:00）');
  await expect(info).toContainText('Apple iPhone 11 Pro Max');
  await expect(info).toContainText('39.05134, -94.28877');
  await expect(viewer.getByRole('link', { name: '下载原图' })).toHaveAttribute('href', /\/photo\/file\/\d+$/);
  await shot(page, 'photos-viewer-1374', { fullPage: false });
  // Newer first: the undated picture (its file time), then the video.
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.locator('.photo-viewer__title')).toHaveText(/^2024-01-02 /);
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.locator('.photo-viewer__title')).toHaveText('2024-05-01 08:30:00');
  await expect(info).toContainText('浙江省 杭州市');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  // Three thumbnails a row: the grid has three tracks, each a third of the width.
  const row = page.locator('.photo-row').first();
  // The grid's width is measured by a resize observer, which answers a frame or more after the
  // viewport changes: wait for the three tracks rather than read them once.
  await expect
    .poll(() => row.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length))
    .toBe(3);
  await expectNoSidewaysScroll(page, 'the photo timeline at 375 px');
  const cell = await row.locator('.photo-cell').first().boundingBox();
  const rowBox = await row.boundingBox();
  expect(Math.abs((cell?.width ?? 0) * 3 + 8 - (rowBox?.width ?? 0))).toBeLessThan(2);
  await shot(page, 'photos-timeline-375');
  await page.getByRole('button', { name: '视频 2024-05-01 08:30:00' }).click();
  await expect(viewer).toBeVisible();
  const box = await viewer.boundingBox();
  expect([box?.width, box?.height]).toEqual([375, 812]);
  // The next item: the picture without a time of its own, dated by its file time.
  await swipeLeft(page);
  await expect(viewer.locator('.photo-viewer__title')).toHaveText(/^2024-01-02 /);
  await shot(page, 'photos-viewer-375', { fullPage: false });

  // Two fingers apart enlarge the picture; a finger then moves it instead of turning the page;
  // a double tap gives the picture its own size back, and the swipe turns the page again.
  expect(await scaleOf(page)).toBe(1);
  await pinchOut(page, 80, 200);
  await expect.poll(() => scaleOf(page)).toBeCloseTo(2.5, 1);
  await expect(viewer.locator('.photo-viewer__media--zoomed')).toHaveCount(1);
  await swipeLeft(page);
  await expect(viewer.locator('.photo-viewer__title')).toHaveText(/^2024-01-02 /);
  await viewer.locator('.photo-viewer__media').dblclick();
  await expect.poll(() => scaleOf(page)).toBe(1);
  await swipeLeft(page);
  await expect(viewer.locator('.photo-viewer__title')).not.toHaveText(/^2024-01-02 /);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // A finger held on a thumbnail selects it (no hover on a phone), and the click that ends the
  // press does not open the viewer.
  const held = page.getByRole('button', { name: '视频 2024-05-01 08:30:00' });
  await held.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, bubbles: true });
  const selection = page.getByRole('toolbar', { name: '选择的照片' });
  await expect(selection).toContainText('已选 1 项');
  await held.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true, bubbles: true });
  await held.dispatchEvent('click');
  await expect(viewer).toHaveCount(0);
  await expect(selection).toContainText('已选 1 项');
  await expectInsideWidth(page, selection.getByRole('button'));
});
