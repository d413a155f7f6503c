import { SmsApi, type SmsData, SmsMsg } from '@phonecloud/shared';
import type { Browser, Page } from '@playwright/test';
import { expect, shot, test } from './support/fixtures';
import { expectTouchSize } from './support/screen';
import { CONTEXT, verifiedDemoState } from './support/sms';

// The demo account's box, verified once by e-mail (sms.e2e.ts takes the SMS channel's 60 s
// wait); each test opens its pages cold at the two widths a user meets: the spec's desktop
// (1374 px) and a phone (375 px, touch). Against a development bundle (React's StrictMode runs
// effects twice) the view used to stay at the top, or short of the newest picture.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let state = '';
test.beforeAll(async ({ browser }) => {
  state = await verifiedDemoState(browser, 'sms-targets', 'email');
});

const SIZES = [
  { label: 'desktop', width: 1374, height: 900, touch: false },
  { label: 'phone', width: 375, height: 812, touch: true },
] as const;
type Size = (typeof SIZES)[number];

/**
 * Opens `path` in a fresh page of the verified session. `slowPictures`: MMS pictures answer a
 * second late, as on a phone's connection, so their height arrives after the view was placed.
 */
async function openCold(browser: Browser, size: Size, path: string, slowPictures = false): Promise<Page> {
  const context = await browser.newContext({
    ...CONTEXT,
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: size.width, height: size.height },
    hasTouch: size.touch,
    isMobile: size.touch,
    storageState: state,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (slowPictures) {
    await page.route(`**${SmsApi.mmsFile}/**`, async (route) => {
      const answer = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fulfill({ response: answer });
    });
  }
  await page.goto(path);
  await expect(page.locator('.sms')).toHaveAttribute('aria-busy', 'false');
  return page;
}

/** How far the element's box lies outside the conversation's scroll box (0: wholly inside). */
function outsideMessageView(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const box = document.querySelector('.sms-messages')?.getBoundingClientRect();
    const el = document.querySelector(sel)?.getBoundingClientRect();
    if (!box || !el) return Number.POSITIVE_INFINITY;
    return Math.floor(Math.max(0, box.top - el.top) + Math.max(0, el.bottom - box.bottom));
  }, selector);
}

/** The favourites of the demo box, as the favourites tab lists them: address and message id. */
async function favourites(browser: Browser): Promise<{ address: string; id: string }[]> {
  const page = await openCold(browser, SIZES[0], '/#/sms/index');
  await page.getByRole('tab', { name: /^收藏/ }).click();
  const rows = page.locator('.sms-list .sms-row[data-server-id]');
  await expect(rows.first()).toBeVisible();
  const found = await rows.evaluateAll((els) =>
    els.map((el) => ({
      address: el.getAttribute('data-address') ?? '',
      id: el.getAttribute('data-server-id') ?? '',
    })),
  );
  await page.context().close();
  return found;
}

for (const size of SIZES) {
  test(`${size.label} ${size.width} px: a favourite's full/ address opened cold shows the message in view, marked`, async ({
    browser,
  }) => {
    const favs = await favourites(browser);
    expect(favs.length).toBeGreaterThanOrEqual(3);
    // Older favourites too: the one sitting far above the conversation's newest page.
    for (const fav of favs.slice(-3)) {
      const page = await openCold(browser, size, `/#/sms/full/${fav.address}.${fav.id}`, true);
      const marked = page.locator(`.sms-detail .sms-msg.is-anchor[data-server-id="${fav.id}"]`);
      await expect(marked).toBeVisible();
      await expect.poll(() => outsideMessageView(page, `.sms-msg[data-server-id="${fav.id}"]`)).toBe(0);
      await shot(page, `sms-target-${size.label}-${fav.id}`);
      await page.context().close();
    }
  });

  test(`${size.label} ${size.width} px: a conversation opens with its newest message (an MMS picture) wholly in view`, async ({
    browser,
  }) => {
    const favs = await favourites(browser);
    // The demo's MMS is the newest message of its conversation, and a favourite.
    const page = await openCold(browser, SIZES[0], '/#/sms/index');
    const mms = page.locator('.sms-list .sms-row').first();
    const address = (await mms.getAttribute('data-address')) ?? '';
    await page.context().close();
    expect(favs.some((f) => f.address === address)).toBe(true);

    const conversation = await openCold(browser, size, `/#/sms/full/${address}`, true);
    const newest = conversation.locator('.sms-detail .sms-msg').last();
    await expect(newest.locator('.sms-bubble__picture')).toBeVisible();
    const id = (await newest.getAttribute('data-server-id')) ?? '';
    // Until the picture has loaded and been laid out: then the view must still hold it whole.
    await expect
      .poll(() => newest.locator('.sms-bubble__picture').evaluate((img: HTMLImageElement) => img.complete))
      .toBe(true);
    await expect.poll(() => outsideMessageView(conversation, `.sms-msg[data-server-id="${id}"]`)).toBe(0);
    await shot(conversation, `sms-target-${size.label}-newest-mms`);
    await conversation.context().close();
  });
}

