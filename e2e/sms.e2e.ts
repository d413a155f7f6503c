import { readFileSync } from 'node:fs';
import { foundSmsBodies, MIN_PAGE_WIDTH_PX, SmsMsg } from '@phonecloud/shared';
import type { Browser, Page } from '@playwright/test';
import { freshAccount } from './support/contacts';
import { expect, shot, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';
import { bubbles, CONTEXT, importBackup, passSmsGate, rowOf, verifiedDemoState } from './support/sms';

// The demo account's box (60+ conversations, contacts linked, favourites, an MMS), verified once.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let state = '';
test.beforeAll(async ({ browser }) => {
  state = await verifiedDemoState(browser, 'sms-desktop', 'sms', (page) => shot(page, '60-sms-gate'));
});

/** A page of the verified demo session at the spec's desktop width. */
async function openSms(browser: Browser, path = '/#/sms/index') {
  const context = await browser.newContext({
    ...CONTEXT,
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    storageState: state,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator('.sms')).toHaveAttribute('aria-busy', 'false');
  return page;
}

const names = (page: Page) => page.locator('.sms-list .sms-row__name');
const detail = (page: Page) => page.locator('.sms-detail');

/** Whether the element's box lies inside the conversation's scroll box. */
async function inMessageView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const box = document.querySelector('.sms-messages')?.getBoundingClientRect();
    const el = document.querySelector(sel)?.getBoundingClientRect();
    return !!box && !!el && el.top >= box.top - 1 && el.bottom <= box.bottom + 1;
  }, selector);
}

