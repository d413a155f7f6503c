import { joinNoteTitle, NoteMsg } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { expect, shot, test } from './support/fixtures';
import { boardNote, boxCard, openNotesAsNewUser, saveNote } from './support/notes';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';

const SIZES = [
  { label: 'desktop', width: 1374, height: 900, touch: false },
  { label: 'phone', width: 375, height: 812, touch: true },
] as const;

const cards = (page: Page) => page.locator('.notes-box .note-card');

for (const size of SIZES) {
  test.describe(`notes search at ${size.width} px`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      isMobile: size.touch,
    });

    test('title, subtitle and text, one and two Chinese characters, notes on a board too', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await openNotesAsNewUser(page, `ns${size.width}`);
      await saveNote(page, joinNoteTitle('周末', '采购清单'), '牛奶\n鸡蛋');
      await saveNote(page, '会议纪要', '周一上午十点开会，带上 Release 计划');
      await saveNote(page, '读书', '《三体》第二部');
      await page.reload();
      await expect(cards(page)).toHaveCount(3);
      // One note goes on a board: the search finds it there too.
      await page.getByRole('button', { name: NoteMsg.ADD_BOARD }).click();
      await expect(page.getByText(NoteMsg.BOARD_EMPTY)).toBeVisible();
      await boxCard(page, '读书').getByRole('button', { name: '更多操作' }).click();
      await page.getByRole('menuitem', { name: '放到当前黑板' }).click();
      await expect(boardNote(page, '读书')).toBeVisible();
      await expect(cards(page)).toHaveCount(2);

      const search = page.getByRole('searchbox', { name: '搜索便签' });
      await expect(search).toBeInViewport();
      if (size.touch) await expectTouchSize(search.locator('..'), 'the search box');
      const count = page.locator('.notes-box__count');

      // One character, in two notes' titles and texts.
      await search.fill('周');
      await expect(page.locator('.notes-box h2')).toContainText('搜索结果');
      await expect(count).toHaveText('2 条');
      await expect(boxCard(page, '周末')).toBeVisible();
      await expect(boxCard(page, '会议纪要')).toBeVisible();
      // Two characters of the subtitle; two of a text line.
      await search.fill('采购');
      await expect(count).toHaveText('1 条');
      await expect(boxCard(page, '周末')).toBeVisible();
      await search.fill('开会');
      await expect(count).toHaveText('1 条');
      await expect(boxCard(page, '会议纪要')).toBeVisible();
      // Latin text in another case.
      await search.fill('release');
      await expect(boxCard(page, '会议纪要')).toBeVisible();
      // A note on the board, by one character of its text.
      await search.fill('体');
      await expect(count).toHaveText('1 条');
      const found = boxCard(page, '读书');
      await expect(found).toBeVisible();
      await expectNoSidewaysScroll(page, 'the search results');
      await shot(page, `notes-search-${size.label}`);
      // A hit opens in the editor.
      await found.locator('.note-card__body').click();
      const editor = page.getByRole('dialog').filter({ has: page.locator('.note-editor') });
      await expect(editor.getByLabel('便签内容').first()).toHaveValue('《三体》第二部');
      await editor.getByRole('button', { name: '完成' }).click();

      await search.fill('没有的词');
      await expect(page.getByText('没有找到相关便签')).toBeVisible();
      // Cleared: the box as it was.
      await search.fill('');
      await expect(page.locator('.notes-box h2')).toContainText('便签盒');
      await expect(cards(page)).toHaveCount(2);
    });
  });
}
