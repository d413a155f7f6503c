import type { Page } from '@playwright/test';
import { importCards, openContactsAsNewUser } from './support/contacts';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/screen';

test.describe.configure({ timeout: 120_000 });

const editor = (page: Page) => page.locator('.contact-editor');

// A card with N's five parts, as iOS and macOS write them.
const CARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Dr. John Michael Smith Jr.',
  'N:Smith;John;Michael;Dr.;Jr.',
  'TEL;TYPE=CELL:13900000000',
  'END:VCARD',
].join('\r\n');

const PARTS = [
  ['前缀', 'Dr.'],
  ['姓', 'Smith'],
  ['名', 'John'],
  ['中间名', 'Michael'],
  ['后缀', 'Jr.'],
] as const;

for (const size of [
  { name: 'wide', width: 1374, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`a card's prefix, middle name and suffix are shown and edited (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openContactsAsNewUser(page, 'np');
    await importCards(page, 'name.vcf', CARD);
    await page.reload();
    await page.locator('.contact-row', { hasText: 'Dr. John Michael' }).click();
    await page.locator('.contact-detail').getByRole('link', { name: '编辑' }).click();
    const parts = editor(page).locator('.editor-name-parts');
    for (const [label, value] of PARTS) {
      const input = parts.getByLabel(label, { exact: true });
      await expect(input).toHaveValue(value);
      // Every part lies on the screen, at a phone's width too.
      const box = await input.boundingBox();
      expect(box, label).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(size.width);
      expect(box?.x ?? -1, label).toBeGreaterThanOrEqual(0);
    }
    await expectNoSidewaysScroll(page, `the editor with a structured name (${size.name})`);
    await shot(page, `41-contacts-editor-name-parts-${size.name}`);

    await parts.getByLabel('中间名', { exact: true }).fill('M.');
    await editor(page).getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/#\/contact\/index\/\d+$/);
    await page.locator('.contact-detail').getByRole('link', { name: '编辑' }).click();
    await expect(
      editor(page).locator('.editor-name-parts').getByLabel('中间名', { exact: true }),
    ).toHaveValue('M.');
    await expect(editor(page).locator('.editor-name-parts').getByLabel('前缀', { exact: true })).toHaveValue(
      'Dr.',
    );
  });
}

test('a contact without a structured name shows no parts', async ({ page }) => {
  await openContactsAsNewUser(page, 'nq');
  await importCards(
    page,
    'plain.vcf',
    ['BEGIN:VCARD', 'VERSION:3.0', 'FN:张三', 'N:张;三;;;', 'END:VCARD'].join('\r\n'),
  );
  await page.reload();
  await page.locator('.contact-row', { hasText: '张三' }).click();
  await page.locator('.contact-detail').getByRole('link', { name: '编辑' }).click();
  await expect(editor(page).getByLabel('名字', { exact: true })).toHaveValue('张三');
  await expect(editor(page).locator('.editor-name-parts')).toHaveCount(0);
});
