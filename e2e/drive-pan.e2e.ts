import { DriveApi, DriveMsg, Msg } from '@phonecloud/shared';
import type { Locator, Page } from '@playwright/test';
import {
  chooseFiles,
  downloadBytes,
  makeFiles,
  passGate,
  row,
  rowAction,
  select,
  signUpWithPhone,
  sparseFile,
  tempDir,
  unzip,
} from './support/drive';
import { expect, shot, test } from './support/fixtures';

const GB = 1024 ** 3;

/** What the steps share: the signed-up owner's page, the files to upload, and the upload host's calls seen. */
interface Pan {
  page: Page;
  phone: string;
  dir: string;
  toolbar(name: string): Locator;
  panel: Locator;
  /** The query of every POST of bytes to the upload host. */
  hostPosts: string[];
  /** The method of every call to the upload host's quick-upload head. */
  heads: string[];
  files: DriveFile[];
  d: DriveFile | undefined;
  e: DriveFile | undefined;
  f: DriveFile | undefined;
}

type DriveFile = ReturnType<typeof makeFiles>[number];

test('pan: gate on 6001, uploads with quick upload (0 and 422), folder rules, move, downloads, bin with restore conflict, quota', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const pan = await signUpForPan(page);
  await test.step('the first v1 call refreshes the drive session, 6001 leads to the gate, then to the root', () =>
    gateThenRoot(pan));
  await test.step('several files: hashed, checked on the upload host (404), then sent', () =>
    uploadSeveral(pan));
  await test.step('new folder: the rules and the older variant’s duplicate text', () => newFolderRules(pan));
  await test.step('rename onto an existing name closes silently; a new name is taken', () =>
    renameRules(pan));
  await test.step('quick upload: known content in another folder is linked without its bytes; again there is 422', () =>
    quickUpload(pan));
  await test.step('move through the tree: the texts, then into the folder', () => moveThroughTree(pan));
  await test.step('download a file and a zip (packageUrl) and compare the bytes', () =>
    downloadAndCompare(pan));
  await test.step('bin: restore refused when the name is taken again, restore after, empty with the warning', () =>
    binRestoreAndEmpty(pan));
  await test.step('a lost connection gives each action its own text (spec §8)', () => offlineTexts(pan));
  await test.step('over the free space: the quota dialog; 知道了 resets the choice', () => quotaDialog(pan));
  await test.step('a browser without FileReader is told it is too old', () => tooOldBrowser(pan));
});

async function signUpForPan(page: Page): Promise<Pan> {
  page.setDefaultTimeout(15_000);
  const { phone } = await signUpWithPhone(page, 'pan');
  const dir = await tempDir();
  const hostPosts: string[] = [];
  const heads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === DriveApi.uploadFile && r.method() === 'POST') hostPosts.push(url.search);
    if (url.pathname === DriveApi.uploadHead) heads.push(r.method());
  });
  const files = makeFiles(dir, [
    { name: 'd.bin', size: 1024 * 1024 },
    { name: 'e.txt', text: '旧版云盘 older drive' },
    // Two hash chunks and one byte.
    { name: 'f.bin', size: 204800 * 2 + 1 },
  ]);
  const [d, e, f] = files;
  return {
    page,
    phone,
    dir,
    toolbar: (name) => page.locator('.drive-toolbar').getByRole('button', { name }),
    panel: page.getByRole('region', { name: '上传列表' }),
    hostPosts,
    heads,
    files,
    d,
    e,
    f,
  };
}

async function gateThenRoot({ page, phone }: Pan) {
  await page.goto('/#/pan/index/path=999');
  await expect(page).toHaveURL(/#\/pan\.check$/);
  await passGate(page, phone);
  await expect(page).toHaveURL(/#\/pan\/index\/path=999$/);
  await expect(page.getByText(DriveMsg.EMPTY_NO_FILES)).toBeVisible();
  await expect(page.getByTestId('drive-space')).toContainText('0B / 5GB');
  await shot(page, '70-pan-empty');
}

async function uploadSeveral({ page, panel, hostPosts, e, files }: Pan) {
  await chooseFiles(
    page,
    files.map((x) => x.path),
  );
  await expect(panel.getByRole('tab', { name: '已完成(3)' })).toBeVisible({ timeout: 30_000 });
  expect(hostPosts).toHaveLength(3);
  expect(hostPosts.every((q) => q.includes('duplicatePolicy=2'))).toBe(true);
  await expect(row(page, 'd.bin')).toContainText('1MB');
  await expect(row(page, 'f.bin')).toContainText('400KB');
  await expect(row(page, 'e.txt')).toContainText(`${e?.bytes.length}B`);
  await panel.getByRole('tab', { name: '已完成(3)' }).click();
  await shot(page, '71-pan-uploaded');
}

async function newFolderRules({ page, toolbar }: Pan) {
  await toolbar('新建文件夹').click();
  const dialog = page.getByRole('dialog', { name: '新建文件夹' });
  const input = dialog.getByRole('textbox');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(DriveMsg.FOLDER_NAME_EMPTY);
  await input.fill('a<b');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(DriveMsg.NAME_BAD_CHARS);
  await input.fill('x'.repeat(39));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(DriveMsg.NAME_TOO_LONG);
  await input.fill('备份');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(row(page, '备份')).toBeVisible();
  await toolbar('新建文件夹').click();
  await input.fill('备份');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(DriveMsg.FOLDER_EXISTS_V1);
  await shot(page, '72-pan-folder-exists', { fullPage: false });
  await dialog.getByRole('button', { name: '取消' }).click();
}

async function renameRules({ page }: Pan) {
  await rowAction(page, 'e.txt', '重命名');
  const dialog = page.getByRole('dialog', { name: '重命名' });
  // The name is selected without its extension, so typing replaces just that.
  await expect(dialog.getByRole('textbox')).toBeFocused();
  expect(
    await dialog
      .getByRole('textbox')
      .evaluate((el: HTMLInputElement) => [el.value, el.selectionStart, el.selectionEnd]),
  ).toEqual(['e.txt', 0, 1]);
  await dialog.getByRole('textbox').fill('f.bin');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'e.txt')).toBeVisible();
  await rowAction(page, 'e.txt', '重命名');
  await dialog.getByRole('textbox').fill('e2.txt');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(row(page, 'e2.txt')).toBeVisible();
}

