import { CalendarMsg, calendarRecovered } from '@phonecloud/shared';
import { findAccount } from './support/find';
import { expect, shot, signIn, test } from './support/fixtures';
import { calendarFile, type SyncPhone, startSyncPhone, vevent } from './support/phone-sync';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';
import { passSmsGate } from './support/sms';

/**
 * The calendar's recycle bin: an event the phone deletes is kept, the owner finds it in the bin
 * (the calendar card of the contacts' import/export dialog) and recovers it, and the phone gets
 * it back at its next sync; one more is deleted for good.
 */
const phones: SyncPhone[] = [];
test.afterEach(async () => {
  for (const p of phones.splice(0)) await p.proc.stop();
});

const meeting = vevent('ev-keep', '部门例会', '20261201T090000', '20261201T100000');
const dentist = vevent('ev-dentist', '牙医复诊', '20261203T150000', '20261203T160000');
const gym = vevent('ev-gym', '健身课', '20261204T190000', '20261204T200000');

test('calendar bin: what the phone deleted is recovered in the portal and reaches the phone again', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(20_000);
  const account = findAccount('cb');
  const phone = await startSyncPhone(baseURL ?? '', account, {
    'calendar.ics': calendarFile([meeting, dentist, gym]),
  });
  phones.push(phone);
  expect(phone.proc.output).toContain('日程：已上传 新增 3 条');
  // The phone deletes two of its three events (tidying, not a reset: not held).
  let mark = phone.mark;
  phone.write('calendar.ics', calendarFile([meeting]));
  await phone.waitFor('日程：已上传 删除 2 条', mark);

  await signIn(page, account.username, account.password);
  // The phone signed in by SMS within the minute: the gate takes the e-mail code.
  await passSmsGate(page, 'email', { to: account.email });
  await page.goto('/#/contact/index');
  await expect(page.locator('.contacts')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: /导入\/导出/ }).click();
  await page.getByRole('menuitem', { name: '导出联系人' }).click();
  const io = page.getByRole('dialog', { name: '导入/导出通讯录' });
  await io
    .getByRole('region', { name: CalendarMsg.EXPORT_TITLE })
    .getByRole('button', { name: CalendarMsg.BIN_OPEN })
    .click();
  const bin = page.getByRole('dialog', { name: CalendarMsg.BIN_TITLE });
  await expect(bin.locator('.bin-item')).toHaveCount(2);
  await expect(bin.getByText('牙医复诊')).toBeVisible();
  await expect(bin.getByText('2026-12-03 15:00')).toBeVisible();
  await shot(page, 'calendar-bin-01');

  // Recover one: gone from the bin, back on the phone at its next round.
  mark = phone.mark;
  await bin
    .locator('.bin-item')
    .filter({ hasText: '牙医复诊' })
    .getByRole('button', { name: CalendarMsg.BIN_RECOVER })
    .click();
  await expect(page.getByText(calendarRecovered(1, 0))).toBeVisible();
  await expect(bin.locator('.bin-item')).toHaveCount(1);
  await phone.waitFor('日程：已下载 1 条', mark);
  await expect.poll(() => phone.read('calendar.ics')).toContain('SUMMARY:牙医复诊');

  // The bin at a phone's width: nothing off screen, thumb-sized actions.
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page, 'the calendar bin at 375 px');
  await expectTouchSize(
    bin.getByRole('button', { name: CalendarMsg.BIN_EMPTY_ALL }),
    'the bin’s empty button',
  );
  await shot(page, 'calendar-bin-02-375');

  // The other one, deleted for good after the confirm.
  await bin.getByRole('checkbox', { name: '选择 健身课' }).check();
  await bin.getByRole('button', { name: CalendarMsg.BIN_DELETE }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: CalendarMsg.BIN_CONFIRM_DELETE })
    .getByRole('button', { name: CalendarMsg.BIN_DELETE })
    .click();
  await expect(bin.getByText(CalendarMsg.BIN_EMPTY)).toBeVisible();
  expect(phone.read('calendar.ics')).not.toContain('健身课');
});