// Last: these delete messages of the demo box (the carrier's, which the tests above do not use).
for (const size of SIZES) {
  test(`${size.label} ${size.width} px: one message deleted from its popup, after a confirm`, async ({
    browser,
  }) => {
    const page = await openCold(browser, size, '/#/sms/full/10086');
    const detail = page.locator('.sms-detail');
    const count = detail.locator('.sms-detail__count');
    const before = Number((await count.textContent())?.replace(/\D/g, ''));
    const newest = detail.locator('.sms-msg').last();
    await expect(newest).toBeVisible();
    const id = (await newest.getAttribute('data-server-id')) ?? '';
    const bubble = detail.locator(`.sms-msg[data-server-id="${id}"] .sms-bubble`);
    const press = () => (size.touch ? bubble.tap() : bubble.click());

    // Cancelled: nothing goes.
    await press();
    const item = page.getByRole('menuitem', { name: '删除' });
    await expect(item).toBeInViewport();
    if (size.touch) await expectTouchSize(item, 'the delete item');
    await item.click();
    const confirm = page.getByRole('dialog').filter({ hasText: SmsMsg.MESSAGE_DELETE_CONFIRM });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: '删除' })).toBeInViewport();
    await shot(page, `sms-target-${size.label}-delete-confirm`);
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    await expect(bubble).toBeVisible();

    await press();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText(SmsMsg.MESSAGE_DELETED)).toBeVisible();
    await expect(detail.locator(`.sms-msg[data-server-id="${id}"]`)).toHaveCount(0);
    await expect(count).toHaveText(`${before - 1} 条`);
    // The server has it so: the box lists it no more, and a fresh page does not show it.
    const box = (await (await page.request.get(SmsApi.list)).json()) as { data: SmsData };
    expect(box.data.sms_list[id]).toBeUndefined();
    expect(box.data.collection_list.find((c) => c.format_address === '10086')?.count).toBe(before - 1);
    await page.reload();
    await expect(count).toHaveText(`${before - 1} 条`);
    await expect(detail.locator(`.sms-msg[data-server-id="${id}"]`)).toHaveCount(0);

    // The marked message of full/{address}.{id}: deleted, it is not then "not found".
    const older = (await detail.locator('.sms-msg').nth(-3).getAttribute('data-server-id')) ?? '';
    await page.goto(`/#/sms/full/10086.${older}`);
    const marked = detail.locator(`.sms-msg.is-anchor[data-server-id="${older}"]`);
    await expect(marked).toBeVisible();
    await (size.touch ? marked.locator('.sms-bubble').tap() : marked.locator('.sms-bubble').click());
    await page.getByRole('menuitem', { name: '删除' }).click();
    // The sync that follows the delete has answered: the page has drawn what it learnt.
    const synced = page.waitForResponse((r) => r.url().endsWith(SmsApi.refresh));
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText(SmsMsg.MESSAGE_DELETED)).toBeVisible();
    await synced;
    await expect(marked).toHaveCount(0);
    await expect(count).toHaveText(`${before - 2} 条`);
    await expect(page.getByText(SmsMsg.NOT_FOUND)).toHaveCount(0);
    await page.context().close();
  });
}
