import { DriveMsg, ServiceId } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { rotOnDisk } from './support/blobs';
import { chooseFiles, makeFiles, passGate, row, rowAction, signUpWithPhone, tempDir } from './support/drive';
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
