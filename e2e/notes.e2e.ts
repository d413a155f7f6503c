import { readFileSync } from 'node:fs';
import { CalendarMsg, NoteApi, NoteMsg } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { fixture } from './support/contacts';
import { expect, shot, test } from './support/fixtures';
import {
  afterPendingTimers,
  boardNote,
  boardPoint,
  boxCard,
  mouseDrag,
  noteList,
  notePost,
  openNotesAsNewUser,
  placeOnBoard,
  saveNote,
} from './support/notes';
import { expectNoSidewaysScroll } from './support/screen';

// Each test signs up its own account (phone + SMS) and passes the gate: independent notes.
test.describe.configure({ timeout: 180_000 });

const editorDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.note-editor') });

test('notes through the gate: create with a checklist and an image, autosave, reload, colour', async ({
  page,
}) => {
  await openNotesAsNewUser(page, 'ne', () => shot(page, '80-notes-gate', { fullPage: false }));
  await expect(page.getByText(NoteMsg.EMPTY_BOX)).toBeVisible();
  await expect(page.getByText(NoteMsg.NO_BOARD)).toBeVisible();
  await shot(page, '80-notes-empty');

  await page.getByRole('button', { name: NoteMsg.CREATE }).click();
  const editor = editorDialog(page);
  await expect(editor).toBeVisible();
  await editor.getByLabel(NoteMsg.TITLE_PLACEHOLDER, { exact: true }).fill('周末采购');
  await editor.getByLabel('副标题').fill('超市');
  await editor.getByRole('button', { name: '添加清单' }).click();
  await editor.getByLabel('清单项').last().fill('牛奶');
  await editor.getByLabel('清单项').last().press('Enter');
  await editor.getByLabel('清单项').last().fill('鸡蛋');
  await editor.getByRole('checkbox', { name: '勾选 牛奶' }).check();
  // Only jpg, png, jpeg are images.
  await editor.getByLabel('插入图片').setInputFiles(fixture('import-a.vcf'));
  await expect(editor.getByText(NoteMsg.IMAGE_FORMAT)).toBeVisible();
  await editor.getByLabel('插入图片').setInputFiles(fixture('avatar.png'));
  await expect(editor.locator('.note-block--image img')).toBeVisible();
  // Autosave 2 s after the last edit, with the saved tip.
  await expect(editor.getByRole('status').filter({ hasText: NoteMsg.SAVED })).toBeVisible({ timeout: 6000 });
  await shot(page, '80-notes-editor', { fullPage: false });
  await editor.getByRole('button', { name: '完成' }).click();
  await expect(editor).toBeHidden();

  await page.reload();
  await expect(page.locator('.notes')).toHaveAttribute('aria-busy', 'false');
  const card = boxCard(page, '周末采购 超市');
  await expect(card).toBeVisible();
  await expect(card).toContainText('牛奶');
  await expect(card).toContainText('刚刚');
  await expect(card).toContainText('[图片]');
  const saved = Object.values((await noteList(page)).list)[0];
  expect(saved?.content.map((b) => b.type)).toEqual(['text', 'text', 'image']);
  expect(saved?.content.slice(0, 2)).toMatchObject([
    { content: '牛奶', mode: 1, checked: 1 },
    { content: '鸡蛋', mode: 0, checked: 0 },
  ]);

  // Colour it red: the card follows.
  await card.locator('.note-card__body').click();
  await editor.getByRole('radio', { name: '红色' }).check();
  await expect(editor.getByRole('status').filter({ hasText: NoteMsg.SAVED })).toBeVisible({ timeout: 6000 });
  await editor.getByRole('button', { name: '完成' }).click();
  await expect(card.locator('.note-face')).toHaveClass(/note-colour-3/);
  await page.reload();
  await expect(boxCard(page, '周末采购').locator('.note-face')).toHaveClass(/note-colour-3/);

  // The hover preview shows the whole note.
  await boxCard(page, '周末采购').locator('.note-card__body').hover();
  await expect(page.locator('.note-hover-preview')).toContainText('鸡蛋');
  await shot(page, '80-notes-hover-preview', { fullPage: false });
});

