import type { Browser, BrowserContext, Page } from '@playwright/test';
import { findAccount } from './support/find';
import { expect, shot, test } from './support/fixtures';
import { backUpPictures, expectInsideWidth, ITEM_CELLS } from './support/photos';
import { expectNoSidewaysScroll } from './support/screen';
import { CONTEXT, verifiedState } from './support/sms';

/**
 * The photo area's screens: albums and favourites, selecting many and the recycle bin, the
 * scrubber and the search, at 1374 and 375 px. One account for the file, signed in and verified
 * once: its phone backs up small pictures dated by their file times, a set for each test, and
 * each test looks only at its own set.
 */

/** The albums test's: three days of one month and one of the month before. */
const ALBUMS = ['2024-05-03', '2024-05-02', '2024-05-01', '2023-12-25'].map((d) => `${d}T12:00:00`);
/** The bin test's: five of one day, the newest of the account (at the timeline's top). */
const BIN = ['13', '12', '11', '10', '09'].map((h) => `2026-11-01T${h}:00:00`);
/**
 * The scrubber's: months of many years, more between the first screen and 2012 than the rows
 * drawn ahead of either, and enough below 2012 for its month to reach the window's top.
 */
const YEARS = [
  '2026-03-01',
  '2025-08-15',
  '2024-02-14',
  ...['2023-01', '2022-02', '2021-09', '2021-03', '2020-07', '2020-02', '2019-09', '2019-04'].map(
    (m) => `${m}-10`,
  ),
  ...['2018-11', '2018-03', '2017-09', '2017-05', '2016-10', '2016-03'].map((m) => `${m}-10`),
  ...['2015-06', '2014-03', '2013-08', '2012-01', '2010-10', '2008-09', '2006-06', '2004-04'].map(
    (m) => `${m}-20`,
  ),
].map((d) => `${d}T12:00:00`);

test.describe.configure({ mode: 'serial' });
let state = '';
let context: BrowserContext | null = null;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  const account = findAccount('pics');
  await backUpPictures(process.env.E2E_BASE_URL ?? '', account, [...BIN, ...ALBUMS, ...YEARS]);
  // The photos' gate is the main verification: the one the messages' check passes.
  state = await verifiedState(browser, 'photos-screens', account, 'email');
});

test.afterEach(async () => {
  await context?.close();
  context = null;
});

/** The timeline in a page of the verified account, at this size. */
async function openPhotos(browser: Browser, width: number, height: number): Promise<Page> {
  context = await browser.newContext({
    ...CONTEXT,
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width, height },
    storageState: state,
  });
  const page = await context.newPage();
  await page.goto('/#/photo/index');
  await expect(page.getByRole('navigation', { name: '按年份跳转' })).toBeVisible();
  return page;
}

const cell = (page: Page, taken: string) =>
  page.getByRole('button', { name: `照片 ${taken.replace('T', ' ')}` });
const thumb = (page: Page, taken: string) => cell(page, taken).locator('img');
const tick = (page: Page, taken: string) =>
  page.getByRole('checkbox', { name: `选择 照片 ${taken.replace('T', ' ')}` });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: '选择的照片' });
const nav = (page: Page) => page.getByRole('navigation', { name: '相册导航' });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

async function confirmWith(page: Page, button: string) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toHaveCount(0);
}

