import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { passGate, row, signUpWithPhone, tempDir } from './support/drive';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';

/** A small JPEG of one colour (the server makes its thumbnails). */
const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/** Names of the rows (or tiles) in the order the page shows them. */
async function shownNames(page: Page, selector = '.drive-list__canvas .drive-row'): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''));
}

/**
 * Drops a folder tree onto the drive as a file manager would: a DataTransfer whose item answers
 * `webkitGetAsEntry()` with directory and file entries (the page reads them through the File and
 * Directory Entries API; a real drop cannot be made by a test, so the entries are stand-ins with the
 * same methods).
 */
async function dropTree(page: Page, tree: Record<string, unknown>, topName: string) {
  await page.evaluate(
    ({ tree, topName }) => {
      type Node = { [name: string]: Node | string };
      const fileEntry = (name: string, text: string) => ({
        name,
        isFile: true,
        isDirectory: false,
        file: (ok: (f: File) => void) => ok(new File([text], name)),
      });
      const dirEntry = (name: string, node: Node): unknown => {
        const children = Object.entries(node).map(([n, v]) =>
          typeof v === 'string' ? fileEntry(n, v) : dirEntry(n, v),
        );
        return {
          name,
          isFile: false,
          isDirectory: true,
          createReader: () => {
            // Entries come in batches until an empty one, as browsers hand them out.
            let given = false;
            return {
              readEntries: (ok: (e: unknown[]) => void) =>
                setTimeout(() => {
                  ok(given ? [] : children);
                  given = true;
                }),
            };
          },
        };
      };
      const root = dirEntry(topName, tree as Node);
      const dt = {
        types: ['Files'],
        files: [],
        items: [{ kind: 'file', webkitGetAsEntry: () => root, getAsFile: () => null }],
      };
      const target = document.querySelector('.drive-drop');
      if (!target) throw new Error('no drop area');
      const over = new Event('dragover', { bubbles: true, cancelable: true });
      Object.defineProperty(over, 'dataTransfer', { value: dt });
      target.dispatchEvent(over);
      const drop = new Event('drop', { bubbles: true, cancelable: true });
      Object.defineProperty(drop, 'dataTransfer', { value: dt });
      target.dispatchEvent(drop);
    },
    { tree, topName },
  );
}

async function chooseSort(page: Page, label: string) {
  await page.getByTestId('drive-sort').click();
  await page.getByRole('menuitem', { name: label }).click();
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: '搜索全部文件' }).or(page.getByPlaceholder('搜索全部文件'));
  await box.first().fill(text);
  await box.first().press('Enter');
  await expect(page.getByRole('region', { name: `“${text}”的搜索结果` })).toBeVisible();
}

const hit = (page: Page, name: string) => page.locator(`.drive-hit[data-name="${name}"]`);

