import { existsSync } from 'node:fs';
import path from 'node:path';
import { FindMsg } from '@phonecloud/shared';
import {
  findAccount,
  lastLocate,
  type PhoneProcess,
  passFindGate,
  pressUntilClosed,
  scrollsSideways,
  startPhone,
} from './support/find';
import { expect, shot, signIn, test } from './support/fixtures';

/**
 * Find-my-phone end to end: the portal against the real server and the phone client
 * (apps/phone) running as its own process. Every command is checked on the phone's own output.
 */
const phones: PhoneProcess[] = [];
test.afterEach(async () => {
  for (const p of phones.splice(0)) await p.stop();
});

const panel = (page: import('@playwright/test').Page, id: string) => page.locator(`.find-panel--${id}`);

test('list, locate on the map, ring and stop, lock and unlock, history, wipe, delete', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(20_000);
  const account = findAccount('fd');
  const phone = await startPhone(baseURL ?? '', account, 'Xiaomi', 'Redmi Note 13');
  phones.push(phone);

  await signIn(page, account.username, account.password);
  // The header link and the home tile (find-my-phone is served here).
  await expect(
    page.getByRole('navigation', { name: '服务导航' }).getByRole('link', { name: '查找手机' }),
  ).toBeVisible();
  await expect(page.locator('.service-tile[data-service="find"]')).toContainText('查找手机');

  await passFindGate(page, account.email);
  // /find/index opens the map of the account's phone, and opening it asks the phone where it is.
  await expect(page.locator('.find-page__name')).toHaveText('Xiaomi Redmi Note 13');
  await phone.waitFor('收到定位指令');
  const first = lastLocate(phone.output);
  await expect(page.locator('.find-location__state')).toHaveText('已获取手机的最新位置', { timeout: 15_000 });
  await expect(page.locator('.find-location__place')).toHaveText(first.place);
  await expect(page.locator('.find-location__coords')).toContainText(
    `${first.longitude.toFixed(6)}, ${first.latitude.toFixed(6)}`,
  );
  await expect(page.locator('.find-marker')).toBeVisible();
  await expect(page.locator('.find-page .find-online')).toHaveText('在线');
  // The map's zoom buttons are named in Chinese.
  await expect(page.getByRole('button', { name: '放大' })).toBeVisible();
  await expect(page.getByRole('button', { name: '缩小' })).toBeVisible();
  // Every function of the phone has its panel.
  for (const id of ['refresh', 'ring', 'lock', 'wipe']) await expect(panel(page, id)).toBeVisible();
  await shot(page, 'find-10-map');

  // The list: count, brand and model, online; find leads to the phone's map page.
  await page.getByRole('link', { name: '切换设备' }).click();
  await expect(page).toHaveURL(/#\/find\/mobileList$/);
  await expect(page.locator('.find-list__count')).toHaveText('共 1 台设备');
  const row = page.locator('.find-device');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.find-device__name')).toHaveText('Xiaomi Redmi Note 13');
  await expect(row.locator('.find-online')).toHaveText('在线');
  await shot(page, 'find-11-list');
  const deviceId = (await row.getAttribute('data-device')) ?? '';
  await row.getByRole('button', { name: /查找/ }).click();
  await expect(page).toHaveURL(new RegExp(`#/find/mobileSearch/${deviceId}$`));

  // Refresh location: a new locate, answered by the phone, shown on the map.
  await expect(page.locator('.find-location__state')).toHaveText('已获取手机的最新位置', { timeout: 15_000 });
  let mark = phone.output.length;
  await panel(page, 'refresh').getByRole('button', { name: '刷新位置' }).click();
  await phone.waitFor('收到定位指令', mark);
  const moved = lastLocate(phone.output);
  await expect(page.locator('.find-location__place')).toHaveText(moved.place, { timeout: 15_000 });
  await expect(page.locator('.find-location__coords')).toContainText(moved.longitude.toFixed(6));

  // Ring: start stays disabled until six digits; non-digits become 0.
  const ring = panel(page, 'ring');
  const start = ring.getByRole('button', { name: '开始响铃' });
  const code = ring.getByLabel('停止响铃密码');
  await code.fill('12a4');
  await expect(code).toHaveValue('1204');
  await expect(start).toBeDisabled();
  await code.fill('12a4 6');
  await expect(code).toHaveValue('120406');
  await expect(start).toBeEnabled();
  mark = phone.output.length;
  await start.click();
  await phone.waitFor('收到响铃指令', mark);
  await expect(ring.getByText('手机正在响铃')).toBeVisible();
  await shot(page, 'find-12-ringing');
  mark = phone.output.length;
  await ring.getByRole('button', { name: '结束响铃' }).click();
  await phone.waitFor('收到停止响铃指令：响铃已停止', mark);
  await expect(page.getByText('响铃已停止')).toBeVisible();
  await expect(ring.getByRole('button', { name: '开始响铃' })).toBeVisible();

  // Lock: required text, the counter from 150 turning red at 200, the phone shows the text.
  const lock = panel(page, 'lock');
  const text = lock.getByLabel('锁定界面文字');
  await expect(text).toHaveValue(FindMsg.DEFAULT_LOCK_INFO);
  await text.fill('');
  await lock.getByRole('button', { name: '锁定手机' }).click();
  await expect(lock.getByText('锁定界面文字不能为空。')).toBeVisible();
  await text.fill('字'.repeat(149));
  await expect(lock.locator('.find-counter')).toHaveCount(0);
  await text.fill('字'.repeat(160));
  await expect(lock.locator('.find-counter')).toHaveText('160/200');
  await expect(lock.locator('.find-counter')).not.toHaveClass(/find-counter--full/);
  await text.fill('字'.repeat(230));
  await expect(text).toHaveValue('字'.repeat(200));
  await expect(lock.locator('.find-counter')).toHaveText('200/200');
  await expect(lock.locator('.find-counter')).toHaveClass(/find-counter--full/);
  await shot(page, 'find-13-lock-counter');
  const lockText = '此手机已丢失，请致电 13900001111 联系机主';
  await text.fill(lockText);
  mark = phone.output.length;
  await lock.getByRole('button', { name: '锁定手机' }).click();
  await phone.waitFor('收到锁定指令：手机已锁定', mark);
  expect(phone.since(mark)).toContain(`│ ${lockText}`);
  await expect(lock.getByText('手机已锁定')).toBeVisible();
  await shot(page, 'find-14-locked');
  // Unlock after a confirmation.
  mark = phone.output.length;
  await lock.getByRole('button', { name: '解锁' }).click();
  // antd spaces a two-character button's label: 「解 锁」.
  const unlockConfirm = page.getByRole('dialog').filter({ hasText: '确定要解锁这台手机吗？' });
  await pressUntilClosed(unlockConfirm.getByRole('button', { name: /^解\s?锁$/ }), unlockConfirm);
  await phone.waitFor('收到解锁指令：手机已解锁', mark);
  await expect(lock.getByRole('button', { name: '锁定手机' })).toBeVisible();

  // History: every command, its status and where it came from.
  await page.getByRole('button', { name: '操作记录' }).click();
  const history = page.getByRole('dialog', { name: '操作记录' });
  const kinds = history.locator('.find-history__kind');
  await expect(kinds).toHaveText(['解锁', '锁定', '停止响铃', '响铃', '定位', '定位', '定位']);
  await expect(history.locator('.find-history__row').first()).toContainText('成功');
  await expect(history.locator('.find-history__from').first()).toContainText('来自 127.0.0.1');
  await shot(page, 'find-15-history', { fullPage: false });
  await page.keyboard.press('Escape');

  // Wipe: both fields required; a wrong password is refused by the server (1013).
  const wipe = panel(page, 'wipe');
  await expect(wipe.getByText(FindMsg.WIPE_WARNING)).toBeVisible();
  await wipe.getByRole('button', { name: '擦除手机' }).click();
  await expect(wipe.getByText('账号不能为空')).toBeVisible();
  await expect(wipe.getByText('密码不能为空')).toBeVisible();
  await wipe.getByLabel('账号').fill(account.username);
  await wipe.getByLabel('密码').fill('wrong-password');
  await wipe.getByRole('button', { name: '擦除手机' }).click();
  const confirm = page.getByRole('dialog', { name: '确定要擦除这台手机吗？' });
  await expect(confirm).toContainText(FindMsg.WIPE_WARNING);
  await pressUntilClosed(confirm.getByRole('button', { name: '擦除手机' }), confirm);
  await expect(wipe.getByText('账号或者密码错误！')).toBeVisible();
  expect(phone.output).not.toContain('收到擦除指令');
  await shot(page, 'find-16-wipe-wrong-password');
  await wipe.getByLabel('密码').fill(account.password);
  mark = phone.output.length;
  await wipe.getByRole('button', { name: '擦除手机' }).click();
  await pressUntilClosed(confirm.getByRole('button', { name: '擦除手机' }), confirm);
  await phone.waitFor('手机数据已擦除，停止上报位置', mark);
  await expect(wipe.getByText('手机已擦除')).toBeVisible();
  expect(await phone.exited).toBe(0);
  expect(existsSync(path.join(phone.dir, 'data'))).toBe(false);
  await shot(page, 'find-17-wiped');

  // The spec's layout at its minimum width.
  await page.setViewportSize({ width: 1374, height: 900 });
  expect(await scrollsSideways(page)).toBe(false);
  await shot(page, 'find-18-map-1374');

  // Delete, after a confirmation: the list's empty state.
  await page.getByRole('link', { name: '切换设备' }).click();
  await expect(page.locator('.find-device')).toHaveCount(1);
  await page.locator('.find-device').getByRole('button', { name: /删除/ }).click();
  const confirmDelete = page.getByRole('dialog', { name: '删除设备' });
  await expect(confirmDelete).toContainText('Xiaomi Redmi Note 13');
  await pressUntilClosed(confirmDelete.getByRole('button', { name: /^删\s?除$/ }), confirmDelete);
  await expect(page.getByText(FindMsg.NO_DEVICE)).toBeVisible();
  await expect(page.locator('.find-list__count')).toHaveText('共 0 台设备');
  await shot(page, 'find-19-empty');
});

