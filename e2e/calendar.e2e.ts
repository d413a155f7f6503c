import { CalendarApi, type CalendarEventDetail, CalendarMsg, calendarImported } from '@phonecloud/shared';
import type { Locator, Page } from '@playwright/test';
import {
  block,
  cell,
  chip,
  clickDay,
  createEvent,
  drag,
  eventDialog,
  gridPoint,
  ics,
  openCalendarAsNewUser,
  openView,
  range,
} from './support/calendar';
import { contactPost } from './support/contacts';
import { expect, shot, test } from './support/fixtures';

// Each test signs up its own account (phone + SMS) and passes the calendar's gate.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1374, height: 900 } });

const save = (page: Page) => eventDialog(page).getByRole('button', { name: '保存' }).click();

/** Picks an option of an antd select by its text. */
async function pick(page: Page, select: Locator, text: string) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${text.replace(/[()（）]/g, '.')}$`) })
    .click();
}

/** Picks "this / following / all" in the series question. */
async function scope(page: Page, choice: string, ok = '确定') {
  const ask = page.locator('.ant-modal.cal-scope');
  await expect(ask).toBeVisible();
  await ask.getByRole('radio', { name: choice }).check();
  await ask.getByRole('button', { name: ok }).click();
  await expect(ask).toBeHidden();
}

test('calendar at 1374 px: gate, month with lunar dates and 休/班, create by click and drag, edit, move, resize, delete', async ({
  page,
}) => {
  await openCalendarAsNewUser(page, 'cm', () => shot(page, 'calendar-01-gate', { fullPage: false }));
  // The default view is the month, Monday first.
  await expect(page.locator('.cal--month')).toBeVisible();
  await expect(page.locator('.cal-month__head > div').first()).toHaveText('一');

  // October 2026: 国庆节's days off (休), its working-day swap (班), 中秋节 on 农历八月十五 (Sep 25).
  await openView(page, 'month', '2026-10-01');
  await expect(cell(page, '2026-10-01')).toContainText('国庆节');
  await expect(cell(page, '2026-10-01').locator('.cal-badge--off')).toHaveText(CalendarMsg.DAY_OFF);
  await expect(page.locator('.cal-badge--work').first()).toHaveText(CalendarMsg.DAY_WORK);
  const days = await range(page, '2026-09-28', '2026-11-09');
  const work = days.days.filter((d) => d.mark === 'work').map((d) => d.date);
  expect(work.length).toBeGreaterThan(0);
  for (const d of work) await expect(cell(page, d).locator('.cal-badge--work')).toBeVisible();
  await openView(page, 'month', '2026-09-01');
  await expect(cell(page, '2026-09-25')).toContainText('中秋节');
  // Every day shows its lunar date; a lunar month's first day its name (八月初一 is 11 September).
  await expect(cell(page, '2026-09-16').locator('.cal-day-marks__lunar')).toHaveText('初六');
  await expect(cell(page, '2026-09-11').locator('.cal-day-marks__lunar')).toHaveText('八月');

  // Create by clicking a day: the dialog opens on it.
  await openView(page, 'month', '2026-11-01');
  await clickDay(page, '2026-11-12');
  const dialog = eventDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('开始日期')).toHaveValue('2026-11-12');
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('牙医复诊');
  await dialog.getByLabel('开始时间').fill('15:00');
  await dialog.getByLabel('结束时间').fill('16:00');
  await dialog.getByLabel(CalendarMsg.FIELD_LOCATION).fill('口腔医院');
  await dialog.getByLabel(CalendarMsg.FIELD_DESCRIPTION).fill('带上病历本');
  await dialog.getByRole('button', { name: '添加提醒' }).click();
  await dialog.getByLabel('提醒 2 的时间').fill('1');
  await shot(page, 'calendar-02-dialog', { fullPage: false });
  await save(page);
  await expect(dialog).toBeHidden();
  await expect(chip(page, '2026-11-12', '牙医复诊')).toBeVisible();
  await expect(chip(page, '2026-11-12', '牙医复诊')).toContainText('15:00');
  await shot(page, 'calendar-03-month', { fullPage: false });

  // Week view: create by dragging over hours (Wednesday 18 November, 09:00 to 11:00).
  await openView(page, 'week', '2026-11-18');
  await drag(
    page,
    await gridPoint(page, '2026-11-18', 9 * 60 + 5),
    await gridPoint(page, '2026-11-18', 11 * 60),
  );
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('开始时间')).toHaveValue('09:00');
  await expect(dialog.getByLabel('结束时间')).toHaveValue('11:00');
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('评审会');
  await save(page);
  await expect(block(page, '评审会')).toBeVisible();
  await expect(block(page, '评审会')).toContainText('09:00–11:00');

  // Edit in the dialog: a click on the block opens it.
  await block(page, '评审会').click();
  await expect(dialog.getByLabel(CalendarMsg.FIELD_TITLE)).toHaveValue('评审会');
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('设计评审会');
  await dialog.getByLabel(CalendarMsg.FIELD_ZONE).click();
  await page.keyboard.type('Asia/Tokyo');
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.ant-select').filter({ hasText: '东京' })).toBeVisible();
  await save(page);
  await expect(dialog).toBeHidden();
  // 09:00 in Tokyo is 08:00 in Beijing.
  await expect(block(page, '设计评审会')).toContainText('08:00–10:00');

  // Move by drag: to Thursday, an hour later (the zone of the event is kept: 10:00 Tokyo).
  const from = await gridPoint(page, '2026-11-18', 8 * 60 + 30);
  const to = await gridPoint(page, '2026-11-19', 9 * 60 + 30);
  await drag(page, from, to);
  await expect(page.locator('.cal-time__column[data-day="2026-11-19"] .cal-block')).toContainText(
    '09:00–11:00',
  );
  await expect(page.locator('.cal-time__column[data-day="2026-11-18"] .cal-block')).toHaveCount(0);

  // Resize by dragging the bottom edge: to 12:00.
  const edge = await page.locator('.cal-time__column[data-day="2026-11-19"] .cal-block__edge').boundingBox();
  if (!edge) throw new Error('no resize edge');
  await drag(
    page,
    { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 },
    await gridPoint(page, '2026-11-19', 12 * 60),
  );
  await expect(block(page, '设计评审会')).toContainText('09:00–12:00');
  // Kept in its own zone: 10:00 to 13:00 in Tokyo.
  const uid = (await range(page, '2026-11-19', '2026-11-20')).instances.find(
    (i) => i.summary === '设计评审会',
  )?.uid;
  const kept = await page.request.get(`${CalendarApi.event}?uid=${encodeURIComponent(uid ?? '')}`);
  expect(((await kept.json()) as { data: CalendarEventDetail }).data).toMatchObject({
    tzid: 'Asia/Tokyo',
    start: '2026-11-19T10:00',
    end: '2026-11-19T13:00',
  });
  await shot(page, 'calendar-04-week', { fullPage: false });

  // Day view, then delete in the dialog.
  await openView(page, 'day', '2026-11-19');
  await expect(block(page, '设计评审会')).toBeVisible();
  await shot(page, 'calendar-05-day', { fullPage: false });
  await block(page, '设计评审会').click();
  await dialog.getByRole('button', { name: '删除', exact: true }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '删除', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(block(page, '设计评审会')).toHaveCount(0);

  // Agenda: the days from the one on screen, with their events.
  await openView(page, 'agenda', '2026-11-10');
  await expect(page.locator('.cal-agenda__event', { hasText: '牙医复诊' })).toContainText('口腔医院');
  await shot(page, 'calendar-06-agenda', { fullPage: false });

  // Today, previous and next.
  await openView(page, 'month', '2026-11-01');
  await page.getByRole('button', { name: CalendarMsg.NEXT }).click();
  await expect(page.locator('.cal-toolbar__title')).toHaveText('2026年12月');
  await page.getByRole('button', { name: CalendarMsg.PREV }).click();
  await page.getByRole('button', { name: CalendarMsg.PREV }).click();
  await expect(page.locator('.cal-toolbar__title')).toHaveText('2026年10月');
  await page.getByLabel(CalendarMsg.JUMP).fill('2027-03-08');
  await expect(page.locator('.cal-toolbar__title')).toHaveText('2027年3月');
  await page.getByRole('button', { name: CalendarMsg.TODAY }).click();
  await expect(page.locator('.cal-month__cell.is-today')).toHaveCount(1);
});

test('a series at 1374 px: edit one instance, this and following, all; delete one', async ({ page }) => {
  await openCalendarAsNewUser(page, 'cs');
  await openView(page, 'month', '2026-12-01');
  await clickDay(page, '2026-12-07');
  const dialog = eventDialog(page);
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('周会');
  await dialog.getByLabel('开始时间').fill('10:00');
  await dialog.getByLabel('结束时间').fill('11:00');
  await pick(page, dialog.getByLabel(CalendarMsg.FIELD_REPEAT), CalendarMsg.REPEAT_WEEKLY);
  await dialog.getByRole('checkbox', { name: '周一' }).check();
  await dialog.getByRole('checkbox', { name: '周三' }).check();
  await save(page);
  await expect(dialog).toBeHidden();
  for (const d of ['2026-12-07', '2026-12-09', '2026-12-14', '2026-12-16', '2026-12-21', '2026-12-28']) {
    await expect(chip(page, d, '周会')).toBeVisible();
  }

  // This event only: 14 December.
  await chip(page, '2026-12-14', '周会').click();
  await expect(dialog.getByLabel(CalendarMsg.FIELD_TITLE)).toHaveValue('周会');
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('周会（客户来访）');
  await save(page);
  await scope(page, CalendarMsg.SCOPE_THIS);
  await expect(chip(page, '2026-12-14', '周会（客户来访）')).toBeVisible();
  await expect(chip(page, '2026-12-16', '周会')).toHaveText(/^10:00周会$/);

  // This and following: from 21 December on, at 14:00.
  await chip(page, '2026-12-21', '周会').click();
  await dialog.getByLabel('开始时间').fill('14:00');
  await dialog.getByLabel('结束时间').fill('15:00');
  await save(page);
  await scope(page, CalendarMsg.SCOPE_FOLLOWING);
  await expect(chip(page, '2026-12-21', '周会')).toContainText('14:00');
  await expect(chip(page, '2026-12-28', '周会')).toContainText('14:00');
  await expect(chip(page, '2026-12-16', '周会')).toContainText('10:00');
  await expect(chip(page, '2026-12-14', '周会（客户来访）')).toContainText('10:00');

  // All: the later series gets a new title on every instance.
  await chip(page, '2026-12-28', '周会').click();
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('项目周会');
  await save(page);
  await scope(page, CalendarMsg.SCOPE_ALL);
  await expect(chip(page, '2026-12-21', '项目周会')).toBeVisible();
  await expect(chip(page, '2026-12-23', '项目周会')).toBeVisible();
  await expect(chip(page, '2026-12-16', '周会')).not.toContainText('项目');

  // Move one instance by drag in the month: this event only, to the Tuesday.
  await drag(page, await chipCentre(page, '2026-12-09', '周会'), await cellPoint(page, '2026-12-10'));
  await scope(page, CalendarMsg.SCOPE_THIS);
  await expect(chip(page, '2026-12-10', '周会')).toBeVisible();
  await expect(chip(page, '2026-12-09', '周会')).toHaveCount(0);

  // Delete one instance: the others stay.
  await chip(page, '2026-12-07', '周会').click();
  await dialog.getByRole('button', { name: '删除', exact: true }).click();
  await scope(page, CalendarMsg.SCOPE_THIS, '删除');
  await expect(chip(page, '2026-12-07', '周会')).toHaveCount(0);
  await expect(chip(page, '2026-12-16', '周会')).toBeVisible();
  await shot(page, 'calendar-07-series', { fullPage: false });
});

async function chipCentre(page: Page, day: string, title: string) {
  const box = await chip(page, day, title).boundingBox();
  if (!box) throw new Error(`no chip ${title} on ${day}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
