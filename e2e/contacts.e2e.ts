import { Api, CONTACT_POLL_EVERY_MS, ContactApi, ContactMsg, foundContacts } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import {
  card,
  contactPost,
  fixture,
  freshAccount,
  importCards,
  openContactsAsNewUser,
  passContactsGate,
  saveContact,
} from './support/contacts';
import { expect, settled, shot, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';

// Each test signs up its own account (phone + SMS) and passes the gate: independent books.
test.describe.configure({ timeout: 120_000 });

const rows = (page: Page) => page.locator('.contact-row');
const editor = (page: Page) => page.locator('.contact-editor');
const section = (page: Page, list: string) => editor(page).locator(`[data-section="${list}"] .editor-row`);
const moreOptions = async (page: Page) => {
  await editor(page)
    .getByRole('button', { name: /添加更多选项/ })
    .click();
  return page.getByRole('menuitem');
};

test('contacts through the gate: empty book, create with optional sections, inline validation, detail, edit, cancel', async ({
  page,
}) => {
  const account = freshAccount('ce');
  await signUpByApi(page, account.username, account.phone, account.password);
  await passContactsGate(page, account.phone, () => shot(page, '40-contacts-gate'));

  await expect(page.getByRole('button', { name: /全部联系人\s*0/ })).toBeVisible();
  await expect(page.getByText('通讯录还没有联系人')).toBeVisible();
  await expect(page.getByText('点击左侧联系人查看详情')).toBeVisible();
  await shot(page, '40-contacts-empty-book');

  // Create: cancel goes back to /contact/ (the index).
  await page.getByRole('button', { name: '新建联系人' }).click();
  await expect(page).toHaveURL(/#\/contact\/editor$/);
  await expect(editor(page).getByText(ContactMsg.CREATE_GROUP_FIRST)).toBeVisible();
  await editor(page).getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/#\/contact\/index$/);

  await page.getByRole('button', { name: '新建联系人' }).click();
  await expect(section(page, 'phones')).toHaveCount(1);
  await expect(section(page, 'phones').first()).toContainText('手机');
  await expect(section(page, 'emails').first()).toContainText('个人');
  await shot(page, '40-contacts-editor-new');

  await editor(page).getByLabel('名字', { exact: true }).fill('测试员甲');
  // Typing into the last row adds the next one, with the next unused type.
  await section(page, 'phones').first().getByLabel('电话', { exact: true }).fill('138-0000-1111');
  await expect(section(page, 'phones')).toHaveCount(2);
  await expect(section(page, 'phones').nth(1)).toContainText('住宅');
  await section(page, 'phones').nth(1).getByLabel('电话', { exact: true }).fill('010-66668888');
  await expect(section(page, 'phones')).toHaveCount(3);
  await expect(section(page, 'phones').nth(2)).toContainText('单位');
  // …and a row goes with its delete icon.
  await section(page, 'phones').nth(1).getByRole('button', { name: '删除此项' }).click();
  await expect(section(page, 'phones')).toHaveCount(2);
  await expect(editor(page).getByLabel('电话', { exact: true }).first()).toHaveValue('138-0000-1111');
  await section(page, 'emails').first().getByLabel('邮箱', { exact: true }).fill('not-an-email');

  // Every optional section is behind "add more options"; an open one leaves the menu.
  let items = await moreOptions(page);
  await expect(items).toHaveText(['姓名拼音', '即时通讯', '地址', '纪念日', '备注', '昵称', '网址']);
  await items.filter({ hasText: '地址' }).click();
  await section(page, 'addresses')
    .first()
    .getByLabel('地址', { exact: true })
    .fill('北京市海淀区中关村大街1号');
  items = await moreOptions(page);
  await expect(items).toHaveText(['姓名拼音', '即时通讯', '纪念日', '备注', '昵称', '网址']);
  await items.filter({ hasText: '姓名拼音' }).click();
  await editor(page).getByLabel('姓名拼音').fill('ce shi yuan jia');
  await (await moreOptions(page)).filter({ hasText: '纪念日' }).click();
  await section(page, 'events').first().getByLabel('纪念日', { exact: true }).fill('2011-02-30');
  await (await moreOptions(page)).filter({ hasText: '网址' }).click();
  await section(page, 'websites').first().getByLabel('网址', { exact: true }).fill('ftp://example.com');
  await (await moreOptions(page)).filter({ hasText: '即时通讯' }).click();
  await section(page, 'ims').first().getByLabel('即时通讯', { exact: true }).fill('10001');
  await (await moreOptions(page)).filter({ hasText: '昵称' }).click();
  await section(page, 'nicknames').first().getByLabel('昵称', { exact: true }).fill('甲哥');
  await (await moreOptions(page)).filter({ hasText: '备注' }).click();
  await editor(page).getByLabel('备注').fill('第一位测试联系人');
  // Every section is open: the menu is gone.
  await expect(editor(page).getByRole('button', { name: /添加更多选项/ })).toHaveCount(0);

  await editor(page).getByRole('button', { name: '保存' }).click();
  await expect(editor(page).getByText(ContactMsg.EMAIL_FORMAT)).toBeVisible();
  await expect(editor(page).getByText(ContactMsg.DATE_FORMAT)).toBeVisible();
  await expect(editor(page).getByText(ContactMsg.WEBSITE_FORMAT)).toBeVisible();
  await expect(page).toHaveURL(/#\/contact\/editor$/);
  await shot(page, '40-contacts-editor-errors');

  // Errors follow the text as it is fixed; the year range has its own text.
  await section(page, 'emails').first().getByLabel('邮箱', { exact: true }).fill('tester@example.com');
  await expect(editor(page).getByText(ContactMsg.EMAIL_FORMAT)).toBeHidden();
  await section(page, 'events').first().getByLabel('纪念日', { exact: true }).fill('1899-02-28');
  await expect(editor(page).getByText(ContactMsg.DATE_YEAR)).toBeVisible();
  await section(page, 'events').first().getByLabel('纪念日', { exact: true }).fill('2012-02-29');
  await section(page, 'websites').first().getByLabel('网址', { exact: true }).fill('https://example.com/jia');
  await editor(page).getByLabel('名字', { exact: true }).fill('');
  await editor(page).getByRole('button', { name: '保存' }).click();
  await expect(editor(page).getByText(ContactMsg.NAME_REQUIRED)).toBeVisible();
  await editor(page).getByLabel('名字', { exact: true }).fill('测试员甲');
  await editor(page).getByRole('button', { name: '保存' }).click();

  await expect(page).toHaveURL(/#\/contact\/index\/\d+$/);
  const detail = page.locator('.contact-detail');
  await expect(detail.getByRole('heading', { name: '测试员甲' })).toBeVisible();
  // The server took the spaces out of the phonetic name.
  await expect(detail).toContainText('ceshiyuanjia');
  for (const text of [
    '138-0000-1111',
    'tester@example.com',
    '北京市海淀区中关村大街1号',
    '2012-02-29',
    '10001',
    '甲哥',
    '第一位测试联系人',
    'https://example.com/jia',
  ]) {
    await expect(detail).toContainText(text);
  }
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /全部联系人\s*1/ })).toBeVisible();
  await shot(page, '40-contacts-detail');
  const detailUrl = page.url();

  // Edit: present sections are open and left out of the menu; cancel returns to the detail.
  await detail.getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(/#\/contact\/editor\/\d+$/);
  await expect(editor(page).getByRole('button', { name: /添加更多选项/ })).toHaveCount(0);
  await expect(section(page, 'addresses').first().getByLabel('地址', { exact: true })).toHaveValue(
    '北京市海淀区中关村大街1号',
  );
  await editor(page).getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(detailUrl);

  await detail.getByRole('link', { name: '编辑' }).click();
  // The address and the empty row under it go: the section closes and is back in the menu.
  await expect(section(page, 'addresses')).toHaveCount(2);
  await section(page, 'addresses').first().getByRole('button', { name: '删除此项' }).click();
  await section(page, 'addresses').first().getByRole('button', { name: '删除此项' }).click();
  await expect(section(page, 'addresses')).toHaveCount(0);
  const menu = await moreOptions(page);
  await expect(menu).toHaveText(['地址']);
  await page.keyboard.press('Escape');
  await editor(page).getByLabel('名字', { exact: true }).fill('测试员乙');
  await editor(page).getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(detailUrl);
  await expect(detail.getByRole('heading', { name: '测试员乙' })).toBeVisible();
  await expect(detail).not.toContainText('中关村');
  await expect(rows(page).first()).toContainText('测试员乙');

  // A change saved elsewhere meanwhile: the server refuses the stale edit and the editor says so.
  await detail.getByRole('link', { name: '编辑' }).click();
  await editor(page).getByLabel('名字', { exact: true }).fill('测试员丙');
  const id = detailUrl.split('/').pop() ?? '';
  const list = await page.request.get(`${ContactApi.detail}?server_id=${id}`);
  const current = ((await list.json()) as { data: { version_code: number } }).data;
  await contactPost(page, ContactApi.save, {
    data: JSON.stringify({
      server_id: id,
      version_code: current.version_code,
      content: { name: [{ display_name: '别处改过' }] },
    }),
  });
  await editor(page).getByRole('button', { name: '保存' }).click();
  await expect(editor(page).getByText(ContactMsg.STALE_VERSION)).toBeVisible();
  await shot(page, '40-contacts-editor-stale');
});

test('search matches names, pinyin and other fields with highlighting; the index bar jumps; long texts are cut', async ({
  page,
}) => {
  await openContactsAsNewUser(page, 'cs');
  const longName = '非常非常长的名字用来检查列表里的截断效果是否正确显示出来了吗';
  await importCards(
    page,
    'people.vcf',
    [
      card('张伟', { tel: ['13800000001'], email: ['zhangwei@example.com'] }),
      card('李娜', { tel: ['13800000002'], org: '星辰科技' }),
      card('王芳', { tel: ['13800000003'] }),
      card('Zhang Min', { tel: ['13800000004'] }),
      card('赵磊', { tel: ['13900000005'], email: ['lei@zhang-studio.cn'] }),
      card(longName, { tel: ['13900000006'] }),
      card('#井号', { tel: ['13900000007'] }),
    ].join('\r\n'),
  );
  await page.reload();
  await expect(rows(page)).toHaveCount(7);
  // Letters A-Z then #, shown as AA in the index bar.
  await expect(page.locator('.index-bar__letter').last()).toHaveText('AA');
  await expect(page.locator('.index-bar__letter', { hasText: 'AA' })).toBeEnabled();
  await expect(page.locator('.index-bar__letter', { hasText: /^B$/ })).toBeDisabled();
  const cut = rows(page).filter({ hasText: '非常' }).locator('.contact-row__name');
  await expect(cut).toHaveText(`${[...longName].slice(0, 25).join('')}…`);
  await expect(cut).toHaveAttribute('title', longName);

  const search = page.getByLabel('搜索联系人');
  await expect(search).toHaveAttribute('maxlength', '40');
  await search.fill('zhang');
  // 张伟 by pinyin and e-mail, Zhang Min by name, 赵磊 by e-mail.
  await expect(page.getByRole('status').filter({ hasText: foundContacts(3) })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).filter({ hasText: 'Zhang Min' }).locator('mark')).toHaveText('Zhang');
  await expect(rows(page).filter({ hasText: '赵磊' }).locator('mark')).toHaveText('zhang');
  await expect(rows(page).filter({ hasText: '赵磊' })).toContainText('邮箱');
  await shot(page, '40-contacts-search');

  await search.fill('星辰');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('mark')).toHaveText('星辰');
  await search.fill('0006');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('mark')).toHaveText('0006');

  await search.fill('没有这个人');
  await expect(page.getByText(foundContacts(0))).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await shot(page, '40-contacts-search-none');
  await page.locator('.contacts-search .ant-input-clear-icon').click();
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(7);
});