test('albums and favourites: select, favourite, add to a new album, rename, cover, remove, delete', async ({
  browser,
}) => {
  const page = await openPhotos(browser, 1374, 900);
  const [may3, may2, may1, dec25] = ALBUMS as [string, string, string, string];
  const years = page.getByRole('navigation', { name: '按年份跳转' });
  await years.getByRole('button', { name: '2024' }).click();
  // Days inside the month, each its own heading.
  await expect(page.getByRole('heading', { name: '5月3日 周五' })).toBeInViewport();
  await expect(thumb(page, may1)).toBeVisible();

  // A tick on a thumbnail starts selecting; a shift-click takes the range up to it.
  await tick(page, may3).click();
  await tick(page, may1).click({ modifiers: ['Shift'] });
  await expect(toolbar(page)).toContainText('已选 3 项');
  await toolbar(page).getByRole('button', { name: '收藏' }).click();
  await expect(toast(page, '已收藏')).toBeVisible();
  await expect(page.locator('.photo-cell__fav')).toHaveCount(3);
  await nav(page).getByRole('link', { name: '收藏' }).click();
  await expect(page).toHaveURL(/#\/photo\/favourites$/);
  await expect(page.locator('.photo-cell img')).toHaveCount(3);

  await page.getByRole('button', { name: '选择', exact: true }).click();
  await cell(page, may2).click();
  await toolbar(page).getByRole('button', { name: '添加到相册' }).click();
  const picker = page.getByRole('dialog', { name: /添加到相册/ });
  await picker.getByRole('button', { name: '新建相册' }).click();
  const naming = page.getByRole('dialog', { name: '新建相册' });
  await naming.getByLabel('相册名称').fill('旅行');
  await naming.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '已添加到「旅行」')).toBeVisible();
  await expect(picker).toHaveCount(0);
  // A second photo from the timeline, into the album now listed in the picker.
  await nav(page).getByRole('link', { name: '时间线' }).click();
  await years.getByRole('button', { name: '2023' }).click();
  await tick(page, dec25).click();
  await toolbar(page).getByRole('button', { name: '添加到相册' }).click();
  await picker.getByRole('button', { name: /旅行/ }).click();
  await expect(toast(page, '已添加到「旅行」')).toHaveCount(1);

  await nav(page).getByRole('link', { name: '相册', exact: true }).click();
  await expect(page.getByRole('link', { name: '相册 旅行' })).toContainText('2 项');
  // A second album: a rename to its name is refused with the server's words.
  await page.getByRole('button', { name: '新建相册' }).click();
  await naming.getByLabel('相册名称').fill('家人');
  await naming.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('heading', { name: '家人' })).toBeVisible();
  await expect(page.getByText('相册中还没有照片')).toBeVisible();
  await page.getByRole('link', { name: '返回相册' }).click();
  await page.getByRole('link', { name: '相册 旅行' }).click();
  await page.getByRole('button', { name: '重命名' }).click();
  const renaming = page.getByRole('dialog', { name: '重命名相册' });
  await renaming.getByLabel('相册名称').fill('家人');
  await renaming.getByRole('button', { name: '确定' }).click();
  await expect(renaming.getByRole('alert')).toHaveText('相册名称已存在');
  await renaming.getByLabel('相册名称').fill('海边');
  await renaming.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('heading', { name: '海边' })).toBeVisible();

  // The older photo becomes the cover; the newer leaves the album from the viewer.
  await page.getByRole('button', { name: '选择', exact: true }).click();
  await cell(page, dec25).click();
  await toolbar(page).getByRole('button', { name: '设为封面' }).click();
  await expect(toast(page, '已设为封面')).toBeVisible();
  const coverSrc = await thumb(page, dec25).getAttribute('src');
  await cell(page, may2).click();
  const viewer = page.getByRole('dialog', { name: '查看照片' });
  await expect(viewer.getByRole('button', { name: '设为封面' })).toBeVisible();
  await viewer.getByRole('button', { name: '移出相册' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.locator('.photo-cell img')).toHaveCount(1);
  await shot(page, 'photos-album-1374');
  await page.getByRole('link', { name: '返回相册' }).click();
  const card = page.getByRole('link', { name: '相册 海边' });
  await expect(card).toContainText('1 项');
  await expect(card.locator('img')).toHaveAttribute('src', coverSrc ?? '');
  await shot(page, 'photos-albums-1374');

  // Deleting the album keeps its photos.
  await card.click();
  await page.getByRole('button', { name: '删除相册' }).click();
  await confirmWith(page, '删除');
  await expect(page).toHaveURL(/#\/photo\/albums$/);
  await expect(page.getByRole('link', { name: '相册 海边' })).toHaveCount(0);
  await nav(page).getByRole('link', { name: '时间线' }).click();
  await years.getByRole('button', { name: '2023' }).click();
  await expect(thumb(page, dec25)).toBeVisible();
});

