import { NoteMsg } from '@phonecloud/shared';
import { expect, shot, test } from './support/fixtures';
import {
  boardNote,
  boardPoint,
  boxCard,
  openNotesAsNewUser,
  placeOnBoard,
  saveNote,
  touchDrag,
} from './support/notes';
import { expectNoSidewaysScroll } from './support/screen';

const SIZES = [
  { label: 'phone', width: 375, height: 812 },
  { label: 'tablet', width: 768, height: 1024 },
] as const;

for (const size of SIZES) {
  test.describe(`notes on a ${size.label} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: true, isMobile: true });

    test('open, create, edit, preview without hover, boards by touch, nothing off screen', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const tag = `notes-${size.label}`;
      await openNotesAsNewUser(page, `nm${size.width}`);
      await expect(page.getByText(NoteMsg.EMPTY_BOX)).toBeVisible();
      await expectNoSidewaysScroll(page, 'the empty box');
      await shot(page, `mobile-${tag}-01-empty`);

      await test.step('create and edit in a full-screen dialog', async () => {
        await page.getByRole('button', { name: NoteMsg.CREATE }).click();
        const editor = page.getByRole('dialog').filter({ has: page.locator('.note-editor') });
        await editor.getByLabel(NoteMsg.TITLE_PLACEHOLDER, { exact: true }).fill('手机上的便签');
        await editor.getByLabel('便签内容').first().fill('在手机上写的第一行');
        await expect(editor.getByRole('status').filter({ hasText: NoteMsg.SAVED })).toBeVisible({
          timeout: 6000,
        });
        const done = editor.getByRole('button', { name: '完成' });
        await expect(done).toBeInViewport();
        await expectNoSidewaysScroll(page, 'the editor');
        await shot(page, `mobile-${tag}-02-editor`, { fullPage: false });
        await done.click();
        await expect(boxCard(page, '手机上的便签')).toBeVisible();
        await boxCard(page, '手机上的便签').locator('.note-card__body').tap();
        await editor.getByLabel('便签内容').first().fill('改过的第一行');
        await expect(editor.getByRole('status').filter({ hasText: NoteMsg.SAVED })).toBeVisible({
          timeout: 6000,
        });
        await editor.getByRole('button', { name: '完成' }).click();
        await expect(boxCard(page, '手机上的便签')).toContainText('改过的第一行');
      });

      await test.step('the preview a desktop shows on hover is in the card menu', async () => {
        const card = boxCard(page, '手机上的便签');
        const more = card.getByRole('button', { name: '更多操作' });
        // No hover on touch: the card's actions are always shown.
        await expect(card.locator('.note-card__tools')).toHaveCSS('opacity', '1');
        await more.tap();
        await page.getByRole('menuitem', { name: '预览' }).tap();
        const preview = page.getByRole('dialog', { name: '预览' });
        await expect(preview).toContainText('改过的第一行');
        await expectNoSidewaysScroll(page, 'the preview');
        await shot(page, `mobile-${tag}-03-preview`, { fullPage: false });
        await preview.getByRole('button', { name: '关闭' }).first().tap();
        await expect(preview).toBeHidden();
      });

      await test.step('boards by touch: add one, put notes on it from the menu and by a held finger', async () => {
        await saveNote(page, '第二条', '用手指拖动', 2);
        await saveNote(page, '第三条', '从菜单放上黑板', 1);
        await page.reload();
        await expect(boxCard(page, '第二条')).toBeVisible();
        await page.getByRole('button', { name: NoteMsg.ADD_BOARD }).tap();
        await expect(page.getByText(NoteMsg.BOARD_EMPTY)).toBeVisible();
        await boxCard(page, '手机上的便签').getByRole('button', { name: '更多操作' }).tap();
        await page.getByRole('menuitem', { name: '放到当前黑板' }).tap();
        await expect(boardNote(page, '手机上的便签')).toBeVisible();
        // One column: the box above the board; scroll so that the box's first card and the
        // board's top are both on screen.
        await page.evaluate((h) => {
          const boards = document.querySelector('.notes-boards');
          if (boards) window.scrollBy(0, boards.getBoundingClientRect().top - (h - 300));
        }, size.height);
        await touchDrag(page, boxCard(page, '第二条'), await boardPoint(page, 60, 40));
        await expect(boardNote(page, '第二条')).toBeVisible();
        // The drag may have scrolled the window (the page scrolls near its edges): the board to the top.
        await page.locator('.board-surface').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        const before = await placeOnBoard(boardNote(page, '第二条'));
        await touchDrag(
          page,
          boardNote(page, '第二条'),
          await boardPoint(page, Math.max(10, before.x - 40), before.y + 90),
        );
        await expect
          .poll(async () => (await placeOnBoard(boardNote(page, '第二条'))).y)
          .toBeGreaterThan(before.y + 30);
        await expect(boardNote(page, '第二条').locator('.board-note__tools')).toHaveCSS('opacity', '1');
        // A third from the menu lands where the board shows it, not in a column off screen.
        await boxCard(page, '第三条').getByRole('button', { name: '更多操作' }).tap();
        await page.getByRole('menuitem', { name: '放到当前黑板' }).tap();
        await expect(boardNote(page, '第三条')).toBeVisible();
        const surface = await page.locator('.board-surface').boundingBox();
        const third = await boardNote(page, '第三条').boundingBox();
        expect(
          (third?.x ?? 0) + (third?.width ?? 0),
          'the note put on the board ends inside it',
        ).toBeLessThanOrEqual((surface?.x ?? 0) + (surface?.width ?? 0));
        await expectNoSidewaysScroll(page, 'the board');
        await shot(page, `mobile-${tag}-04-board`);
      });

      await test.step('the recycle bin dialog fits', async () => {
        await page.getByRole('button', { name: '回收站' }).tap();
        const bin = page.getByRole('dialog', { name: '回收站' });
        await expect(bin.getByText(NoteMsg.EMPTY_BIN)).toBeVisible();
        await expectNoSidewaysScroll(page, 'the recycle bin');
        await shot(page, `mobile-${tag}-05-recycle`, { fullPage: false });
      });
    });
  });
}
