import { DriveMsg } from '@phonecloud/shared';
import type { Locator, Page } from '@playwright/test';
import { chooseFiles, makeFiles, passGate, row, select, signUpWithPhone, tempDir } from './support/drive';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/screen';

/** Every button of the dialog lies inside the window. */
async function expectButtonsOnScreen(page: Page, dialog: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  const buttons = await dialog.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    if (!(await button.isVisible())) continue;
    const box = await button.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? width + 1)).toBeLessThanOrEqual(width);
  }
}

async function newFolder(page: Page, name: string) {
  await page.getByRole('button', { name: '新建文件夹' }).click();
  const dialog = page.getByRole('dialog', { name: '新建文件夹' });
  await dialog.getByRole('textbox').fill(name);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(row(page, name)).toBeVisible();
}

async function openFolder(page: Page, name: string) {
  await row(page, name).getByRole('button', { name, exact: true }).click();
  await expect(page.locator('.drive-breadcrumb__current')).toHaveText(name);
}

async function toRoot(page: Page) {
  await page.locator('.drive-breadcrumb').getByRole('link', { name: '全部文件' }).click();
}

/** Uploads files of the given names and texts from a folder of their own; waits for their rows. */
async function upload(page: Page, specs: Array<{ name: string; text: string }>) {
  const files = makeFiles(await tempDir(), specs);
  await chooseFiles(
    page,
    files.map((f) => f.path),
  );
}

/** The name-conflict question: its names, then the answer. */
async function answerConflict(
  page: Page,
  names: string[],
  answer: '替换' | '保留两者' | '跳过',
  tag: string,
) {
  const dialog = page.locator('.drive-conflict');
  await expect(dialog).toBeVisible();
  for (const name of names) await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  await expectButtonsOnScreen(page, dialog);
  await shot(page, tag, { fullPage: false });
  await dialog.getByRole('button', { name: answer }).click();
  await expect(dialog).toBeHidden();
}

async function moveTo(page: Page, folder: string) {
  await page.getByRole('button', { name: '移动到' }).click();
  const dialog = page.getByRole('dialog', { name: '移动到' });
  await dialog.getByRole('treeitem', { name: folder }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
}

async function binNames(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: '回收站' }).click();
  const bin = page.getByRole('dialog', { name: '回收站' });
  await expect(bin.locator('.recycle-bin__name').first()).toBeVisible();
  const names = (await bin.locator('.recycle-bin__name').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await expect(bin).toBeHidden();
  return names;
}

