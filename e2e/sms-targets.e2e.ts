import { SmsApi, type SmsData, SmsMsg } from '@phonecloud/shared';
import type { Browser, Page } from '@playwright/test';
// sharp is a dependency of apps/server, hoisted to the root by npm workspaces.
import sharp from 'sharp';
import { findAccount } from './support/find';
import { expect, shot, test } from './support/fixtures';
import { expectTouchSize } from './support/screen';
import { type BackupMessage, CONTEXT, importBackup, verifiedState } from './support/sms';

// An account of this file's own, its box imported from a backup and verified once by e-mail to
// its own address (so no other file's code or 60 s wait is in the way, and the deletes below
// touch no one else's data); each test opens its pages cold at the two widths a user meets: the
// spec's desktop (1374 px) and a phone (375 px, touch). Against a development bundle (React's
// StrictMode runs effects twice) the view used to stay at the top, or short of the newest picture.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const FAMILY = '13800138000';
const BANK = '95588';
const CARRIER = '10086';
const MINUTE = 60_000;

/** A photo-sized picture (taller than wide, as a phone takes them): its height moves the view. */
function photo(top: string, bottom: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="360" height="480" fill="url(#g)"/><circle cx="180" cy="300" r="80" fill="#fff3b0"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The box: a bank's 450 notices with three favourites, two of them more than a page (200) above
 * its newest; a family chat of 250 with a favourite far up and MMS pictures, its newest message
 * (the box's newest) an MMS picture and a favourite; the carrier's 40 notices for the deletes.
 */
async function box(now: number): Promise<BackupMessage[]> {
  const bank = Array.from({ length: 450 }, (_, i) => ({
    address: BANK,
    body: `【工商银行】您尾号 8812 的账户第 ${i + 1} 笔交易，余额 ${1000 + i}.00 元。`,
    date: now - 30 * 24 * 60 * MINUTE + i * 60 * MINUTE,
    type: 1,
    locked: [5, 150, 300].includes(i + 1) ? 1 : 0,
  }));
  const family: BackupMessage[] = Array.from({ length: 250 }, (_, i) => ({
    address: FAMILY,
    body: `家里第 ${i + 1} 条：${i % 2 ? '晚上回来吃饭吗？' : '好的，七点到家。'}`,
    date: now - 10 * 24 * 60 * MINUTE + i * 50 * MINUTE,
    type: i % 2 ? 1 : 2,
    locked: i + 1 === 20 ? 1 : 0,
  }));
  family.push(
    {
      address: FAMILY,
      body: '看看这张早上的照片',
      date: now - 20 * MINUTE,
      type: 1,
      pictures: [{ mime: 'image/jpeg', name: 'morning.jpg', bytes: await photo('#8ec5ff', '#e0f0ff') }],
    },
    { address: FAMILY, body: '真好看！', date: now - 15 * MINUTE, type: 2 },
    {
      address: FAMILY,
      body: '今天的晚霞真好看，给你拍了一张',
      date: now - 5 * MINUTE,
      type: 1,
      locked: 1,
      pictures: [{ mime: 'image/jpeg', name: 'sunset.jpg', bytes: await photo('#ff9a5a', '#ffd36e') }],
    },
  );
  const carrier = Array.from({ length: 40 }, (_, i) => ({
    address: CARRIER,
    body: `【中国移动】尊敬的客户，您本月第 ${i + 1} 次提醒：套餐内流量已使用 ${i * 2}%。`,
    date: now - 5 * 24 * 60 * MINUTE + i * 90 * MINUTE,
    type: 1,
  }));
  return [...bank, ...family, ...carrier];
}

let state = '';
test.beforeAll(async ({ browser }) => {
  const account = findAccount('st');
  importBackup(account.username, await box(Date.now()));
  state = await verifiedState(browser, 'sms-targets', account, 'email');
});

const SIZES = [
  { label: 'desktop', width: 1374, height: 900, touch: false },
  { label: 'phone', width: 375, height: 812, touch: true },
] as const;
type Size = (typeof SIZES)[number];

/**
 * Opens `path` in a fresh page of the verified session. `slowPictures`: MMS pictures answer a
 * second late, as on a phone's connection, so their height arrives after the view was placed.
 */
async function openCold(browser: Browser, size: Size, path: string, slowPictures = false): Promise<Page> {
  const context = await browser.newContext({
    ...CONTEXT,
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: size.width, height: size.height },
    hasTouch: size.touch,
    isMobile: size.touch,
    storageState: state,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (slowPictures) {
    await page.route(`**${SmsApi.mmsFile}/**`, async (route) => {
      const answer = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fulfill({ response: answer });
    });
  }
  await page.goto(path);
  await expect(page.locator('.sms')).toHaveAttribute('aria-busy', 'false');
  return page;
}

/** How far the element's box lies outside the conversation's scroll box (0: wholly inside). */
function outsideMessageView(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const box = document.querySelector('.sms-messages')?.getBoundingClientRect();
    const el = document.querySelector(sel)?.getBoundingClientRect();
    if (!box || !el) return Number.POSITIVE_INFINITY;
    return Math.floor(Math.max(0, box.top - el.top) + Math.max(0, el.bottom - box.bottom));
  }, selector);
}

/** The favourites of the box, as the favourites tab lists them: address and message id. */
async function favourites(browser: Browser): Promise<{ address: string; id: string }[]> {
  const page = await openCold(browser, SIZES[0], '/#/sms/index');
  await page.getByRole('tab', { name: /^收藏/ }).click();
  const rows = page.locator('.sms-list .sms-row[data-server-id]');
  await expect(rows.first()).toBeVisible();
  const found = await rows.evaluateAll((els) =>
    els.map((el) => ({
      address: el.getAttribute('data-address') ?? '',
      id: el.getAttribute('data-server-id') ?? '',
    })),
  );
  await page.context().close();
  return found;
}

for (const size of SIZES) {
  test(`${size.label} ${size.width} px: a favourite's full/ address opened cold shows the message in view, marked`, async ({
    browser,
  }) => {
    const favs = await favourites(browser);
    expect(favs.length).toBe(5);
    // The bank's three (the oldest conversation's, last), two of them far above its newest page,
    // and the family chat's old one.
    expect(favs.slice(-3).every((f) => f.address === BANK)).toBe(true);
    for (const fav of [...favs.slice(-3), favs[1]]) {
      if (!fav) throw new Error('no favourite');
      const page = await openCold(browser, size, `/#/sms/full/${fav.address}.${fav.id}`, true);
      const marked = page.locator(`.sms-detail .sms-msg.is-anchor[data-server-id="${fav.id}"]`);
      await expect(marked).toBeVisible();
      await expect.poll(() => outsideMessageView(page, `.sms-msg[data-server-id="${fav.id}"]`)).toBe(0);
      await shot(page, `sms-target-${size.label}-${fav.id}`);
      await page.context().close();
    }
  });

  test(`${size.label} ${size.width} px: a conversation opens with its newest message (an MMS picture) wholly in view`, async ({
    browser,
  }) => {
    const favs = await favourites(browser);
    // The MMS is the newest message of the box, and a favourite.
    const page = await openCold(browser, SIZES[0], '/#/sms/index');
    const mms = page.locator('.sms-list .sms-row').first();
    const address = (await mms.getAttribute('data-address')) ?? '';
    await page.context().close();
    expect(address).toBe(FAMILY);
    expect(favs[0]?.address).toBe(FAMILY);

    const conversation = await openCold(browser, size, `/#/sms/full/${address}`, true);
    const newest = conversation.locator('.sms-detail .sms-msg').last();
    await expect(newest.locator('.sms-bubble__picture')).toBeVisible();
    const id = (await newest.getAttribute('data-server-id')) ?? '';
    // Until the picture has loaded and been laid out: then the view must still hold it whole.
    await expect
      .poll(() => newest.locator('.sms-bubble__picture').evaluate((img: HTMLImageElement) => img.complete))
      .toBe(true);
    await expect.poll(() => outsideMessageView(conversation, `.sms-msg[data-server-id="${id}"]`)).toBe(0);
    await shot(conversation, `sms-target-${size.label}-newest-mms`);
    await conversation.context().close();
  });
}

// Last: these delete messages of the box (the carrier's, which the tests above do not use).
for (const size of SIZES) {
  test(`${size.label} ${size.width} px: one message deleted from its popup, after a confirm`, async ({
    browser,
  }) => {
    const page = await openCold(browser, size, `/#/sms/full/${CARRIER}`);
    const detail = page.locator('.sms-detail');
    const count = detail.locator('.sms-detail__count');
    const before = Number((await count.textContent())?.replace(/\D/g, ''));
    const newest = detail.locator('.sms-msg').last();
    await expect(newest).toBeVisible();
    const id = (await newest.getAttribute('data-server-id')) ?? '';
    const bubble = detail.locator(`.sms-msg[data-server-id="${id}"] .sms-bubble`);
    const press = () => (size.touch ? bubble.tap() : bubble.click());

    // Cancelled: nothing goes.
    await press();
    const item = page.getByRole('menuitem', { name: '删除' });
    await expect(item).toBeInViewport();
    if (size.touch) await expectTouchSize(item, 'the delete item');
    await item.click();
    const confirm = page.getByRole('dialog').filter({ hasText: SmsMsg.MESSAGE_DELETE_CONFIRM });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: '删除' })).toBeInViewport();
    await shot(page, `sms-target-${size.label}-delete-confirm`);
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    await expect(bubble).toBeVisible();

    await press();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText(SmsMsg.MESSAGE_DELETED)).toBeVisible();
    await expect(detail.locator(`.sms-msg[data-server-id="${id}"]`)).toHaveCount(0);
    await expect(count).toHaveText(`${before - 1} 条`);
    // The server has it so: the box lists it no more, and a fresh page does not show it.
    const box = (await (await page.request.get(SmsApi.list)).json()) as { data: SmsData };
    expect(box.data.sms_list[id]).toBeUndefined();
    expect(box.data.collection_list.find((c) => c.format_address === CARRIER)?.count).toBe(before - 1);
    await page.reload();
    await expect(count).toHaveText(`${before - 1} 条`);
    await expect(detail.locator(`.sms-msg[data-server-id="${id}"]`)).toHaveCount(0);

    // The marked message of full/{address}.{id}: deleted, it is not then "not found".
    const older = (await detail.locator('.sms-msg').nth(-3).getAttribute('data-server-id')) ?? '';
    await page.goto(`/#/sms/full/${CARRIER}.${older}`);
    const marked = detail.locator(`.sms-msg.is-anchor[data-server-id="${older}"]`);
    await expect(marked).toBeVisible();
    await (size.touch ? marked.locator('.sms-bubble').tap() : marked.locator('.sms-bubble').click());
    await page.getByRole('menuitem', { name: '删除' }).click();
    // The sync that follows the delete has answered: the page has drawn what it learnt.
    const synced = page.waitForResponse((r) => r.url().endsWith(SmsApi.refresh));
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText(SmsMsg.MESSAGE_DELETED)).toBeVisible();
    await synced;
    await expect(marked).toHaveCount(0);
    await expect(count).toHaveText(`${before - 2} 条`);
    await expect(page.getByText(SmsMsg.NOT_FOUND)).toHaveCount(0);
    await page.context().close();
  });
}