test('select many and delete, then the bin recovers, purges and empties, at 375 and 1374 px', async ({
  browser,
}) => {
  const page = await openPhotos(browser, 375, 812);
  for (const taken of BIN) await expect(thumb(page, taken)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the timeline at 375 px');
  await expectInsideWidth(page, nav(page).getByRole('link'));

  await page.getByRole('button', { name: '选择', exact: true }).click();
  // A day's tick takes the day's five at once, and a second one gives them back.
  const day = page.getByRole('button', { name: '选择 11月1日 周日' });
  await day.click();
  await expect(toolbar(page)).toContainText('已选 5 项');
  await day.click();
  await expect(toolbar(page)).toContainText('已选 0 项');
  for (const taken of BIN.slice(0, 4)) await cell(page, taken).click();
  await expect(toolbar(page)).toContainText('已选 4 项');
  await expectInsideWidth(page, toolbar(page).getByRole('button'));
  await shot(page, 'photos-select-375', { fullPage: false });
  await toolbar(page).getByRole('button', { name: '删除' }).click();
  await confirmWith(page, '删除');
  await expect(cell(page, BIN[0] ?? '')).toHaveCount(0);
  await expect(thumb(page, BIN[4] ?? '')).toBeVisible();

  await nav(page).getByRole('link', { name: '最近删除' }).click();
  const bin = page.getByRole('region', { name: '最近删除' });
  await expect(bin.locator('.photo-cell img')).toHaveCount(4);
  await expect(bin.getByText('剩 30 天')).toHaveCount(4);
  await expectInsideWidth(page, page.getByRole('toolbar', { name: '最近删除的照片' }).getByRole('button'));
  await expectNoSidewaysScroll(page, 'the bin at 375 px');
  await shot(page, 'photos-bin-375');

  await page.setViewportSize({ width: 1374, height: 900 });
  await cell(page, BIN[0] ?? '').click();
  await bin.getByRole('button', { name: '恢复' }).click();
  await confirmWith(page, '确定');
  await expect(bin.locator('.photo-cell img')).toHaveCount(3);
  await cell(page, BIN[1] ?? '').click();
  await bin.getByRole('button', { name: '彻底删除' }).click();
  await confirmWith(page, '确定');
  await expect(bin.locator('.photo-cell img')).toHaveCount(2);
  await shot(page, 'photos-bin-1374');
  await bin.getByRole('button', { name: '清空' }).click();
  await confirmWith(page, '确定');
  await expect(bin.getByText('最近删除中没有照片')).toBeVisible();
  // The recovered one is back in the timeline beside the one never deleted.
  await nav(page).getByRole('link', { name: '时间线' }).click();
  await expect(thumb(page, BIN[0] ?? '')).toBeVisible();
  await expect(thumb(page, BIN[4] ?? '')).toBeVisible();
  await expect(cell(page, BIN[2] ?? '')).toHaveCount(0);
});

test('the scrubber jumps by year and month without loading the months between, and the search filters', async ({
  browser,
}) => {
  const page = await openPhotos(browser, 1374, 900);
  const asked: string[] = [];
  const opening: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/photo/timeline')) asked.push(String(r.postDataJSON()?.from ?? '').slice(0, 7));
    if (r.url().endsWith('/photo/months') || r.postData() === '{"limit":600}') opening.push(r.url());
  });
  // Which script asked for the month index: the page's own inline one has no src.
  await page.addInitScript(() => {
    const w = window as unknown as { __monthsBy?: string[] };
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      if (String(input).includes('/photo/months')) {
        const script = document.currentScript as HTMLScriptElement | null;
        w.__monthsBy = [...(w.__monthsBy ?? []), script && !script.src ? 'page' : 'portal'];
      }
      return fetch(input, init);
    };
  });
  await page.reload();
  await expect(thumb(page, '2026-03-01T12:00:00')).toBeVisible();
  // The page's HTML started the month index and the newest page; the portal took both answers.
  expect(await page.evaluate(() => (window as unknown as { __monthsBy?: string[] }).__monthsBy)).toEqual([
    'page',
  ]);
  expect(opening).toHaveLength(2);
  await shot(page, 'photos-timeline-1374', { fullPage: false });

  // A year, then a month of it: each lands at its heading, under the bar.
  const years = page.getByRole('navigation', { name: '按年份跳转' });
  const months = page.getByRole('navigation', { name: '按月份跳转' });
  await years.getByRole('button', { name: '2012' }).click();
  await expect(page.getByRole('heading', { name: /2012年1月/ })).toBeInViewport();
  await expect(months.getByRole('button', { name: '2012年1月' })).toHaveAttribute('aria-current', 'true');
  await expect(thumb(page, '2012-01-20T12:00:00')).toBeVisible();
  // The months between the first screen and this one were never asked for.
  expect(asked).toContain('2012-01');
  for (const between of ['2019-09', '2019-04', '2018-11', '2018-03']) expect(asked).not.toContain(between);
  await years.getByRole('button', { name: '2024' }).click();
  await expect(page.getByRole('heading', { name: /2024年5月/ })).toBeInViewport();
  await months.getByRole('button', { name: '2024年2月' }).click();
  await expect(page.getByRole('heading', { name: /2024年2月/ })).toBeInViewport();
  await expect(page.getByRole('heading', { name: '2月14日 周三' })).toBeInViewport();

  await nav(page).getByRole('link', { name: '搜索' }).click();
  const form = page.getByRole('form', { name: '搜索条件' });
  await form.getByLabel('开始日期').fill('2024-01-01');
  await form.getByLabel('结束日期').fill('2024-12-31');
  await form.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/#\/photo\/search\?from=2024-01-01&to=2024-12-31$/);
  // The albums test's three of May and this test's one of February.
  await expect(page.locator(ITEM_CELLS)).toHaveCount(4);
  await shot(page, 'photos-search-1374');
  await form.getByLabel('类型').click();
  await page.locator('.ant-select-item-option', { hasText: '视频' }).click();
  await form.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText('没有符合条件的照片')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await form.getByLabel('类型').click();
  await page.locator('.ant-select-item-option', { hasText: '图片' }).click();
  await form.getByRole('button', { name: '搜索' }).click();
  await expect(page.locator(ITEM_CELLS)).toHaveCount(4);
  await expectNoSidewaysScroll(page, 'the search at 375 px');
  await expectInsideWidth(page, form.getByRole('button'));
  await expectInsideWidth(page, form.getByRole('textbox'));
  await shot(page, 'photos-search-375');
  await nav(page).getByRole('link', { name: '时间线' }).click();
  await years.getByRole('button', { name: '2015' }).click();
  await expect(page.getByRole('heading', { name: /2015年6月/ })).toBeInViewport();
  await expectNoSidewaysScroll(page, 'the timeline at 375 px');
  await shot(page, 'photos-timeline-375', { fullPage: false });
});
