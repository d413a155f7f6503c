import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { passEmailGate } from './support/email-gate';
import { findAccount, PhoneProcess } from './support/find';
import { codeSentTo, expect, shot, signIn, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/screen';

/**
 * The photos' map: three samples with a place (Italy, West Lake, Germany) and one without, backed
 * up by the phone process; the map shows a marker per place, a place's photos, one photo large,
 * and the place's zip; at 1374 and 375 px.
 */
const SAMPLES = [
  'nikon-coolpix-p6000-gps.jpg',
  'west-lake.mp4',
  'canon-s40-exif-gps.png',
  'canon-eos-40d.jpg',
];

async function backUp(baseURL: string, account: ReturnType<typeof findAccount>) {
  const roll = mkdtempSync(path.join(tmpdir(), 'photos-map-'));
  const fixtures = path.resolve(test.info().project.testDir, '../apps/server/test/fixtures/photos');
  for (const name of SAMPLES) cpSync(path.join(fixtures, name), path.join(roll, name));
  const since = Date.now();
  const args = ['photos', 'backup', '--server', baseURL, '--account', account.username];
  const phone = new PhoneProcess([...args, '--password', account.password, '--folder', roll]);
  try {
    await phone.waitFor('请输入验证码');
    phone.type(await codeSentTo(account.phone, since, 'sms'));
    expect(await phone.exited).toBe(0);
  } finally {
    await phone.stop();
    rmSync(roll, { recursive: true, force: true });
  }
}

const passPhotoGate = (page: Page, email: string) => passEmailGate(page, 'photo', '相册需要安全验证', email);

test('the map shows a marker per place, opens its photos, one large, and zips them; 1374 and 375 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const account = findAccount('pm');
  await backUp(baseURL ?? '', account);
  await page.setViewportSize({ width: 1374, height: 900 });
  await signIn(page, account.username, account.password);
  await passPhotoGate(page, account.email);
  // The gate leads back to the area's first page.
  await expect(page).toHaveURL(/#\/photo\/index$/);
  await page.goto('/#/photo/map');

  const pins = page.locator('.photo-pin');
  // Three places. The files are read in the background: if one was not yet, the next visit has it.
  let visits = 0;
  await expect(async () => {
    if (visits++ > 0) await page.reload();
    await expect(pins).toHaveCount(3, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(pins.first().locator('img')).toHaveJSProperty('complete', true);

  await page.getByRole('button', { name: /^浙江省 杭州市：1 项$/ }).click();
  const panel = page.getByRole('complementary', { name: '浙江省 杭州市' });
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: /^43\.\d{4}, 11\.\d{4}：1 项$/ }).click();
  const italy = page.getByRole('complementary', { name: /^43\./ });
  await expect(italy.getByRole('listitem')).toHaveCount(1);
  await shot(page, 'photos-map-1374', { fullPage: false });
  await italy.getByRole('button', { name: 'nikon-coolpix-p6000-gps.jpg' }).click();
  const viewer = page.getByRole('dialog', { name: 'nikon-coolpix-p6000-gps.jpg' });
  await expect(viewer.locator('img')).toHaveAttribute('src', /\/photo\/thumb\/\d+\?s=1024$/);
  await expect(viewer.locator('img')).toHaveJSProperty('complete', true);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  const download = page.waitForEvent('download');
  await italy.getByRole('button', { name: '打包下载' }).click();
  const zip = await download;
  const bytes = readFileSync((await zip.path()) as string);
  // A stored zip: the entry's name in its local header, the original's bytes after it.
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(bytes.includes(Buffer.from('nikon-coolpix-p6000-gps.jpg'))).toBe(true);

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page, 'the photo map at 375 px');
  await expect(italy).toBeVisible();
  await shot(page, 'photos-map-375');

  // The places listed under the map, most photos first; one chosen there opens as its marker does.
  const list = page.getByRole('navigation', { name: '地点列表' });
  await expect(list.getByRole('button')).toHaveCount(3);
  await list.getByRole('button', { name: /^浙江省 杭州市/ }).click();
  await expect(page.getByRole('complementary', { name: '浙江省 杭州市' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expect(list.getByRole('button', { name: /^浙江省 杭州市/ })).toHaveAttribute('aria-current', 'true');

  // A search's places: its videos (the West Lake one) from the search page's link, then all again.
  await page.goto('/#/photo/search?kind=video');
  await page.getByRole('link', { name: '在地图上查看' }).click();
  await expect(page).toHaveURL(/#\/photo\/map\?kind=video$/);
  await expect(pins).toHaveCount(1);
  await expect(list.getByRole('button')).toHaveCount(1);
  await list.getByRole('button', { name: /^浙江省 杭州市/ }).click();
  const lake = page.getByRole('complementary', { name: '浙江省 杭州市' });
  await expect(lake.getByRole('button', { name: 'west-lake.mp4' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'a search’s map at 375 px');
  await shot(page, 'photos-map-search-375');
  await page.getByRole('link', { name: '全部地点' }).click();
  await expect(pins).toHaveCount(3);
  await expect(lake).toHaveCount(0);
});
