import { ServiceId } from '@phonecloud/shared';
import type { Locator, Page } from '@playwright/test';
import { card, freshAccount, importCards, passContactsGate, signUpWithPhone } from './support/contacts';
import { chooseFiles, makeFiles, passGate, row, tempDir } from './support/drive';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/screen';

/** Every button of an open dialog lies inside the window (reachable without zooming out). */
async function expectDialogFits(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  for (const button of await dialog.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    const box = await button.boundingBox();
    expect(box, 'a dialog button has a box').not.toBeNull();
    if (!box) continue;
    expect(box.x, `a button of 「${name}」 starts left of the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `a button of 「${name}」 ends right of the window`).toBeLessThanOrEqual(width);
  }
}

/** The control lies wholly inside the window's width (not cut by a column wider than its card). */
async function expectInsideWindow(page: Page, control: Locator, what: string) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box?.x ?? -1, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${what} ends inside the window`).toBeLessThanOrEqual(width);
}

const SIZES = [
  { label: 'phone', width: 375, height: 812 },
  { label: 'tablet', width: 768, height: 1024 },
] as const;

for (const size of SIZES) {
  test.describe(`${size.label} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: true, isMobile: true });

    test('sign-up, home with the service menu, contacts and drive: one column, nothing off screen', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      page.setDefaultTimeout(15_000);
      const tag = `${size.label}`;

      await test.step('login and sign-up fit the screen', async () => {
        await page.goto('/account/#/login');
        await expect(page.getByRole('button', { name: '登录' })).toBeInViewport();
        await expectNoSidewaysScroll(page, 'login');
        await shot(page, `mobile-${tag}-01-login`);
        await page.goto('/account/#/register');
        await expectNoSidewaysScroll(page, 'sign-up');
        await shot(page, `mobile-${tag}-02-register`);
      });

      const account = freshAccount(`m${size.width}`);
      await signUpWithPhone(page, account.username, account.phone, account.password);

      await test.step('home: the header folds its links behind a menu button of touch size', async () => {
        await expectNoSidewaysScroll(page, 'home');
        const toggle = page.getByRole('button', { name: '服务菜单' });
        await expect(toggle).toBeVisible();
        const box = await toggle.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        const nav = page.getByRole('navigation', { name: '服务导航' });
        await expect(nav).toBeHidden();
        await toggle.click();
        await expect(nav).toBeVisible();
        await shot(page, `mobile-${tag}-03-home-menu`);
        await nav.getByRole('link', { name: '通讯录' }).click();
        await expect(nav).toBeHidden();
      });

      await test.step('the verification dialog fits', async () => {
        await expect(page).toHaveURL(/#\/contact\.check$/);
        await page.getByRole('button', { name: '立即验证' }).click();
        await expectDialogFits(page, '身份验证');
        await expectNoSidewaysScroll(page, 'verification');
        await shot(page, `mobile-${tag}-04-verify`, { fullPage: false });
        await page.keyboard.press('Escape');
        await passContactsGate(page, account.phone);
      });

      await test.step('contacts: list, search, detail, editor, back, groups panel, dialogs', async () => {
        await importCards(
          page,
          'a.vcf',
          [
            card('张三', { tel: ['13800000001'], categories: ['家人'] }),
            card('李四', { tel: ['13800000002'], email: ['lisi@example.com'], categories: ['同事', '同学'] }),
            card('Alice Smith', { org: '腾讯', tel: ['13900000003'], categories: ['客户', '朋友'] }),
            card('王五', { tel: ['13900000004'], categories: ['邻居'] }),
          ].join('\r\n'),
        );
        await page.reload();
        const list = page.locator('.contacts-list-panel');
        await expect(list.getByText('张三')).toBeVisible();
        await expect(page.locator('.contacts-pane')).toBeHidden();
        await expectNoSidewaysScroll(page, 'contacts list');
        // Six group tabs (the demo has as many): the list's controls stay inside the window.
        for (const [what, control] of [
          ['the A–Z index', page.getByRole('navigation', { name: '字母索引' })],
          ['导入/导出', page.getByRole('button', { name: /导入\/导出/ })],
          ['the search box', list.getByPlaceholder('搜索联系人')],
        ] as const)
          await expectInsideWindow(page, control, what);
        await shot(page, `mobile-${tag}-05-contacts`);

        await list.getByPlaceholder('搜索联系人').fill('alice');
        await expect(list.getByText('Alice Smith')).toBeVisible();
        await expect(list.getByText('张三')).toBeHidden();
        await list.getByPlaceholder('搜索联系人').fill('');

        await list.getByText('张三').click();
        await expect(page).toHaveURL(/#\/contact\/index\/.+/);
        await expect(list).toBeHidden();
        await expect(page.locator('.contact-detail')).toBeVisible();
        await expectNoSidewaysScroll(page, 'contact detail');
        await shot(page, `mobile-${tag}-06-detail`);

        await page.getByRole('link', { name: /编辑/ }).click();
        await expect(page).toHaveURL(/#\/contact\/editor\/.+/);
        const save = page.getByRole('button', { name: /保\s*存/ });
        await expect(save).toBeInViewport();
        await expectNoSidewaysScroll(page, 'contact editor');
        await shot(page, `mobile-${tag}-07-editor`);
        await page.getByRole('button', { name: '返回列表' }).click();
        await expect(page).toHaveURL(/#\/contact\/index$/);
        await expect(list).toBeVisible();

        const side = page.getByRole('button', { name: /分组与工具/ });
        await side.click();
        await expect(page.locator('.contacts-side')).toBeVisible();
        await expect(page.locator('.contacts-side').getByText('家人')).toBeVisible();
        await shot(page, `mobile-${tag}-08-groups`);
        await page.locator('.contacts-side').getByText('家人').click();
        await expect(page.locator('.contacts-side')).toBeHidden();
        await expect(list.getByText('张三')).toBeVisible();
        await expect(list.getByText('李四')).toBeHidden();

        for (const [tool, title] of [
          ['回收站', '回收站'],
          ['时光机', '时光机'],
          ['合并重复', '合并重复'],
        ] as const) {
          await side.click();
          await page.locator('.contacts-side').getByRole('button', { name: tool }).click();
          await expectDialogFits(page, title);
          await expectNoSidewaysScroll(page, title);
          await shot(page, `mobile-${tag}-09-${tool}`, { fullPage: false });
          await page
            .getByRole('dialog', { name: title })
            .getByRole('button', { name: /Close|关闭/ })
            .click();
          await expect(page.getByRole('dialog', { name: title })).toBeHidden();
        }
      });

      await test.step('a long press checks a row, as hover does on a desktop', async () => {
        await page.getByRole('button', { name: /分组与工具/ }).click();
        await page
          .locator('.contacts-side')
          .getByRole('button', { name: /全部联系人/ })
          .click();
        const rowEl = page.locator('.contact-row', { hasText: '张三' });
        await rowEl.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
        // The press counts while the finger still rests: select mode comes before it lifts.
        await expect(page).toHaveURL(/#\/contact\/selectmode$/);
        await rowEl.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true });
        // The list stays in view with its checkboxes; the actions sit in a sheet below it.
        await expect(rowEl.getByRole('checkbox')).toBeChecked();
        await expect(page.getByText('已选择 1 个联系人')).toBeVisible();
        await page.locator('.contact-row', { hasText: '李四' }).click();
        await expect(page.getByText('已选择 2 个联系人')).toBeVisible();
        await expectNoSidewaysScroll(page, 'select mode');
        await shot(page, `mobile-${tag}-10-select`);
        await page.getByRole('button', { name: '取消' }).click();
        await expect(page).toHaveURL(/#\/contact\/index$/);
      });

      await test.step('contacts: the new-group dialog fits and its buttons are reachable', async () => {
        await page.getByRole('button', { name: /分组与工具/ }).click();
        await page.locator('.contacts-side').getByRole('button', { name: '新建群组' }).click();
        await expectDialogFits(page, '新建群组');
        await expectNoSidewaysScroll(page, 'new group');
        await shot(page, `mobile-${tag}-10-group-create`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: '新建群组' })).toBeHidden();
      });

      await test.step('contacts: import/export and new-group dialogs fit', async () => {
        await page.getByRole('button', { name: /导入\/导出/ }).click();
        const menuItem = page.getByRole('menuitem').first();
        if (await menuItem.isVisible().catch(() => false)) await menuItem.click();
        const io = page.getByRole('dialog').last();
        await expect(io).toBeVisible();
        await expectNoSidewaysScroll(page, 'import/export');
        await shot(page, `mobile-${tag}-10-import-export`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(io).toBeHidden();
      });

      await test.step('account centre and skin picker fit', async () => {
        await page.getByRole('button', { name: '用户菜单' }).click();
        await page.getByRole('menuitem', { name: '换肤' }).click();
        await expectDialogFits(page, '换肤');
        await shot(page, `mobile-${tag}-10-skins`, { fullPage: false });
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: '用户菜单' }).click();
        await page.getByRole('menuitem', { name: '账号中心' }).click();
        await expect(page.getByText('账号信息')).toBeVisible();
        await expectNoSidewaysScroll(page, 'account centre');
        await shot(page, `mobile-${tag}-10-centre`);
      });

      await test.step('drive: rows with an action menu, dialogs that fit', async () => {
        await page.goto('/#/home/index');
        await page.locator(`.service-tile[data-service="${ServiceId.DRIVE}"]`).click();
        await expect(page).toHaveURL(/#\/alipan/);
        if (page.url().includes('alipan.check')) await passGate(page, account.phone);
        await expect(page).toHaveURL(/#\/alipan\/index/);
        const dir = await tempDir();
        const files = makeFiles(dir, [
          { name: '一份很长很长的文件名称-报告-2026.txt', text: 'hello' },
          { name: '旧文件.txt', text: 'old' },
        ]);
        await chooseFiles(
          page,
          files.map((f) => f.path),
        );
        const fileRow = row(page, '一份很长很长的文件名称-报告-2026.txt');
        await expect(fileRow).toBeVisible({ timeout: 30_000 });
        await page.getByRole('region', { name: '上传列表' }).getByRole('button', { name: /关闭/ }).click();
        await expectNoSidewaysScroll(page, 'drive');
        await shot(page, `mobile-${tag}-11-drive`);

        const more = fileRow.getByRole('button', { name: /的操作$/ });
        const box = await more.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(44);
        await more.click();
        await shot(page, `mobile-${tag}-12-drive-menu`, { fullPage: false });
        await page.getByRole('menuitem', { name: '重命名' }).click();
        await expectDialogFits(page, '重命名');
        const dialog = page.getByRole('dialog', { name: '重命名' });
        await dialog.getByRole('textbox').fill('报告.txt');
        await dialog.getByRole('button', { name: '确定' }).click();
        await expect(row(page, '报告.txt')).toBeVisible();

        await page.getByRole('button', { name: '新建文件夹' }).click();
        await expectDialogFits(page, '新建文件夹');
        await page.getByRole('dialog', { name: '新建文件夹' }).getByRole('textbox').fill('资料');
        await page.getByRole('dialog', { name: '新建文件夹' }).getByRole('button', { name: '确定' }).click();
        await expect(row(page, '资料')).toBeVisible();
        // Opening a folder by tapping its name, and back by the breadcrumb.
        await row(page, '资料').getByRole('button', { name: '资料', exact: true }).click();
        await expect(page.locator('.drive-breadcrumb__current')).toHaveText('资料');
        await expectNoSidewaysScroll(page, 'folder');
        await page.locator('.drive-breadcrumb').getByRole('link', { name: '全部文件' }).click();
        await expect(row(page, '报告.txt')).toBeVisible();
        await row(page, '报告.txt').getByRole('checkbox').check();
        await page.getByRole('button', { name: '移动到' }).click();
        await expectDialogFits(page, '移动到');
        await expectNoSidewaysScroll(page, 'move dialog');
        await shot(page, `mobile-${tag}-12-drive-move`, { fullPage: false });
        await page.keyboard.press('Escape');
        // A deleted file in the bin: its size and deletion time are read at this width too.
        await row(page, '报告.txt').getByRole('checkbox').uncheck();
        await row(page, '旧文件.txt').getByRole('checkbox').check();
        await page.locator('.drive-toolbar').getByRole('button', { name: '删除' }).click();
        await page.getByRole('dialog', { name: '删除文件' }).getByRole('button', { name: '确定' }).click();
        await expect(row(page, '旧文件.txt')).toHaveCount(0);
        await page.getByRole('button', { name: '回收站' }).click();
        await expectDialogFits(page, '回收站');
        await expectNoSidewaysScroll(page, 'drive recycle bin');
        const binRow = page.getByRole('dialog', { name: '回收站' }).getByRole('row', { name: /旧文件\.txt/ });
        await expect(binRow).toContainText('3B');
        await expect(binRow).toContainText('删除时间');
        await shot(page, `mobile-${tag}-12-drive-recycle`, { fullPage: false });
        await page.keyboard.press('Escape');

        await page.goto('/#/pan/index');
        await expect(row(page, '报告.txt')).toBeVisible();
        await expectNoSidewaysScroll(page, 'pan');
        await shot(page, `mobile-${tag}-13-pan`);
      });
    });
  });
}