for (const screen of [
  { name: 'desktop', width: 1374, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`drive: a taken name asks replace / keep both / skip; a partly failed move names the files [${screen.name}]`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: screen.width, height: screen.height },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const { phone } = await signUpWithPhone(page, `dcf${screen.name[0]}`);
    await page.goto('/#/alipan/index/path=root');
    await passGate(page, phone);
    await expect(page).toHaveURL(/#\/alipan\/index\/path=root$/);
    const tag = `drive-conflict-${screen.name}`;

    await test.step('upload into a folder that holds the names: replace, keep both, skip', async () => {
      await newFolder(page, '目标');
      await openFolder(page, '目标');
      await upload(page, [
        { name: 'x.txt', text: 'old x' },
        { name: 'y.txt', text: 'old y' },
      ]);
      await expect(row(page, 'y.txt')).toBeVisible({ timeout: 30_000 });
      await expect(row(page, 'x.txt')).toBeVisible();
      await upload(page, [{ name: 'x.txt', text: 'newer x!' }]);
      await answerConflict(page, ['x.txt'], '替换', `${tag}-upload`);
      // The new one (8 bytes) in the old one's place, once its upload has landed.
      await expect(row(page, 'x.txt')).toContainText('8B', { timeout: 30_000 });
      await expect(row(page, 'x(1).txt')).toHaveCount(0);
      expect(await binNames(page)).toContain('x.txt');
      await upload(page, [{ name: 'y.txt', text: 'second y' }]);
      await answerConflict(page, ['y.txt'], '保留两者', `${tag}-upload-keep`);
      await expect(row(page, 'y(1).txt')).toBeVisible({ timeout: 30_000 });
      await upload(page, [{ name: 'y.txt', text: 'third y' }]);
      await answerConflict(page, ['y.txt'], '跳过', `${tag}-upload-skip`);
      await expect(page.getByText('已跳过1个同名文件')).toBeVisible();
      await expect(row(page, 'y(2).txt')).toHaveCount(0);
    });

    await test.step('move into it: the taken names are asked about, keep both moves them all', async () => {
      await toRoot(page);
      await upload(page, [
        { name: 'x.txt', text: 'root x' },
        { name: 'y.txt', text: 'root y' },
        { name: 'z.txt', text: 'root z' },
        { name: 'v.txt', text: 'root v' },
        { name: 'w.txt', text: 'root w' },
      ]);
      await expect(row(page, 'w.txt')).toBeVisible({ timeout: 30_000 });
      await select(page, 'x.txt', 'y.txt', 'z.txt');
      await moveTo(page, '目标');
      await answerConflict(page, ['x.txt', 'y.txt'], '保留两者', `${tag}-move`);
      await expect(page.getByText(DriveMsg.MOVE_OK)).toBeVisible();
      await openFolder(page, '目标');
      for (const name of ['x.txt', 'x(1).txt', 'y.txt', 'y(1).txt', 'y(2).txt', 'z.txt']) {
        await expect(row(page, name)).toBeVisible();
      }
      await toRoot(page);
    });

    await test.step('a move that partly fails names the file and why', async () => {
      // Another tab deletes w.txt; this one still lists it.
      const other = await context.newPage();
      await other.goto('/#/alipan/index/path=root');
      await select(other, 'w.txt');
      await other.locator('.drive-toolbar').getByRole('button', { name: '删除' }).click();
      await other.getByRole('dialog', { name: '删除文件' }).getByRole('button', { name: '确定' }).click();
      await expect(row(other, 'w.txt')).toHaveCount(0);
      await other.close();
      await expect(row(page, 'w.txt')).toBeVisible();
      await select(page, 'v.txt', 'w.txt');
      await moveTo(page, '目标');
      const report = page.locator('.drive-move-failures');
      await expect(report).toBeVisible();
      await expect(report).toContainText(DriveMsg.MOVE_PARTIAL);
      await expect(report).toContainText('以下1个文件/文件夹未能移动');
      await expect(report.locator('li')).toHaveText([`w.txt：${DriveMsg.NOT_FOUND}`]);
      await expect(report).not.toContainText('v.txt');
      await expectButtonsOnScreen(page, report);
      await expectNoSidewaysScroll(page, 'move report');
      await shot(page, `${tag}-move-report`, { fullPage: false });
      await report.getByRole('button', { name: '确定' }).click();
      await expect(row(page, 'v.txt')).toHaveCount(0);
    });

    if (screen.name === 'desktop') {
      await test.step('pan: a move onto a taken name replaces through the route beside move.json', async () => {
        await page.goto('/#/pan/index/path=999');
        await expect(row(page, '目标')).toBeVisible();
        await upload(page, [{ name: 'v.txt', text: 'pan v, longer' }]);
        await expect(row(page, 'v.txt')).toBeVisible({ timeout: 30_000 });
        const calls: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/v1/files/move')) calls.push(new URL(r.url()).pathname);
        });
        await select(page, 'v.txt');
        await moveTo(page, '目标');
        await answerConflict(page, ['v.txt'], '替换', `${tag}-pan-move`);
        await expect(page.getByText(DriveMsg.MOVE_OK)).toBeVisible();
        expect(calls).toEqual(['/v1/files/move.json', '/v1/files/moveOndup.json']);
        await openFolder(page, '目标');
        await expect(row(page, 'v.txt')).toContainText('13B');
      });
    }
    await context.close();
  });
}