test('a phone screen (375×812): map, ring and stop, lock sheet, history, no sideways scroll', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    baseURL,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const account = findAccount('fm');
  const phone = await startPhone(baseURL ?? '', account, 'HUAWEI', 'Mate 60');
  phones.push(phone);
  await signIn(page, account.username, account.password);
  await passFindGate(page, account.email);
  await expect(page.locator('.find-page__name')).toHaveText('HUAWEI Mate 60');
  await phone.waitFor('收到定位指令');
  await expect(page.locator('.find-location__place')).toHaveText(lastLocate(phone.output).place, {
    timeout: 15_000,
  });
  expect(await scrollsSideways(page)).toBe(false);
  // The panels are sheets across the screen under the map; buttons are touch-sized.
  const width = await panel(page, 'ring').evaluate((el) => el.getBoundingClientRect().width);
  const pageWidth = await page.locator('.find-page').evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBe(pageWidth);
  const startBox = await panel(page, 'ring').getByRole('button', { name: '开始响铃' }).boundingBox();
  expect(startBox?.height ?? 0).toBeGreaterThanOrEqual(44);
  await shot(page, 'find-mobile-10-map');

  const ring = panel(page, 'ring');
  await ring.getByLabel('停止响铃密码').fill('654321');
  let mark = phone.output.length;
  await ring.getByRole('button', { name: '开始响铃' }).tap();
  await phone.waitFor('收到响铃指令', mark);
  await expect(ring.getByText('手机正在响铃')).toBeVisible();
  mark = phone.output.length;
  await ring.getByRole('button', { name: '结束响铃' }).tap();
  await phone.waitFor('收到停止响铃指令', mark);
  await panel(page, 'lock').scrollIntoViewIfNeeded();
  expect(await scrollsSideways(page)).toBe(false);
  await shot(page, 'find-mobile-11-panels');

  await page.getByRole('button', { name: '操作记录' }).tap();
  const history = page.getByRole('dialog', { name: '操作记录' });
  await expect(history.locator('.find-history__kind').first()).toHaveText('停止响铃');
  expect(await scrollsSideways(page)).toBe(false);
  await shot(page, 'find-mobile-12-history', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: '切换设备' }).tap();
  await expect(page.locator('.find-device')).toHaveCount(1);
  const find = await page.locator('.find-device').getByRole('button', { name: /查找/ }).boundingBox();
  expect(find?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(await scrollsSideways(page)).toBe(false);
  await shot(page, 'find-mobile-13-list');
  await context.close();
});