async function quickUpload({ page, panel, hostPosts, heads, d }: Pan) {
  await row(page, '备份').getByRole('button', { name: '备份' }).click();
  await expect(page).toHaveURL(/#\/pan\/index\/path=999\.\d+$/);
  await expect(page.getByText(DriveMsg.EMPTY_FOLDER)).toBeVisible();
  const postsBefore = hostPosts.length;
  const headsBefore = heads.length;
  await chooseFiles(page, [d?.path ?? '']);
  await expect(panel.getByRole('tab', { name: '已完成(4)' })).toBeVisible();
  await expect(row(page, 'd.bin')).toBeVisible();
  expect(hostPosts.length).toBe(postsBefore);
  expect(heads.slice(headsBefore)).toEqual(['GET', 'POST']);
  await panel.getByRole('tab', { name: '已完成(4)' }).click();
  await expect(panel.locator('.upload-row').filter({ hasText: '秒传成功' })).toHaveCount(1);

  await chooseFiles(page, [d?.path ?? '']);
  await expect(page.getByText(DriveMsg.SAME_NAME_409)).toBeVisible();
  await expect(panel.locator('.upload-row').filter({ hasText: '云盘中已存在' })).toHaveCount(1);
  expect(hostPosts.length).toBe(postsBefore);
  await shot(page, '73-pan-quick-upload');
  await page.locator('.drive-breadcrumb').getByRole('link', { name: '全部文件' }).click();
  await expect(page).toHaveURL(/#\/pan\/index\/path=999$/);
}

async function moveThroughTree({ page, toolbar }: Pan) {
  await select(page, 'f.bin');
  await toolbar('移动到').click();
  const dialog = page.getByRole('dialog', { name: '移动到' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(DriveMsg.MOVE_NO_TARGET);
  await dialog.getByRole('treeitem', { name: '全部文件' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(DriveMsg.MOVE_INTO_SELF);
  await dialog.getByRole('treeitem', { name: '备份' }).click();
  await shot(page, '74-pan-move', { fullPage: false });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(DriveMsg.MOVE_OK)).toBeVisible();
  await expect(row(page, 'f.bin')).toHaveCount(0);
}

async function downloadAndCompare({ page, toolbar, d, e, f }: Pan) {
  const single = await downloadBytes(page, () => rowAction(page, 'e2.txt', '下载'));
  expect(single.bytes.equals(e?.bytes ?? Buffer.alloc(1))).toBe(true);
  await select(page, 'd.bin', '备份');
  const zip = await downloadBytes(page, () => toolbar('下载').click());
  const entries = await unzip(zip.bytes);
  expect(entries.get('d.bin')?.equals(d?.bytes ?? Buffer.alloc(1))).toBe(true);
  expect(entries.get('备份/d.bin')?.equals(d?.bytes ?? Buffer.alloc(1))).toBe(true);
  expect(entries.get('备份/f.bin')?.equals(f?.bytes ?? Buffer.alloc(1))).toBe(true);
}

async function binRestoreAndEmpty({ page, toolbar, d }: Pan) {
  await row(page, '备份').getByRole('checkbox').uncheck();
  await toolbar('删除').click();
  await page.getByRole('dialog', { name: '删除文件' }).getByRole('button', { name: '确定' }).click();
  await expect(row(page, 'd.bin')).toHaveCount(0);
  // The same file again: its content is known, so it comes back by quick upload under its name.
  await chooseFiles(page, [d?.path ?? '']);
  await expect(row(page, 'd.bin')).toBeVisible();

  await toolbar('回收站').click();
  const bin = page.getByRole('dialog', { name: '回收站' });
  await bin
    .getByRole('row', { name: /d\.bin/ })
    .getByRole('checkbox')
    .check();
  await bin.getByRole('button', { name: '恢复' }).click();
  await page.getByRole('dialog', { name: '恢复文件' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(DriveMsg.RESTORE_EXISTS)).toBeVisible();
  await shot(page, '75-pan-restore-conflict', { fullPage: false });
  await bin.locator('.ant-modal-close').click();

  await rowAction(page, 'd.bin', '删除');
  await page.getByRole('dialog', { name: '删除文件' }).getByRole('button', { name: '确定' }).click();
  await expect(row(page, 'd.bin')).toHaveCount(0);
  await toolbar('回收站').click();
  await expect(bin.getByRole('row', { name: /d\.bin/ })).toHaveCount(2);
  await bin
    .getByRole('row', { name: /d\.bin/ })
    .first()
    .getByRole('checkbox')
    .check();
  await bin.getByRole('button', { name: '恢复' }).click();
  await page.getByRole('dialog', { name: '恢复文件' }).getByRole('button', { name: '确定' }).click();
  await expect(bin.getByRole('row', { name: /d\.bin/ })).toHaveCount(1);
  await bin.getByRole('button', { name: '清空回收站' }).click();
  const empty = page.getByRole('dialog', { name: '清空回收站' });
  await expect(empty).toContainText('此操作无法撤销');
  await shot(page, '76-pan-empty-bin', { fullPage: false });
  await empty.getByRole('button', { name: '确定' }).click();
  await expect(bin.getByText('回收站是空的')).toBeVisible();
  await bin.locator('.ant-modal-close').click();
  await expect(row(page, 'd.bin')).toBeVisible();
}

async function offlineTexts({ page, toolbar, e }: Pan) {
  const offline = async (path: string, act: () => Promise<void>, text: string) => {
    const match = (url: URL) => url.pathname === path;
    await page.route(match, (r) => r.abort('internetdisconnected'));
    await act();
    await expect(page.getByText(text).first()).toBeVisible();
    await page.unroute(match);
  };
  const newFolder = page.getByRole('dialog', { name: '新建文件夹' });
  await offline(
    DriveApi.v1Add,
    async () => {
      await toolbar('新建文件夹').click();
      await newFolder.getByRole('textbox').fill('断网');
      await newFolder.getByRole('button', { name: '确定' }).click();
    },
    DriveMsg.NET_MKDIR,
  );
  await offline(
    DriveApi.v1Rename,
    async () => {
      await rowAction(page, 'e2.txt', '重命名');
      const dialog = page.getByRole('dialog', { name: '重命名' });
      await dialog.getByRole('textbox').fill('e3.txt');
      await dialog.getByRole('button', { name: '确定' }).click();
    },
    DriveMsg.NET_RENAME,
  );
  await offline(DriveApi.v1DownloadUrl, () => rowAction(page, 'e2.txt', '下载'), DriveMsg.NET_DOWNLOAD_URL);
  await offline(
    DriveApi.v1Remove,
    async () => {
      await rowAction(page, 'e2.txt', '删除');
      await page.getByRole('dialog', { name: '删除文件' }).getByRole('button', { name: '确定' }).click();
    },
    DriveMsg.NET_DELETE,
  );
  await offline(
    DriveApi.v1Move,
    async () => {
      await select(page, 'e2.txt');
      await toolbar('移动到').click();
      const dialog = page.getByRole('dialog', { name: '移动到' });
      await dialog.getByRole('treeitem', { name: '备份' }).click();
      await dialog.getByRole('button', { name: '确定' }).click();
    },
    DriveMsg.NET_MOVE,
  );
  await offline(DriveApi.v1UploadUrl, () => chooseFiles(page, [e?.path ?? '']), DriveMsg.NET_UPLOAD_URL);
  await offline(DriveApi.uploadHead, () => chooseFiles(page, [e?.path ?? '']), DriveMsg.NET_QUICK_UPLOAD);
  const reload = async () => {
    await page.reload();
  };
  await offline(DriveApi.v1Quota, reload, Msg.NET_CAPACITY);
  await offline(DriveApi.v1List, reload, Msg.NET_LIST);
  await expect(page.getByText('文件列表加载失败')).toBeVisible();
  await shot(page, '77a-pan-offline', { fullPage: false });
  await page.getByRole('button', { name: '重新加载' }).click();
  await expect(row(page, 'e2.txt')).toBeVisible();
  await expect(row(page, '断网')).toHaveCount(0);
}

async function quotaDialog({ page, dir }: Pan) {
  await chooseFiles(page, [sparseFile(dir, 'big.iso', 5 * GB)]);
  const dialog = page.getByRole('dialog').filter({ hasText: DriveMsg.QUOTA_EXCEEDED });
  await expect(dialog).toBeVisible();
  await shot(page, '77-pan-quota', { fullPage: false });
  await dialog.getByRole('button', { name: DriveMsg.QUOTA_OK_BUTTON }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('drive-file-input')).toHaveValue('');
  await shot(page, '78-pan-list');
}

async function tooOldBrowser({ page, toolbar }: Pan) {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'FileReader');
  });
  await page.reload();
  await expect(row(page, 'e2.txt')).toBeVisible();
  await toolbar('上传文件').click();
  await expect(page.getByText(DriveMsg.BROWSER_TOO_OLD)).toBeVisible();
}
