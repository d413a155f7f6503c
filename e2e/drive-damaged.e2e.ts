import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DriveMsg, ServiceId } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { chooseFiles, makeFiles, passGate, row, rowAction, signUpWithPhone, tempDir } from './support/drive';
import { expect, shot, test } from './support/fixtures';

/**
 * Flips a byte of a stored file on the server's disk (bit rot) and runs the operator's store
 * check (`npm run admin -- blobs check`), which marks it damaged and exits 1.
 */
function rotOnDisk(bytes: Buffer): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run');
  const key = createHash('sha256').update(bytes).digest('hex');
  const rotten = Buffer.from(bytes);
  rotten[0] = (rotten[0] ?? 0) ^ 1;
  writeFileSync(path.join(dataDir, 'blobs', key.slice(0, 2), key.slice(2, 4), key), rotten);
  const repo = path.resolve(test.info().project.testDir, '..');
  const check = spawnSync(
    process.execPath,
    [path.join(repo, 'apps/server/dist/admin.js'), 'blobs', 'check'],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  expect(check.stderr).toContain(`blob ${key}: its bytes hash to`);
}

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