test('boards: add, drag notes on and around, bring to front, keyboard drag, recycle and restore, limits', async ({
  page,
}) => {
  await openNotesAsNewUser(page, 'nb');
  await saveNote(page, '第一条', '放到黑板上', 1);
  await saveNote(page, '第二条', '拖来拖去', 2);
  await saveNote(page, '第三条', '进回收站', 0);
  await page.reload();
  await expect(boxCard(page, '第三条')).toBeVisible();

  // A drop with no board says so.
  await mouseDrag(page, boxCard(page, '第一条'), await boardPoint(page, 40, 40));
  await expect(page.getByText(NoteMsg.NO_BOARD).last()).toBeVisible();

  await page.getByRole('button', { name: NoteMsg.ADD_BOARD }).click();
  await expect(page.getByText(NoteMsg.BOARD_EMPTY)).toBeVisible();
  await mouseDrag(page, boxCard(page, '第一条'), await boardPoint(page, 40, 40));
  await expect(boardNote(page, '第一条')).toBeVisible();
  await mouseDrag(page, boxCard(page, '第二条'), await boardPoint(page, 120, 80));
  await expect(boardNote(page, '第二条')).toBeVisible();
  await expect(boxCard(page, '第一条')).toHaveCount(0);
  const first = await placeOnBoard(boardNote(page, '第一条'));
  const second = await placeOnBoard(boardNote(page, '第二条'));
  expect(Math.abs(first.x - 40)).toBeLessThanOrEqual(2);
  expect(second.z).toBeGreaterThan(first.z);

  // Move the first note on its board.
  await mouseDrag(page, boardNote(page, '第一条'), await boardPoint(page, 400, 200));
  await expect.poll(async () => (await placeOnBoard(boardNote(page, '第一条'))).x).toBeGreaterThan(390);
  // Bring the second to the front again: z_index max + 1.
  await boardNote(page, '第二条').locator('.board-note__body').click();
  await expect
    .poll(async () => (await placeOnBoard(boardNote(page, '第二条'))).z)
    .toBeGreaterThan((await placeOnBoard(boardNote(page, '第一条'))).z);
  // Keyboard dragging: the handle, Space, arrows, Space.
  const before = await placeOnBoard(boardNote(page, '第一条'));
  await boardNote(page, '第一条').getByRole('button', { name: '拖动便签' }).focus();
  await page.keyboard.press('Space');
  // dnd-kit's keyboard sensor listens for the arrows from a timer it sets when it picks the note
  // up: an arrow pressed before that timer ran was lost (a person is never so quick).
  await expect(boardNote(page, '第一条')).toHaveClass(/is-dragging/);
  await afterPendingTimers(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect
    .poll(async () => (await placeOnBoard(boardNote(page, '第一条'))).y)
    .toBeGreaterThan(before.y + 30);
  await shot(page, '81-notes-board');

  // Reload: the places are the server's.
  const placed = await placeOnBoard(boardNote(page, '第一条'));
  await page.reload();
  await expect(boardNote(page, '第一条')).toBeVisible();
  expect(await placeOnBoard(boardNote(page, '第一条'))).toEqual(placed);
  const list = await noteList(page);
  const board = Object.values(list.viewBlackBoard)[0];
  expect(Object.keys(board?.member_list ?? {})).toHaveLength(2);

  // Edited in place with the saved tip.
  await boardNote(page, '第二条').getByRole('button', { name: '编辑' }).click();
  const inPlace = page.locator('.board-inplace');
  await inPlace.getByLabel('便签内容').first().fill('在黑板上改过');
  await expect(inPlace.getByRole('status').filter({ hasText: NoteMsg.SAVED })).toBeVisible({ timeout: 6000 });
  await shot(page, '81-notes-board-inplace');
  await page.locator('.notes-boards__name').click();
  await expect(inPlace).toBeHidden();
  await expect(boardNote(page, '第二条')).toContainText('在黑板上改过');

  // Back to the box.
  await mouseDrag(page, boardNote(page, '第二条'), { ...(await boardPoint(page, 0, 0)), x: 60 });
  await expect(boxCard(page, '第二条')).toBeVisible();

  // A board with notes cannot be deleted; a second empty one can.
  await expect(page.getByRole('button', { name: '删除黑板' })).toBeDisabled();
  await page.getByRole('button', { name: NoteMsg.ADD_BOARD }).click();
  await expect(page.getByRole('tab')).toHaveCount(2);
  await expect(page.getByRole('tab', { name: '第 2 块黑板，共 2 块' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('button', { name: '上一块黑板' }).click();
  await expect(boardNote(page, '第一条')).toBeVisible();
  await page.getByRole('button', { name: '下一块黑板' }).click();
  await expect(page.getByText(NoteMsg.BOARD_EMPTY)).toBeVisible();
  await expect(page.getByRole('button', { name: '下一块黑板' })).toBeDisabled();
  for (let n = 3; n <= 5; n += 1) {
    await page.getByRole('button', { name: NoteMsg.ADD_BOARD }).click();
    await expect(page.getByRole('tab')).toHaveCount(n);
  }
  await page.getByRole('button', { name: NoteMsg.ADD_BOARD }).click();
  await expect(page.getByText(NoteMsg.BOARD_LIMIT)).toBeVisible();
  await page.getByRole('button', { name: '删除黑板' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByRole('tab')).toHaveCount(4);

  // Drag a card onto the recycle area: confirm, gone; the bin restores it. The hand lets go once
  // the area shows it is under the pointer (the page's own answer to the last move).
  const drop = await page.locator('.notes-recycle-drop').boundingBox();
  if (!drop) throw new Error('no recycle area on screen');
  await mouseDrag(page, boxCard(page, '第三条'), { x: drop.x + 10, y: drop.y - 20 }, () =>
    expect(page.locator('.notes-recycle-drop.is-over')).toBeVisible(),
  );
  const confirm = page.getByRole('dialog').getByRole('button', { name: /确\s*定/ });
  await confirm.click();
  await expect(boxCard(page, '第三条')).toHaveCount(0);
  await page.getByRole('button', { name: '回收站' }).click();
  const bin = page.getByRole('dialog', { name: '回收站' });
  await expect(bin.getByText('第三条')).toBeVisible();
  await shot(page, '82-notes-recycle', { fullPage: false });
  await bin.getByRole('checkbox', { name: '第三条' }).check();
  await bin.getByRole('button', { name: '恢复', exact: true }).click();
  await expect(bin.getByText(NoteMsg.EMPTY_BIN)).toBeVisible();
  await bin.getByRole('button', { name: '关闭' }).click();
  await expect(boxCard(page, '第三条')).toBeVisible();
});

test('exports: notes as a zip from the area and from the contacts’ dialog, the calendar’s empty answer', async ({
  page,
}) => {
  await openNotesAsNewUser(page, 'nx');
  await page.getByRole('button', { name: '导出便签' }).click();
  let dialog = page.getByRole('dialog', { name: NoteMsg.EXPORT_TITLE });
  await dialog.getByRole('button', { name: '开始导出' }).click();
  await expect(dialog.getByText(NoteMsg.EXPORT_EMPTY)).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();

  await saveNote(page, '导出的便签', '第一行', 2);
  await page.reload();
  await page.getByRole('button', { name: '导出便签' }).click();
  dialog = page.getByRole('dialog', { name: NoteMsg.EXPORT_TITLE });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '开始导出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  const zip = readFileSync((await file.path()) ?? '');
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(dialog.getByText('导出文件已开始下载')).toBeVisible();
  await shot(page, '83-notes-export', { fullPage: false });
  await dialog.getByRole('button', { name: '关闭' }).click();

  // The contacts' import/export dialog carries the notes and calendar cards (same verification).
  await page.goto('/#/contact/index');
  await expect(page.locator('.contacts')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: /导入\/导出/ }).click();
  await page.getByRole('menuitem', { name: '导出联系人' }).click();
  const io = page.getByRole('dialog', { name: '导入/导出通讯录' });
  const notesCard = io.getByRole('region', { name: NoteMsg.EXPORT_TITLE });
  const second = page.waitForEvent('download');
  await notesCard.getByRole('button', { name: NoteMsg.EXPORT_TITLE }).click();
  expect((await second).suggestedFilename()).toMatch(/\.zip$/);
  const calendarCard = io.getByRole('region', { name: CalendarMsg.EXPORT_TITLE });
  await calendarCard.getByRole('button', { name: CalendarMsg.EXPORT_TITLE }).click();
  await expect(calendarCard.getByText(CalendarMsg.EXPORT_EMPTY)).toBeVisible();
  await shot(page, '83-contacts-io-notes-calendar', { fullPage: false });
});

test('at 1374 px the box and the boards sit side by side with nothing off screen', async ({ page }) => {
  await page.setViewportSize({ width: 1374, height: 900 });
  await openNotesAsNewUser(page, 'nw');
  await saveNote(page, '宽度检查', '1374', 0);
  await page.reload();
  await expect(boxCard(page, '宽度检查')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the notes page at 1374 px');
  const box = await page.locator('.notes-box').boundingBox();
  const boards = await page.locator('.notes-boards').boundingBox();
  expect(box && boards && boards.x > box.x + box.width - 1).toBe(true);
  expect(box && boards && Math.abs(boards.y - box.y) < 2).toBe(true);
  await shot(page, '84-notes-1374');
});

test('the editor: a change made on the phone meanwhile keeps both texts; delete, and a note emptied, go to the bin', async ({
  page,
}) => {
  await openNotesAsNewUser(page, 'nk');
  const first = await saveNote(page, '原来的', '第一版', 0);
  await saveNote(page, '要删的', '删掉我', 0);
  await saveNote(page, '要清空的', '清空我', 0);
  await page.reload();
  await expect(page.locator('.notes')).toHaveAttribute('aria-busy', 'false');

  // Open in the editor, then the phone saves its own change of the same note.
  await boxCard(page, '原来的').click();
  const editor = editorDialog(page);
  await expect(editor).toBeVisible();
  await notePost(page, NoteApi.save, {
    data: JSON.stringify({
      server_id: first.server_id,
      version_code: first.version_code,
      title: '原来的',
      classify: 0,
      content: [{ type: 'text', content: '手机上改的', mode: 2 }],
    }),
  });
  await editor.getByLabel('便签内容').first().fill('网页上改的');
  await expect(editor.getByText(NoteMsg.CONFLICT_COPY)).toBeVisible({ timeout: 8000 });
  await expect(editor.getByLabel(NoteMsg.TITLE_PLACEHOLDER, { exact: true })).toHaveValue(
    `原来的${NoteMsg.CONFLICT_TITLE_SUFFIX}`,
  );
  await shot(page, '80-notes-conflict', { fullPage: false });
  // Edits after the conflict go to the copy, saved as before.
  await editor.getByLabel('便签内容').first().fill('网页上又改的');
  await expect(editor.getByRole('status').filter({ hasText: NoteMsg.SAVED })).toBeVisible({ timeout: 8000 });
  await editor.getByRole('button', { name: '完成' }).click();
  await expect(editor).toBeHidden();
  const texts = () =>
    noteList(page).then((l) =>
      Object.values(l.list).map((n) => `${n.title}|${n.content.map((b) => b.content).join('')}`),
    );
  await expect.poll(texts).toContain('原来的|手机上改的');
  await expect.poll(texts).toContain(`原来的${NoteMsg.CONFLICT_TITLE_SUFFIX}|网页上又改的`);

  // The delete button, after its question.
  await boxCard(page, '要删的').click();
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog', { name: NoteMsg.DELETE_CONFIRM })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(page.getByText(NoteMsg.DELETED)).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(boxCard(page, '要删的')).toHaveCount(0);

  // Emptied and closed: to the bin, not saved empty.
  await boxCard(page, '要清空的').click();
  await expect(editor).toBeVisible();
  await editor.getByLabel(NoteMsg.TITLE_PLACEHOLDER, { exact: true }).clear();
  await editor.getByLabel('便签内容').first().clear();
  await editor.getByRole('button', { name: '完成' }).click();
  await expect(editor).toBeHidden();
  await expect(boxCard(page, '要清空的')).toHaveCount(0);
  await expect.poll(texts).not.toContainEqual(expect.stringContaining('清空'));
});
