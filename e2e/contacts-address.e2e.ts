import type { Page } from '@playwright/test';
import { importCards, openContactsAsNewUser } from './support/contacts';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/screen';

test.describe.configure({ timeout: 120_000 });

const editor = (page: Page) => page.locator('.contact-editor');
const addresses = (page: Page) => editor(page).locator('[data-section="addresses"] .editor-row');

// A card with ADR's seven parts (PO box and extended empty), as a phone writes it.
const CARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:地址测试',
  'N:地址测试;;;;',
  'ADR;TYPE=WORK:;;深南大道1号;深圳市;广东省;518000;中国',
  'END:VCARD',
].join('\r\n');

for (const size of [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`an address is one line that opens into its parts (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openContactsAsNewUser(page, 'ad');
    await importCards(page, 'address.vcf', CARD);
    await page.reload();
    await page.locator('.contact-row', { hasText: '地址测试' }).click();
    const detail = page.locator('.contact-detail');
    // Shown joined in Chinese order: country, region, city, street, postcode.
    await expect(detail).toContainText('中国广东省深圳市深南大道1号 518000');

    await detail.getByRole('link', { name: '编辑' }).click();
    const line = addresses(page).first().getByLabel('地址', { exact: true });
    await expect(line).toHaveValue('中国广东省深圳市深南大道1号 518000');
    // The spec's one line: the parts open under it.
    await expect(addresses(page).first().getByLabel('城市')).toHaveCount(0);
    await addresses(page).first().getByRole('button', { name: '填写详细地址' }).click();
    const row = addresses(page).first();
    await expect(row.getByLabel('国家/地区')).toHaveValue('中国');
    await expect(row.getByLabel('省/州')).toHaveValue('广东省');
    await expect(row.getByLabel('城市')).toHaveValue('深圳市');
    await expect(row.getByLabel('街道')).toHaveValue('深南大道1号');
    await expect(row.getByLabel('邮编')).toHaveValue('518000');
    await row.getByLabel('城市').fill('广州市');
    await row.getByLabel('街道').fill('天河路385号');
    await expect(line).toHaveValue('中国广东省广州市天河路385号 518000');
    // Each part takes 40 characters, however long the joined text.
    await row.getByLabel('街道').fill('街'.repeat(45));
    await expect(row.getByLabel('街道')).toHaveValue('街'.repeat(40));
    await row.getByLabel('街道').fill('天河路385号');
    await expectNoSidewaysScroll(page, `the editor with an address's parts open (${size.name})`);
    await shot(page, `40-contacts-editor-address-parts-${size.name}`);

    // A new address typed as one line stays one text.
    const second = addresses(page).nth(1);
    await second.getByLabel('地址', { exact: true }).fill('北京市海淀区中关村大街27号');
    await editor(page).getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/#\/contact\/index\/\d+$/);
    await expect(detail).toContainText('中国广东省广州市天河路385号 518000');
    await expect(detail).toContainText('北京市海淀区中关村大街27号');
  });
}
