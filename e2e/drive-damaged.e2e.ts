import { DriveMsg, ServiceId, ShareMsg, ShareText } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { rotOnDisk } from './support/blobs';
import {
  chooseFiles,
  makeFiles,
  passGate,
  row,
  rowAction,
  select,
  signedOut,
  signUpWithPhone,
  tempDir,
} from './support/drive';
import { expect, shot, test } from './support/fixtures';

async function openDrive(page: Page): Promise<void> {
  const { phone } = await signUpWithPhone(page, 'rot');
  await page.locator(`.service-tile[data-service="${ServiceId.DRIVE}"]`).click();
  await passGate(page, phone);
  await expect(page).toHaveURL(/#\/alipan\/index\/path=root$/);
}

test('a file found damaged: tagged in the list and the grid, its download and preview say why, 375 px', async ({
  page,
}) => {
  page.setDefaultTimeout(15_000);
  await openDrive(page);
  const [report, fine] = makeFiles(await tempDir(), [
    { name: '年度报告.txt', text: '年度报告：收入与支出。'.repeat(200) },
    { name: '正常.txt', text: '没有问题的文件' },
  ]);
  if (!report || !fine) throw new Error('files not made');
  await chooseFiles(page, [report.path, fine.path]);
  await expect(row(page, '正常.txt')).toBeVisible({ timeout: 30_000 });
  await expect(row(page, '年度报告.txt')).toBeVisible();

  rotOnDisk(report.bytes);
  await page.reload();
  const tag = row(page, '年度报告.txt').getByText('已损坏', { exact: true });
  await expect(tag).toBeVisible();
  await expect(row(page, '正常.txt').getByText('已损坏')).toHaveCount(0);
  await tag.hover();
  await expect(page.getByRole('tooltip')).toHaveText(DriveMsg.FILE_DAMAGED);
  await shot(page, '95-drive-damaged');

  let downloads = 0;
  page.on('download', () => {
    downloads++;
  });
  await rowAction(page, '年度报告.txt', '下载');
  await expect(page.getByText(DriveMsg.FILE_DAMAGED).last()).toBeVisible();
  await row(page, '年度报告.txt').getByRole('button', { name: '年度报告.txt' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(downloads).toBe(0);

  await page.getByText('缩略图', { exact: true }).click();
  await expect(page.locator('.drive-tile[data-name="年度报告.txt"]').getByText('已损坏')).toBeVisible();
  await expect(page.locator('.drive-tile[data-name="正常.txt"]').getByText('已损坏')).toHaveCount(0);
  await shot(page, '95-drive-damaged-grid');
  await page.getByText('列表', { exact: true }).click();

  await page.setViewportSize({ width: 375, height: 812 });
  const narrowTag = row(page, '年度报告.txt').getByText('已损坏', { exact: true });
  await expect(narrowTag).toBeInViewport();
  await expect(
    row(page, '年度报告.txt').getByRole('button', { name: '年度报告.txt 的操作' }),
  ).toBeInViewport();
  await shot(page, '96-drive-damaged-375');
});

test("a damaged file in a folder: the folder's zip says which, and a share's visitor sees the tag and the share's text, 375 px", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  await openDrive(page);
  const [plan, fine] = makeFiles(await tempDir(), [
    { name: '方案.txt', text: '项目方案，第一稿。'.repeat(300) },
    { name: '附录.txt', text: '附录内容' },
  ]);
  if (!plan || !fine) throw new Error('files not made');
  await page.getByRole('button', { name: '新建文件夹' }).click();
  const folderDialog = page.getByRole('dialog', { name: '新建文件夹' });
  await folderDialog.getByRole('textbox').fill('资料');
  await folderDialog.getByRole('button', { name: '确定' }).click();
  await row(page, '资料').getByRole('button', { name: '资料' }).click();
  await expect(page).toHaveURL(/#\/alipan\/index\/path=root\.\d+$/);
  await chooseFiles(page, [plan.path, fine.path]);
  await expect(row(page, '附录.txt')).toBeVisible({ timeout: 30_000 });
  await expect(row(page, '方案.txt')).toBeVisible();
  await page.locator('.drive-breadcrumb').getByRole('link', { name: '全部文件' }).click();
  rotOnDisk(plan.bytes);

  // The folder's own row cannot say what is inside: its zip is refused, naming the file, and the
  // page stays where it is.
  await select(page, '资料');
  await page.locator('.drive-toolbar').getByRole('button', { name: '下载' }).click();
  await expect(page.getByText(`${DriveMsg.FILE_DAMAGED}：资料/方案.txt`)).toBeVisible();
  await expect(page).toHaveURL(/#\/alipan\/index\/path=root$/);

  // Shared: the visitor sees the tag in the folder, and is told the share's text.
  await page
    .locator('.drive-toolbar')
    .getByRole('button', { name: /(^|\s)分享$/ })
    .click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('.share-form, .share-result') });
  await dialog.getByRole('button', { name: ShareText.CREATE_V2 }).click();
  const link = await dialog
    .locator('input[data-testid="share-link"], [data-testid="share-link"] input')
    .first()
    .inputValue();
  const code = await dialog
    .locator('input[data-testid="share-code"], [data-testid="share-code"] input')
    .first()
    .inputValue();
  const { context, page: visitor } = await signedOut(browser, baseURL ?? '');
  await visitor.goto(link);
  if (code) {
    await visitor.getByRole('textbox', { name: ShareText.CODE }).fill(code);
    await visitor.getByRole('button', { name: ShareText.OPEN }).click();
  }
  await visitor
    .locator('.share-row[data-name="资料"]')
    .getByRole('button', { name: '资料', exact: true })
    .click();
  const damagedRow = visitor.locator('.share-row[data-name="方案.txt"]');
  const tag = damagedRow.locator('.share-row__name > .share-row__damaged');
  await expect(tag).toHaveText('已损坏');
  await expect(visitor.locator('.share-row[data-name="附录.txt"]').getByText('已损坏')).toHaveCount(0);
  await tag.hover();
  await expect(visitor.getByRole('tooltip')).toHaveText(ShareMsg.FILE_DAMAGED);
  await shot(visitor, '97-share-damaged');
  let downloads = 0;
  visitor.on('download', () => {
    downloads++;
  });
  await damagedRow.getByRole('button', { name: `${ShareText.DOWNLOAD} 方案.txt` }).click();
  await expect(visitor.getByText(ShareMsg.FILE_DAMAGED).last()).toBeVisible();
  await damagedRow.getByRole('button', { name: '方案.txt', exact: true }).click();
  await expect(visitor.getByTestId('share-preview-text')).toHaveCount(0);
  expect(downloads).toBe(0);

  await visitor.setViewportSize({ width: 375, height: 812 });
  await expect(damagedRow.locator('.share-row__meta .share-row__damaged')).toBeInViewport();
  await expect(damagedRow.getByRole('button', { name: `${ShareText.DOWNLOAD} 方案.txt` })).toBeInViewport();
  await shot(visitor, '97-share-damaged-375');
  await context.close();
});