test('the list polls refresh.do: a change made elsewhere shows up, 1009 reloads everything, leaving stops it', async ({
  page,
}) => {
  const account = freshAccount('cp');
  await signUpByApi(page, account.username, account.phone, account.password);
  // From here the page's timers run on a clock the test can move on; until it does, time flows
  // as usual. Installed on the page already open: one installed before the sign-up's pages ran
  // their timers early on the pages loaded later.
  await page.clock.install();
  await passContactsGate(page, account.phone);
  const refreshes: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes(ContactApi.refresh)) refreshes.push(Date.now());
  });
  const opened = Date.now();
  await saveContact(page, '远方的朋友', ['13600000001']);
  // First poll 5 s after opening, then every 8 s.
  await expect(rows(page).filter({ hasText: '远方的朋友' })).toBeVisible({ timeout: 12_000 });
  expect((refreshes[0] ?? 0) - opened).toBeGreaterThanOrEqual(4_000);
  const sent = await page.waitForRequest((r) => r.url().includes(ContactApi.refresh), { timeout: 10_000 });
  expect(sent.postData()).toMatch(/sync_version=\d+/);
  expect(sent.postData()).toMatch(/flag=/);

  // More than 1,000 changes at once: refresh.do answers 1009 and the list is loaded again.
  const many = Array.from({ length: 1001 }, (_, i) =>
    card(`批量${String(i).padStart(4, '0')}`, { tel: [`1550000${String(i).padStart(4, '0')}`] }),
  );
  const reloaded = page.waitForResponse((r) => r.url().includes(ContactApi.list), { timeout: 20_000 });
  await importCards(page, 'many.vcf', many.join('\r\n'));
  await reloaded;
  await expect(page.getByRole('button', { name: /全部联系人\s*1002/ })).toBeVisible();

  // Moving the page's clock on by one period brings a poll at once while the list is open...
  const polled = page.waitForRequest((r) => r.url().includes(ContactApi.refresh));
  await page.clock.fastForward(CONTACT_POLL_EVERY_MS);
  await polled;
  await page.getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(/#\/home\/index$/);
  const before = refreshes.length;
  // ...and none once it has closed, though two periods pass.
  await page.clock.fastForward(2 * CONTACT_POLL_EVERY_MS);
  await requestsSeen(page);
  expect(refreshes.length).toBe(before);
});