test('the list newest first, a conversation opened at its newest message, the name leads to the contact', async ({
  browser,
}) => {
  const page = await openSms(browser);
  await expect(page.getByText(SmsMsg.PICK_CONVERSATION)).toBeVisible();
  const tab = page.getByRole('tab', { name: /^短信 \d+$/ });
  const count = Number((await tab.textContent())?.replace(/\D/g, ''));
  expect(count).toBeGreaterThanOrEqual(60);
  // Newest first: the rows' addresses follow list.do's collection_list.
  const list = (await (await page.request.get('/sms/list.do')).json()).data as {
    collection_list: { format_address: string; format_date: number }[];
  };
  const dates = list.collection_list.map((c) => c.format_date);
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  const firstAddress = list.collection_list[0]?.format_address ?? '';
  await expect(page.locator('.sms-list .sms-row').first()).toHaveAttribute('data-address', firstAddress);
  await shot(page, '61-sms-list');

  // A conversation with a contact of the book: its name, and a link to that contact.
  const named = page
    .locator('.sms-list .sms-row')
    .filter({ has: page.locator('.sms-row__name') })
    .filter({
      hasNotText: /^\s*\d/,
    });
  const row = named.first();
  const name = (await row.locator('.sms-row__name').textContent()) ?? '';
  expect(name).not.toMatch(/^\d+$/);
  await row.click();
  await expect(page).toHaveURL(/#\/sms\/full\/[^.]+$/);
  await expect(row).toHaveClass(/is-active/);
  await expect(detail(page).getByRole('heading', { name })).toBeVisible();
  await expect(detail(page).locator('.sms-day').first()).toBeVisible();
  // Opened at the newest: the last bubble is in view, received left and sent right.
  const last = bubbles(page).last();
  await expect(last).toBeVisible();
  const lastId = await last.getAttribute('data-server-id');
  await expect.poll(() => inMessageView(page, `.sms-msg[data-server-id="${lastId}"]`)).toBe(true);
  const inBox = await page.locator('.sms-messages').boundingBox();
  const anIn = await page.locator('.sms-msg--in .sms-bubble').first().boundingBox();
  const anOut = await page.locator('.sms-msg--out .sms-bubble').first().boundingBox();
  if (inBox && anIn && anOut) {
    expect(anIn.x - inBox.x).toBeLessThan(60);
    expect(inBox.x + inBox.width - (anOut.x + anOut.width)).toBeLessThan(60);
  }
  await shot(page, '62-sms-conversation');

  // The spec's minimum width keeps the same layout.
  await page.setViewportSize({ width: MIN_PAGE_WIDTH_PX, height: 900 });
  await expect(last).toBeVisible();
  await shot(page, '62b-sms-conversation-1374');
  await page.setViewportSize({ width: 1440, height: 900 });

  await detail(page).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/#\/contact\/index\/\d+$/);
  await expect(page.locator('.contact-detail').getByRole('heading', { name })).toBeVisible();
  await page.context().close();
});

test('favourite a message from its popup, find it in favourites, open it there marked, and remove it', async ({
  browser,
}) => {
  const page = await openSms(browser, '/#/sms/full/10086');
  const last = bubbles(page).last();
  await expect(last).toBeVisible();
  const id = (await last.getAttribute('data-server-id')) ?? '';
  await expect(last).toHaveAttribute('data-locked', '0');
  await last.locator('.sms-bubble').click();
  await page.getByRole('menuitem', { name: '收藏' }).click();
  await expect(page.getByText(SmsMsg.FAVOURITE_ON)).toBeVisible();
  await expect(last).toHaveAttribute('data-locked', '1');
  await shot(page, '63-sms-favourite');

  await page.getByRole('tab', { name: /^收藏/ }).click();
  const fav = page.locator(`.sms-list .sms-row[data-server-id="${id}"]`);
  await expect(fav).toBeVisible();
  await shot(page, '64-sms-favourites');
  await fav.click();
  await expect(page).toHaveURL(new RegExp(`#/sms/full/10086\\.${id}$`));
  const marked = page.locator(`.sms-msg.is-anchor[data-server-id="${id}"]`);
  await expect(marked).toBeVisible();

  await marked.locator('.sms-bubble').click();
  await page.getByRole('menuitem', { name: '取消收藏' }).click();
  await expect(page.getByText(SmsMsg.FAVOURITE_OFF)).toBeVisible();
  await expect(fav).toHaveCount(0);
  await page.context().close();
});

test('search by name and by text with highlight, open a hit at its message, a number with dashes and +86, back', async ({
  browser,
}) => {
  const page = await openSms(browser);
  const search = page.getByRole('textbox', { name: /搜索/ });
  await expect(search).toHaveAttribute('maxlength', '40');

  // By a contact's name: a part of it finds the conversation among the name matches.
  const name = (await names(page).filter({ hasNotText: /^\d/ }).first().textContent()) ?? '';
  const part = Array.from(name).slice(-2).join('');
  await search.fill(part);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/sms/search&${encodeURIComponent(part)}$`));
  const results = page.locator('.sms-results');
  await expect(results.getByRole('heading', { name: /^联系人（[1-9]\d*）$/ })).toBeVisible();
  await expect(results.locator('.sms-row__name .text-hit').first()).toHaveText(part);
  await shot(page, '65-sms-search-name');

  // By text, Chinese, two characters; a leading dot and regex characters are dropped.
  await search.fill('.验证*码');
  await search.press('Enter');
  // The name search's heading (短信内容（0）) stays until the new answer arrives: wait for it.
  await expect(page).toHaveURL((url) => url.hash === `#/sms/search&${encodeURIComponent('.验证*码')}`);
  await expect(results.locator('.sms-row[data-server-id] .text-hit').first()).toHaveText('验证码');
  const bodies = results.getByRole('heading', { name: /^短信内容（\d+）$/ });
  await expect(bodies).toHaveText(/^短信内容（[1-9]\d*）$/);
  const total = Number((await bodies.textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  await expect(bodies).toHaveText(foundSmsBodies(total));
  const hit = results.locator('.sms-row[data-server-id]').first();
  await expect(hit.locator('.text-hit').first()).toHaveText('验证码');
  await shot(page, '66-sms-search-body');

  const address = (await hit.getAttribute('data-address')) ?? '';
  const id = (await hit.getAttribute('data-server-id')) ?? '';
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`#/sms/full/${address}\\.${id}$`));
  const marked = page.locator(`.sms-msg.is-anchor[data-server-id="${id}"]`);
  await expect(marked).toBeVisible();
  await expect.poll(() => inMessageView(page, `.sms-msg[data-server-id="${id}"]`)).toBe(true);
  // The results stay on the left while the hit is open.
  await expect(results).toBeVisible();
  await shot(page, '67-sms-search-hit');

  // Case does not matter for Latin text.
  await search.fill('RELEASE');
  await search.press('Enter');
  await expect(results.locator('.text-hit').first()).toHaveText(/^release$/i);

  // A number as people write it: /sms/search&{phone} strips +86, dashes and spaces.
  await page.goto(`/#/sms/search&${encodeURIComponent('+86 100-86')}`);
  await expect(results.locator('.sms-row[data-address="10086"]').first()).toBeVisible();

  await results.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/#\/sms\/index$/);
  await expect(results).toHaveCount(0);
  await expect(search).toHaveValue('');
  await page.context().close();
});

test('delete a conversation after confirming; it leaves every list and its address answers 短信不存在', async ({
  browser,
}) => {
  const page = await openSms(browser);
  const address = '10657532';
  // Found by its number (the list is virtualised: a row far down is not in the page until shown).
  const search = page.getByRole('textbox', { name: /搜索/ });
  await search.fill(address);
  await search.press('Enter');
  const results = page.locator('.sms-results');
  const row = results.locator(`.sms-row[data-address="${address}"]:not([data-server-id])`);
  await row.click();
  await expect(detail(page)).toHaveAttribute('data-address', address);
  await detail(page).getByRole('button', { name: '删除会话' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: SmsMsg.DELETE_CONFIRM });
  await expect(confirm).toBeVisible();
  await shot(page, '68-sms-delete-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(detail(page)).toBeVisible();

  await detail(page).getByRole('button', { name: '删除会话' }).click();
  await confirm.getByRole('button', { name: '删除会话' }).click();
  await expect(page.getByText(SmsMsg.DELETED)).toBeVisible();
  await expect(page).toHaveURL(/#\/sms\/index$/);
  // The results follow the box: the conversation and its messages are gone from them.
  await expect(results.locator(`.sms-row[data-address="${address}"]`)).toHaveCount(0);
  await expect(results.getByText('没有找到相关短信')).toBeVisible();
  const list = (await (await page.request.get('/sms/list.do')).json()).data as {
    collection_list: { format_address: string }[];
  };
  expect(list.collection_list.map((c) => c.format_address)).not.toContain(address);

  await page.goto(`/#/sms/full/${address}`);
  await expect(page.getByText(SmsMsg.NOT_FOUND)).toBeVisible();
  await shot(page, '69-sms-not-found');
  await page.context().close();
});

test('export all messages from the area and from the contacts dialog: an SMS Backup & Restore file', async ({
  browser,
}) => {
  const page = await openSms(browser);
  await page.getByRole('button', { name: '导出短信' }).click();
  const dialog = page.getByRole('dialog', { name: SmsMsg.EXPORT_TITLE });
  await expect(dialog.getByText(SmsMsg.EXPORT_HINT)).toBeVisible();
  await shot(page, '70-sms-export', { fullPage: false });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '开始导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xml$/);
  const xml = readFileSync((await file.path()) ?? '', 'utf8');
  const count = Number(xml.match(/<smses count="(\d+)"/)?.[1]);
  expect(count).toBeGreaterThan(2000);
  expect(xml.match(/<sms /g)?.length ?? 0).toBeGreaterThan(0);
  expect(xml).toContain('address="10086"');
  await expect(dialog.getByText('导出文件已开始下载')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/#/contact/index');
  await expect(page.locator('.contacts')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: /导入\/导出/ }).click();
  await page.getByRole('menuitem', { name: '导出联系人' }).click();
  const io = page.getByRole('dialog', { name: '导入/导出通讯录' });
  const card = io.getByRole('region', { name: SmsMsg.EXPORT_TITLE });
  await expect(card).toBeVisible();
  await shot(page, '71-contacts-io-sms-card', { fullPage: false });
  const second = page.waitForEvent('download');
  await card.getByRole('button', { name: SmsMsg.EXPORT_TITLE }).click();
  expect((await second).suggestedFilename()).toMatch(/\.xml$/);
  await page.context().close();
});

test('an empty box: the prompts, and export answers 暂无短信信息,无导出数据！', async ({ page }) => {
  const account = freshAccount('se');
  await signUpByApi(page, account.username, account.phone, account.password);
  await passSmsGate(page, 'sms', { to: account.phone });
  await expect(page.getByText(SmsMsg.EMPTY_BOX)).toBeVisible();
  await page.getByRole('tab', { name: /^收藏/ }).click();
  await expect(page.getByText(SmsMsg.EMPTY_FAVOURITES)).toBeVisible();
  await page.getByRole('button', { name: '导出短信' }).click();
  const exportDialog = page.getByRole('dialog', { name: SmsMsg.EXPORT_TITLE });
  await exportDialog.getByRole('button', { name: '开始导出' }).click();
  await expect(exportDialog.getByText(SmsMsg.EXPORT_EMPTY)).toBeVisible();
  await shot(page, '72-sms-empty-export', { fullPage: false });
});

test('a long conversation opens at its newest message and reads older pages as it scrolls up, the view kept in place', async ({
  page,
}) => {
  const account = freshAccount('sl');
  await signUpByApi(page, account.username, account.phone, account.password);
  const address = '13912345678';
  const start = Date.UTC(2025, 0, 1);
  // 450 messages, two or three a day: three pages of detail.do (200 a page).
  importBackup(
    account.username,
    Array.from({ length: 450 }, (_, i) => ({
      address,
      body: `第 ${i + 1} 条`,
      date: start + i * 10 * 3_600_000,
      type: i % 3 === 0 ? 2 : 1,
    })),
  );
  await passSmsGate(page, 'sms', { to: account.phone });
  await rowOf(page, address).click();
  const box = page.locator('.sms-messages');
  const said = (n: number) => page.locator('.sms-msg').filter({ hasText: new RegExp(`^第 ${n} 条`) });
  await expect(said(450)).toBeVisible();
  await expect(box).toHaveAttribute('data-loaded', '200');
  await expect(detail(page).locator('.sms-detail__count')).toHaveText('450 条');

  // The oldest message of the newest page, at the top: scrolling there reads the page before,
  // which arrives above it without moving it.
  for (const [oldestShown, loaded] of [
    [251, '400'],
    [51, '450'],
  ] as const) {
    await box.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(box).toHaveAttribute('data-loaded', loaded);
    await expect(said(oldestShown)).toBeVisible();
    const id = await said(oldestShown).getAttribute('data-server-id');
    await expect.poll(() => inMessageView(page, `.sms-msg[data-server-id="${id}"]`)).toBe(true);
  }
  await box.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(said(1)).toBeVisible();
  await expect(page.getByText('已是最早的短信')).toBeVisible();
  await shot(page, '73-sms-long-conversation-start');
});