async function cellPoint(page: Page, day: string) {
  const box = await cell(page, day).boundingBox();
  if (!box) throw new Error(`no cell ${day}`);
  return { x: box.x + box.width / 2, y: box.y + box.height - 10 };
}

test('birthdays, colours, search, import, a lunar birthday of my own, changes from elsewhere at 1374 px', async ({
  page,
}) => {
  await openCalendarAsNewUser(page, 'cb');
  // A contact's lunar birthday (农历八月十五): this year on 25 September.
  await contactPost(page, '/contact/save.do', {
    data: JSON.stringify({
      content: {
        name: [{ display_name: '王奶奶' }],
        event: [{ is_primary: 1, start_date: '1950-8-15', lunar_or_solar: 1, type: 3 }],
      },
    }),
  });
  await openView(page, 'month', '2026-09-01');
  const birthday = chip(page, '2026-09-25', '王奶奶');
  await expect(birthday).toBeVisible();
  // Read-only: the dialog says where to change it.
  await birthday.click();
  await expect(eventDialog(page).getByText(CalendarMsg.READ_ONLY)).toBeVisible();
  await expect(eventDialog(page)).toContainText('2026-09-25');
  await expect(eventDialog(page)).toContainText('每年按农历日期');
  await eventDialog(page).locator('.ant-modal-close').click();
  // Hide the birthdays calendar, then show it again.
  const hide = page.getByRole('checkbox', { name: new RegExp(CalendarMsg.BIRTHDAYS_CALENDAR) });
  await hide.uncheck();
  await expect(birthday).toHaveCount(0);
  await hide.check();
  await expect(birthday).toBeVisible();
  // A calendar's colour.
  await page.getByRole('button', { name: `更改${CalendarMsg.BIRTHDAYS_CALENDAR}的颜色` }).click();
  await page.getByRole('radio', { name: '#19a979' }).click();
  await expect(birthday).toHaveCSS('background-color', 'rgb(25, 169, 121)');

  // A lunar birthday of my own: every year on 农历八月十五.
  await clickDay(page, '2026-09-25');
  const dialog = eventDialog(page);
  await dialog.getByLabel(CalendarMsg.FIELD_TITLE).fill('妈妈生日');
  await pick(page, dialog.getByLabel(CalendarMsg.FIELD_REPEAT), CalendarMsg.REPEAT_LUNAR_YEARLY);
  await expect(dialog.getByText('每年农历八月十五')).toBeVisible();
  await save(page);
  await expect(chip(page, '2026-09-25', '妈妈生日')).toBeVisible();
  // 2027's 八月十五 is 15 September.
  await openView(page, 'month', '2027-09-01');
  await expect(chip(page, '2027-09-15', '妈妈生日')).toBeVisible();
  await expect(chip(page, '2027-09-15', '王奶奶')).toBeVisible();
  await shot(page, 'calendar-08-lunar-birthdays', { fullPage: false });

  // Search by title, place and description.
  await createEvent(page, {
    summary: '体检',
    location: '协和医院',
    description: '空腹',
    start: '2026-12-02T08:00',
    end: '2026-12-02T09:00',
  });
  const search = page.getByRole('searchbox', { name: '搜索日程' });
  await search.fill('协和');
  await expect(page.locator('.cal-search .cal-agenda__event', { hasText: '体检' })).toBeVisible();
  await search.fill('空腹');
  await expect(page.locator('.cal-search .cal-agenda__event', { hasText: '体检' })).toBeVisible();
  await search.fill('没有这个');
  await expect(page.getByText(CalendarMsg.SEARCH_EMPTY)).toBeVisible();
  await shot(page, 'calendar-09-search', { fullPage: false });
  await search.fill('');

  // Import: one good event, one without a start (listed with its reason).
  await page.getByRole('button', { name: '导入日程' }).click();
  const io = page.locator('.ant-modal.cal-import');
  const file = ics([
    'BEGIN:VEVENT\r\nUID:imp-1\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261203T120000Z\r\nDTEND:20261203T130000Z\r\nSUMMARY:导入的会\r\nEND:VEVENT\r\n',
    'BEGIN:VEVENT\r\nUID:imp-2\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:没有开始时间\r\nEND:VEVENT\r\n',
  ]);
  await io
    .getByLabel('选择 .ics 文件')
    .setInputFiles({ name: 'a.ics', mimeType: 'text/calendar', buffer: Buffer.from(file) });
  await io.getByRole('button', { name: '开始导入' }).click();
  await expect(io.getByRole('status')).toContainText(calendarImported(1, 0, 1));
  await expect(io.locator('.cal-import__errors li')).toHaveCount(1);
  await expect(io.locator('.cal-import__errors li')).toContainText('没有开始时间');
  await expect(io.locator('.cal-import__errors li')).toContainText(CalendarMsg.NO_START);
  await shot(page, 'calendar-10-import', { fullPage: false });
  await io.getByRole('button', { name: '完成' }).click();
  await openView(page, 'month', '2026-12-01');
  await expect(chip(page, '2026-12-03', '导入的会')).toContainText('20:00');

  // A change made elsewhere (another client of the account) shows within the polling interval.
  await createEvent(page, { summary: '手机上加的', start: '2026-12-04T09:00', end: '2026-12-04T10:00' });
  await expect(chip(page, '2026-12-04', '手机上加的')).toBeVisible({ timeout: 16_000 });
});