/**
 * Returns once every request the page had started has reached the test: the page's requests are
 * reported in the order it makes them, so one made now is seen after all of those.
 */
async function requestsSeen(page: Page): Promise<void> {
  const marker = `${Api.platformInfo}?seen=${Date.now()}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(marker));
  await page.evaluate((url) => fetch(url).then(() => undefined), marker);
  await seen;
}

test('avatar: bad and too-small images are refused, a photo is cropped, zoomed, saved and shown', async ({
  page,
}) => {
  await openContactsAsNewUser(page, 'ca');
  await importCards(page, 'one.vcf', card('头像测试', { tel: ['13700000009'] }));
  await page.reload();
  await rows(page).first().click();
  await page.locator('.contact-detail').getByRole('link', { name: '编辑' }).click();
  await editor(page).getByRole('button', { name: '设置头像' }).first().click();
  const dialog = page.getByRole('dialog', { name: '设置头像' });
  await expect(dialog.getByText('选择图片')).toBeVisible();
  const input = dialog.getByLabel('选择图片');
  await input.setInputFiles(fixture('not-an-image.png'));
  await expect(dialog.getByText(ContactMsg.AVATAR_BAD)).toBeVisible();
  await input.setInputFiles(fixture('avatar-tiny.png'));
  await expect(dialog.getByText(ContactMsg.AVATAR_TOO_SMALL)).toBeVisible();
  await input.setInputFiles(fixture('avatar.png'));
  await expect(dialog.locator('.reactEasyCrop_Container')).toBeVisible();
  const slider = dialog.getByRole('slider');
  await slider.focus();
  for (let i = 0; i < 80; i++) await page.keyboard.press('ArrowRight');
  // Zoom stops at 3.
  await expect(slider).toHaveAttribute('aria-valuenow', '3');
  await shot(page, '40-contacts-avatar-crop', { fullPage: false });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const editorAvatar = editor(page).locator('img.contact-avatar');
  await expect(editorAvatar).toHaveAttribute('src', /\/contact\/attachment\/file\/[0-9a-f]{64}$/);
  await editor(page).getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/#\/contact\/index\/\d+$/);
  const shown = page.locator('.contact-detail img.contact-avatar');
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expect(rows(page).first().locator('img.contact-avatar')).toBeVisible();
  await shot(page, '40-contacts-avatar-saved');
});

test('the contacts page shows only once list.do has answered for the signed-in owner', async ({ page }) => {
  await openContactsAsNewUser(page, 'ch');
  await saveContact(page, '等名单的人', ['13600000002']);
  // Hold list.do back on a fresh load of the page: the area is laid out but not shown.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const listAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(
    (url) => url.pathname === ContactApi.list,
    async (route) => {
      asked();
      await held;
      await route.continue();
    },
  );
  const chunk = page.waitForResponse((r) => /\/ContactsArea-[^/]+\.js$/.test(new URL(r.url()).pathname));
  await page.reload();
  const allContacts = page.getByRole('button', { name: /全部联系人/ });
  // The portal itself is drawn (its header); the area's code is in and list.do asked for, so
  // only list.do holds the area back: a frame drawn after that shows no contacts.
  await expect(page.getByRole('link', { name: '首页' })).toBeVisible();
  await Promise.all([chunk, listAsked]);
  await settled(page);
  await expect(allContacts).toBeHidden();
  await expect(page.getByRole('button', { name: '新建联系人' })).toBeHidden();
  release();
  await expect(allContacts).toBeVisible();
  await expect(rows(page).filter({ hasText: '等名单的人' })).toBeVisible();
  await expect(page.locator('.contacts')).toHaveAttribute('aria-busy', 'false');
});