test('drive: folder upload by chooser and by drop, search and jump, sort, grid with thumbnails, both faces, 375 px', async ({
  page,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(20_000);
  const { phone } = await signUpWithPhone(page, 'arr');
  const dir = await tempDir();
  const panel = page.getByRole('region', { name: '上传列表' });

  // A folder on disk: 旅行/行程.txt, 旅行/2024/IMG_2.jpg, IMG_10.jpg (bigger), 海边.jpg.
  const trip = path.join(dir, '旅行');
  mkdirSync(path.join(trip, '2024'), { recursive: true });
  writeFileSync(path.join(trip, '行程.txt'), '第一天 杭州');
  writeFileSync(path.join(trip, '2024', 'IMG_2.jpg'), await jpeg(200, 40, 40));
  writeFileSync(
    path.join(trip, '2024', 'IMG_10.jpg'),
    Buffer.concat([await jpeg(40, 200, 40), Buffer.alloc(20_000)]),
  );
  writeFileSync(path.join(trip, '2024', '海边.jpg'), await jpeg(40, 40, 200));

  await test.step('alipan: a whole folder through the folder chooser: its tree is made and every file uploaded', async () => {
    await page.goto('/#/alipan/index/path=root');
    await expect(page).toHaveURL(/#\/alipan\.check$/);
    await passGate(page, phone);
    await expect(page).toHaveURL(/#\/alipan\/index\/path=root$/);
    const chooser = page.waitForEvent('filechooser');
    await page.locator('.drive-toolbar').getByRole('button', { name: '文件夹上传' }).click();
    await (await chooser).setFiles(trip);
    await expect(panel.getByRole('tab', { name: '已完成(4)' })).toBeVisible({ timeout: 30_000 });
    await expect(row(page, '旅行')).toBeVisible();
    await row(page, '旅行').getByRole('button', { name: '旅行', exact: true }).click();
    await expect(row(page, '2024')).toBeVisible();
    await expect(row(page, '行程.txt')).toBeVisible();
    await row(page, '2024').getByRole('button', { name: '2024', exact: true }).click();
    await expect(row(page, 'IMG_10.jpg')).toBeVisible();
  });

  await test.step('sort: natural name order (2 before 10, Chinese by pinyin: hai < img), then size, both ways', async () => {
    await expect.poll(() => shownNames(page)).toEqual(['海边.jpg', 'IMG_2.jpg', 'IMG_10.jpg']);
    await chooseSort(page, '降序');
    await expect.poll(() => shownNames(page)).toEqual(['IMG_10.jpg', 'IMG_2.jpg', '海边.jpg']);
    await chooseSort(page, '大小');
    await expect.poll(async () => (await shownNames(page))[0]).toBe('IMG_10.jpg');
    await chooseSort(page, '升序');
    await expect.poll(async () => (await shownNames(page)).at(-1)).toBe('IMG_10.jpg');
    await chooseSort(page, '文件名');
    await expect.poll(() => shownNames(page)).toEqual(['海边.jpg', 'IMG_2.jpg', 'IMG_10.jpg']);
  });

  await test.step('grid: tiles with the server-made thumbnails; the choice is remembered', async () => {
    await page.getByText('缩略图', { exact: true }).click();
    const tiles = page.locator('.drive-tile');
    await expect(tiles).toHaveCount(3);
    const thumb = page.locator('.drive-tile[data-name="IMG_2.jpg"] img.drive-tile__thumb');
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(page, '95-alipan-grid');
    await page.reload();
    await expect(page.locator('.drive-tile')).toHaveCount(3);
    await page.getByText('列表', { exact: true }).click();
    await expect(row(page, 'IMG_2.jpg')).toBeVisible();
  });

  await test.step('drop a folder with subfolders (and an empty one) onto the page: its tree is uploaded', async () => {
    await page.goto('/#/alipan/index/path=root');
    await expect(row(page, '旅行')).toBeVisible();
    await dropTree(
      page,
      {
        '2024年度合同.docx': '合同正文',
        扫描件: { 'scan1.pdf': '%PDF-1.4', 'scan2.pdf': '%PDF-1.4' },
        空文件夹: {},
      },
      '合同资料',
    );
    // The page was reloaded since the folder upload: the panel lists this drop's three files.
    await expect(panel.getByRole('tab', { name: '已完成(3)' })).toBeVisible({ timeout: 30_000 });
    await expect(row(page, '合同资料')).toBeVisible();
    await row(page, '合同资料').getByRole('button', { name: '合同资料', exact: true }).click();
    await expect(row(page, '扫描件')).toBeVisible();
    await expect(row(page, '空文件夹')).toBeVisible();
    await expect(row(page, '2024年度合同.docx')).toBeVisible();
    await row(page, '扫描件').getByRole('button', { name: '扫描件', exact: true }).click();
    await expect(row(page, 'scan2.pdf')).toBeVisible();
    // Loose files in a real DataTransfer (no folder in it) take the usual way into this folder.
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['一'], '补充1.txt'));
      dt.items.add(new File(['二'], '补充2.txt'));
      document
        .querySelector('.drive-drop')
        ?.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    });
    await expect(row(page, '补充1.txt')).toBeVisible({ timeout: 30_000 });
    await expect(row(page, '补充2.txt')).toBeVisible();
  });

  await test.step('search a Chinese partial name over the whole drive; a hit shows its folder and jumps to it', async () => {
    await page.goto('/#/alipan/index/path=root');
    await search(page, '合同');
    await expect(hit(page, '2024年度合同.docx')).toContainText('全部文件/合同资料');
    await expect(hit(page, '合同资料')).toBeVisible();
    await shot(page, '96-alipan-search');
    await hit(page, '2024年度合同.docx')
      .getByRole('button', { name: '打开所在文件夹 /合同资料' })
      .first()
      .click();
    await expect(page).toHaveURL(/#\/alipan\/index\/path=root\.\d+$/);
    await expect(row(page, '2024年度合同.docx')).toBeVisible();
    // The hit is marked (selected) in its folder.
    await expect(row(page, '2024年度合同.docx')).toHaveClass(/is-selected/);
    await expect(page.locator('.drive-breadcrumb')).toContainText('合同资料');
    // Partial Latin names, case folded.
    await search(page, 'img_');
    await expect(hit(page, 'IMG_2.jpg')).toContainText('全部文件/旅行/2024');
    await hit(page, 'IMG_10.jpg').locator('.drive-hit__where').click();
    await expect(row(page, '海边.jpg')).toBeVisible();
  });

  await test.step('pan: the same drive; the remembered view, a dropped folder, search and jump', async () => {
    const saved = page.waitForResponse((r) => r.url().includes('/v2/drive/update_prefs'));
    await page.getByText('缩略图', { exact: true }).click();
    await saved;
    // What the browser remembers is dropped: the grid on /pan comes from the server's preference.
    await page.evaluate(() => localStorage.removeItem('phonecloud.drive.prefs'));
    await page.goto('/#/pan/index/path=999');
    await expect(page.locator('.drive-tile[data-name="旅行"]')).toBeVisible();
    await page.getByText('列表', { exact: true }).click();
    await dropTree(page, { '说明.txt': '旧版', 子目录: { '清单.csv': 'a,b' } }, '资料(旧版)');
    await expect(row(page, '资料(旧版)')).toBeVisible({ timeout: 30_000 });
    await search(page, '清单');
    await expect(hit(page, '清单.csv')).toContainText('全部文件/资料(旧版)/子目录');
    await hit(page, '清单.csv').locator('.drive-hit__where').click();
    await expect(page).toHaveURL(/#\/pan\/index\/path=999\.\d+\.\d+$/);
    await expect(row(page, '清单.csv')).toBeVisible();
    // Dropping the same folder again: the top folder takes the next free name.
    await page.goto('/#/pan/index/path=999');
    await expect(row(page, '资料(旧版)')).toBeVisible();
    await dropTree(page, { '说明.txt': '旧版' }, '资料(旧版)');
    await expect(row(page, '资料(旧版)(1)')).toBeVisible({ timeout: 30_000 });
    await shot(page, '97-pan-arranged');
  });

  await test.step('375 px: the bars wrap, nothing scrolls sideways, the controls are thumb-sized', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/#/pan/index/path=999');
    await expect(row(page, '旅行')).toBeVisible();
    await expectNoSidewaysScroll(page, 'drive with its arrange bar');
    await expectTouchSize(page.getByTestId('drive-sort'), 'the sort button');
    await expectTouchSize(
      page.locator('.drive-arrange').getByRole('button', { name: '搜索' }),
      'the search button',
    );
    await page.getByText('缩略图', { exact: true }).click();
    await expect(page.locator('.drive-tile[data-name="旅行"]')).toBeVisible();
    await expectNoSidewaysScroll(page, 'drive grid');
    await search(page, '海边');
    await expectNoSidewaysScroll(page, 'search results');
    await shot(page, '98-pan-375-search');
  });
});
