import { CalendarMsg } from '@phonecloud/shared';
import {
  block,
  cell,
  createEvent,
  drag,
  eventDialog,
  expectInsideWindow,
  gridPoint,
  openCalendarAsNewUser,
  openView,
} from './support/calendar';
import { contactPost } from './support/contacts';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test('calendar at 375 px: agenda by default, a day in a full-screen sheet, edits by touch, nothing off screen', async ({
  page,
}) => {
  await openCalendarAsNewUser(page, 'cp');
  // The agenda is the default view on a phone.
  await expect(page.locator('.cal--agenda')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the agenda at 375 px');
  const controls = page.locator(
    '.cal-toolbar button, .cal-toolbar input, .cal-toolbar .ant-radio-button-wrapper',
  );
  await expectInsideWindow(page, controls, 'the toolbar at 375 px');
  for (const name of [CalendarMsg.TODAY, CalendarMsg.PREV, CalendarMsg.NEXT, CalendarMsg.NEW_EVENT]) {
    await expectTouchSize(page.getByRole('button', { name, exact: true }), name);
  }
  await shot(page, 'calendar-m-01-agenda');

  // New event with the + button: the dialog covers the screen.
  await page.getByRole('button', { name: CalendarMsg.NEW_EVENT, exact: true }).tap();
  const dialog = eventDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('接孩子');
  await dialog.getByLabel('开始日期').fill('2026-11-26');
  await dialog.getByLabel('结束日期').fill('2026-11-26');
  await dialog.getByLabel('开始时间').fill('16:30');
  await dialog.getByLabel('结束时间').fill('17:00');
  await dialog.getByLabel(CalendarMsg.FIELD_LOCATION).fill('实验小学');
  const box = await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(374);
  await expectInsideWindow(page, dialog.locator('button, input'), 'the event dialog at 375 px');
  await shot(page, 'calendar-m-02-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: '保存' }).tap();
  await expect(dialog).toBeHidden();

  // The month: dots, and a day's events in a full-screen sheet.
  await createEvent(page, { summary: '家长会', start: '2026-11-26T19:00', end: '2026-11-26T20:30' });
  await contactPost(page, '/contact/save.do', {
    data: JSON.stringify({
      content: {
        name: [{ display_name: '外公' }],
        event: [{ is_primary: 1, start_date: '1940-10-7', lunar_or_solar: 1, type: 3 }],
      },
    }),
  });
  await openView(page, 'month', '2026-11-01');
  await expectNoSidewaysScroll(page, 'the month at 375 px');
  await expect(cell(page, '2026-11-26').locator('.cal-month__dots i')).toHaveCount(2);
  await shot(page, 'calendar-m-03-month');
  await cell(page, '2026-11-26').tap();
  const sheet = page.locator('.ant-modal.cal-sheet');
  await expect(sheet).toBeVisible();
  const sheetBox = await sheet.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
  expect(sheetBox?.width ?? 0).toBeGreaterThanOrEqual(374);
  expect(sheetBox?.height ?? 0).toBeGreaterThanOrEqual(800);
  await expect(sheet.locator('.cal-agenda__event', { hasText: '接孩子' })).toContainText('实验小学');
  await expect(sheet.locator('.cal-agenda__event', { hasText: '家长会' })).toBeVisible();
  await shot(page, 'calendar-m-04-sheet', { fullPage: false });
  // Edit from the sheet.
  await sheet.locator('.cal-agenda__event', { hasText: '家长会' }).tap();
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('家长会（三年级）');
  await dialog.getByRole('button', { name: '保存' }).tap();
  await expect(dialog).toBeHidden();
  await expect(sheet.locator('.cal-agenda__event', { hasText: '家长会（三年级）' })).toBeVisible();
  await sheet.locator('.ant-modal-close').tap();

  // The lunar birthday of a contact (农历十月初七: 15 November 2026), in the agenda.
  await openView(page, 'agenda', '2026-11-10');
  await expect(page.locator('.cal-agenda__event', { hasText: '外公' })).toBeVisible();

  // Day view: move by drag and resize by the edge, the grid's pointer events as a finger's.
  await openView(page, 'day', '2026-11-26');
  await expectNoSidewaysScroll(page, 'the day view at 375 px');
  await block(page, '接孩子').scrollIntoViewIfNeeded();
  const b = await block(page, '接孩子').boundingBox();
  if (!b) throw new Error('no block');
  // Held near its top: a half-hour block's lower part is its edge.
  await drag(page, { x: b.x + 30, y: b.y + 4 }, { x: b.x + 30, y: b.y + 4 + 48 });
  await expect(block(page, '接孩子')).toContainText('17:30–18:00');
  const edge = await block(page, '接孩子').locator('.cal-block__edge').boundingBox();
  if (!edge) throw new Error('no edge');
  await drag(
    page,
    { x: edge.x + 20, y: edge.y + edge.height / 2 },
    await gridPoint(page, '2026-11-26', 18 * 60 + 30),
  );
  await expect(block(page, '接孩子')).toContainText('17:30–18:30');
  await shot(page, 'calendar-m-05-day', { fullPage: false });

  // Week view fits the window; the calendars and tools sit behind the menu button.
  await openView(page, 'week', '2026-11-26');
  await expectNoSidewaysScroll(page, 'the week at 375 px');
  await page.getByRole('button', { name: '日历和工具' }).tap();
  const side = page.locator('.ant-modal.cal-side-drawer');
  await expect(side.getByRole('button', { name: '导入日程' })).toBeVisible();
  await expectInsideWindow(page, side.locator('button, input'), 'the calendars sheet at 375 px');
  await expectTouchSize(side.getByRole('button', { name: '导入日程' }), 'the import button');
  await shot(page, 'calendar-m-06-side', { fullPage: false });
});
