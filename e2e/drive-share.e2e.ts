import { ShareMsg, ShareText } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import {
  chooseFiles,
  downloadBytes,
  makeFiles,
  passGate,
  row,
  rowAction,
  select,
  signedOut,
  signUpWithPhone,
  tempDir,
  unzip,
} from './support/drive';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';

async function shareDialog(page: Page) {
  return page.getByRole('dialog').filter({ has: page.locator('.share-form, .share-result') });
}

test('share links: create in both faces, open signed out with the code, download; wrong code; cancelled; 375 px', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const base = baseURL ?? '';
  const { phone } = await signUpWithPhone(page, 'shr');
  const dir = await tempDir();
  const files = makeFiles(dir, [
    { name: '分享说明.txt', text: '给朋友的文件' },
    { name: 'photo.bin', size: 50_000 },
  ]);

  await test.step('open the newer drive and upload two files and a folder', async () => {
    await page.goto('/#/alipan/index/path=root');
    await expect(page).toHaveURL(/#\/alipan\.check$/);
    await passGate(page, phone);
    await expect(page).toHaveURL(/#\/alipan\/index\/path=root$/);
    await chooseFiles(
      page,
      files.map((f) => f.path),
    );
    for (const f of files) await expect(row(page, f.name)).toBeVisible({ timeout: 30_000 });
  });

  let link = '';
  let code = '';
  await test.step('share two items from the toolbar with a chosen code and 7 days', async () => {
    await select(page, '分享说明.txt', 'photo.bin');
    // '分享' alone, not '我的分享'.
    await page
      .locator('.drive-toolbar')
      .getByRole('button', { name: /(^|\s)分享$/ })
      .click();
    const dialog = await shareDialog(page);
    await expect(dialog).toContainText(ShareText.TITLE_V2);
    await dialog.getByText(ShareText.CODE_CUSTOM).click();
    await dialog.getByRole('textbox', { name: ShareText.CODE }).fill('ab1');
    await dialog.getByRole('button', { name: ShareText.CREATE_V2 }).click();
    await expect(dialog.getByRole('alert')).toHaveText(ShareMsg.CODE_FORMAT);
    await dialog.getByRole('textbox', { name: ShareText.CODE }).fill('Ab12');
    await dialog.getByRole('button', { name: ShareText.CREATE_V2 }).click();
    await expect(dialog.getByTestId('share-result')).toBeVisible();
    link = await dialog
      .locator('input[data-testid="share-link"], [data-testid="share-link"] input')
      .first()
      .inputValue();
    code = await dialog
      .locator('input[data-testid="share-code"], [data-testid="share-code"] input')
      .first()
      .inputValue();
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
    expect(code).toBe('ab12');
    await shot(page, 'share-0-created');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: ShareText.CLOSE }).click();
  });

  await test.step('signed out: a wrong code says so, the right one (other case) lists and downloads', async () => {
    const { context, page: visitor } = await signedOut(browser, base);
    await visitor.goto(link);
    await expect(visitor).toHaveURL(/#\/s\/[A-Za-z0-9_-]+$/);
    await expect(visitor.getByRole('heading', { name: ShareText.ENTER_CODE })).toBeVisible();
    await visitor.getByRole('textbox', { name: ShareText.CODE }).fill('zzzz');
    await visitor.getByRole('button', { name: ShareText.OPEN }).click();
    await expect(visitor.getByRole('alert')).toHaveText(ShareMsg.CODE_WRONG);
    await shot(visitor, 'share-1-wrong-code');
    await visitor.getByRole('textbox', { name: ShareText.CODE }).fill('AB12');
    await visitor.getByRole('button', { name: ShareText.OPEN }).click();
    const listed = visitor.locator('.share-row[data-name]');
    await expect(listed).toHaveCount(2);
    await expect(visitor.locator('.share-row[data-name="分享说明.txt"]')).toBeVisible();
    // Still signed out: the visit never went to the login page.
    await expect(visitor).toHaveURL(/#\/s\//);
    await shot(visitor, 'share-2-open');

    // A text file is shown in the page (the drive's preview rules), then closed.
    await visitor
      .locator('.share-row[data-name="分享说明.txt"]')
      .getByRole('button', { name: '分享说明.txt', exact: true })
      .click();
    await expect(visitor.getByTestId('share-preview-text')).toHaveText('给朋友的文件');
    await shot(visitor, 'share-2-preview');
    await visitor.keyboard.press('Escape');
    await expect(visitor.getByTestId('share-preview-text')).toHaveCount(0);

    const one = await downloadBytes(visitor, () =>
      visitor
        .locator('.share-row[data-name="分享说明.txt"]')
        .getByRole('button', { name: `${ShareText.DOWNLOAD} 分享说明.txt` })
        .click(),
    );
    expect(one.name).toBe('分享说明.txt');
    expect(one.bytes.toString()).toBe('给朋友的文件');

    await visitor.getByRole('checkbox', { name: '全选' }).check();
    const zip = await downloadBytes(visitor, () =>
      visitor.getByRole('button', { name: ShareText.DOWNLOAD_SELECTED }).click(),
    );
    expect(zip.name).toMatch(/\.zip$/);
    const entries = await unzip(zip.bytes);
    expect([...entries.keys()].sort()).toEqual(['photo.bin', '分享说明.txt']);
    expect(entries.get('photo.bin')?.equals(files[1]?.bytes ?? Buffer.alloc(0))).toBe(true);
    await context.close();
  });

  await test.step('my shares lists the link with its counts; cancelling it ends the link', async () => {
    await page.locator('.drive-toolbar').getByRole('button', { name: ShareText.MY_SHARES }).click();
    const list = page.getByRole('dialog', { name: ShareText.MY_SHARES });
    const entry = list
      .locator('tr', { hasText: 'photo.bin' })
      .or(list.locator('tr', { hasText: '分享说明.txt' }));
    await expect(entry.first()).toBeVisible();
    await expect(list).toContainText('ab12');
    await expect(list).toContainText(ShareText.daysLeft(7));
    await shot(page, 'share-3-my-shares');
    await entry
      .first()
      .getByRole('button', { name: new RegExp(`^${ShareText.CANCEL_SHARE}`) })
      .click();
    await page
      .getByRole('dialog')
      .filter({ hasText: ShareText.CANCEL_TITLE })
      .getByRole('button', { name: '确定' })
      .click();
    await expect(list).toContainText(ShareText.STATUS_CANCELLED);
    await list.getByRole('button', { name: 'Close' }).or(list.locator('.ant-modal-close')).first().click();

    const { context, page: visitor } = await signedOut(browser, base);
    await visitor.goto(link);
    await expect(visitor.getByTestId('share-ended')).toContainText(ShareMsg.CANCELLED);
    await shot(visitor, 'share-4-cancelled');
    await context.close();
  });

  await test.step('a shared folder is browsed into on the page, and nothing beside it is listed', async () => {
    await page.getByRole('button', { name: '新建文件夹' }).click();
    const naming = page.getByRole('dialog', { name: '新建文件夹' });
    await naming.getByRole('textbox').fill('相册');
    await naming.getByRole('button', { name: '确定' }).click();
    await expect(row(page, '相册')).toBeVisible();
    await row(page, '相册').getByRole('button', { name: '相册', exact: true }).click();
    await expect(page.locator('.drive-breadcrumb')).toContainText('相册');
    const [inner] = makeFiles(dir, [{ name: '照片说明.txt', text: '相册里的文件' }]);
    await chooseFiles(page, [inner?.path ?? '']);
    await expect(row(page, '照片说明.txt')).toBeVisible({ timeout: 30_000 });
    await page.locator('.drive-breadcrumb').getByRole('link', { name: '全部文件' }).click();
    await expect(row(page, '相册')).toBeVisible();

    await rowAction(page, '相册', ShareText.SHARE);
    const dialog = await shareDialog(page);
    await dialog.getByRole('button', { name: ShareText.CREATE_V2 }).click();
    await expect(dialog.getByTestId('share-result')).toBeVisible();
    const folderLink = await dialog
      .locator('input[data-testid="share-link"], [data-testid="share-link"] input')
      .first()
      .inputValue();
    const folderCode = await dialog
      .locator('input[data-testid="share-code"], [data-testid="share-code"] input')
      .first()
      .inputValue();
    expect(folderCode).toMatch(/^[a-z2-9]{4}$/);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: ShareText.CLOSE }).click();

    const { context, page: visitor } = await signedOut(browser, base);
    // A copied link carries the code: it is filled in.
    await visitor.goto(`${folderLink}?pwd=${folderCode}`);
    await expect(visitor.getByRole('textbox', { name: ShareText.CODE })).toHaveValue(folderCode);
    await visitor.getByRole('button', { name: ShareText.OPEN }).click();
    await expect(visitor.locator('.share-row[data-name]')).toHaveCount(1);
    await visitor
      .locator('.share-row[data-name="相册"]')
      .getByRole('button', { name: '相册', exact: true })
      .click();
    await expect(visitor.locator('.share-row[data-name="照片说明.txt"]')).toBeVisible();
    await expect(visitor.locator('.share-files__crumbs')).toContainText('相册');
    const got = await downloadBytes(visitor, () =>
      visitor
        .locator('.share-row[data-name="照片说明.txt"]')
        .getByRole('button', { name: `${ShareText.DOWNLOAD} 照片说明.txt` })
        .click(),
    );
    expect(got.bytes.toString()).toBe('相册里的文件');
    await visitor.locator('.share-files__crumbs').getByRole('button', { name: ShareText.ALL }).click();
    await expect(visitor.locator('.share-row[data-name="相册"]')).toBeVisible();
    await context.close();
  });

  await test.step('the older face shares a file without a code, at 375 px, and a phone opens it', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/#/pan/index/path=999');
    await expect(row(page, '分享说明.txt')).toBeVisible();
    await row(page, '分享说明.txt').getByRole('button', { name: '分享说明.txt 的操作' }).click();
    await page.getByRole('menuitem', { name: ShareText.SHARE }).click();
    const dialog = await shareDialog(page);
    await expect(dialog).toContainText(ShareText.titleV1('分享说明.txt', 1));
    await dialog.getByText(ShareText.EXPIRY_NAMES[0]).click();
    await dialog.getByText(ShareText.CODE_NONE).click();
    await expectNoSidewaysScroll(page, 'the share dialog at 375 px');
    await dialog.getByRole('button', { name: ShareText.CREATE_V1 }).click();
    await expect(dialog.getByTestId('share-result')).toBeVisible();
    await expect(dialog.getByTestId('share-code')).toHaveCount(0);
    const openLink = await dialog
      .locator('input[data-testid="share-link"], [data-testid="share-link"] input')
      .first()
      .inputValue();
    await shot(page, 'share-5-pan-375');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: ShareText.CLOSE }).click();

    await page.getByRole('button', { name: ShareText.MY_SHARES }).click();
    const list = page.getByRole('dialog', { name: ShareText.MY_SHARES });
    await expect(list).toContainText(ShareText.FOREVER);
    await expectNoSidewaysScroll(page, 'my shares at 375 px');
    await expectTouchSize(list.getByRole('button', { name: /^复制链接/ }).first(), 'copy link');
    await shot(page, 'share-6-my-shares-375');

    const { context, page: visitor } = await signedOut(browser, base, { width: 375, height: 812 });
    await visitor.goto(openLink);
    const item = visitor.locator('.share-row[data-name="分享说明.txt"]');
    await expect(item).toBeVisible();
    await expectNoSidewaysScroll(visitor, 'the share page at 375 px');
    const download = item.getByRole('button', { name: `${ShareText.DOWNLOAD} 分享说明.txt` });
    await expectTouchSize(download, 'the download button');
    const got = await downloadBytes(visitor, () => download.click());
    expect(got.bytes.toString()).toBe('给朋友的文件');
    await shot(visitor, 'share-7-page-375');
    await context.close();
  });
});
