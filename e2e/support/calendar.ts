import { CalendarApi, type CalendarCreate, type CalendarRange, CSRF_COOKIE, Msg } from '@phonecloud/shared';
import type { Locator, Page } from '@playwright/test';
import { freshAccount } from './contacts';
import { CAPTCHA_ANSWER } from './demo';
import { codeSentTo, expect } from './fixtures';
import { signUpByApi } from './portal-calls';

/**
 * Opens /calendar/index: its calls answer 6001, the portal goes to /calendar.check, and the check
 * passes with the captcha and an SMS code from the webhook; then the calendar shows.
 */
export async function passCalendarGate(page: Page, phone: string, beforeCode?: () => Promise<void>) {
  await page.goto('/#/calendar/index');
  await expect(page).toHaveURL(/#\/calendar\.check$/);
  await beforeCode?.();
  await page.getByRole('button', { name: '立即验证' }).click();
  const dialog = page.getByRole('dialog', { name: '身份验证' });
  await dialog.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await dialog.locator('.send-code').click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(await codeSentTo(phone, since, 'sms'));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/calendar\/index$/);
  await expect(page.locator('.cal')).toBeVisible();
}

/** A new account with an empty calendar, signed in and through the calendar's gate. */
export async function openCalendarAsNewUser(page: Page, prefix = 'cw', beforeCode?: () => Promise<void>) {
  const account = freshAccount(prefix);
  await signUpByApi(page, account.username, account.phone, account.password);
  await passCalendarGate(page, account.phone, beforeCode);
  return account;
}

/** Opens a view on a day and waits for its events to be drawn. */
export async function openView(page: Page, view: 'month' | 'week' | 'day' | 'agenda', day: string) {
  await page.goto(`/#/calendar/${view}/${day}`);
  await expect(page.locator('.cal')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator(`.cal--${view}`)).toBeVisible();
}

export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(token), Origin: new URL(page.url()).origin };
}

/** create.do as the dialog sends it, for tests whose subject is not the dialog. */
export async function createEvent(page: Page, body: CalendarCreate): Promise<string> {
  const res = await page.request.post(CalendarApi.create, { headers: await csrfHeaders(page), data: body });
  const env = (await res.json()) as { code: number; data: { uid: string }; message?: string };
  if (env.code !== 0) throw new Error(`create.do failed: ${env.code} ${env.message ?? ''}`);
  return env.data.uid;
}

/** What range.do answers for [start, end) in Beijing time. */
export async function range(page: Page, start: string, end: string): Promise<CalendarRange> {
  const res = await page.request.get(`${CalendarApi.range}?start=${start}&end=${end}&tz=Asia/Shanghai`);
  return ((await res.json()) as { data: CalendarRange }).data;
}

/** A click on a month cell's free space (its bottom right corner): a new event on that day. */
export async function clickDay(page: Page, day: string) {
  const c = cell(page, day);
  const box = await c.boundingBox();
  if (!box) throw new Error(`no cell ${day}`);
  await c.click({ position: { x: box.width - 10, y: box.height - 6 } });
}

/** A month cell by its day. */
export const cell = (page: Page, day: string) => page.locator(`.cal-month__cell[data-day="${day}"]`);
/** An event's chip in a month cell, by its title. */
export const chip = (page: Page, day: string, title: string) =>
  cell(page, day).locator('.cal-chip').filter({ hasText: title });
/** An event's block in the week or day grid, by its title. */
export const block = (page: Page, title: string) =>
  page.locator('.cal-time__column .cal-block').filter({ hasText: title });
/** The event dialog. */
export const eventDialog = (page: Page) => page.locator('.ant-modal.cal-dialog');

/** The page point of a time on a day column of the grid (inside the column, 10 px from its left). */
export async function gridPoint(page: Page, day: string, minutes: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.cal-time__column[data-day="${day}"]`).boundingBox();
  if (!box) throw new Error(`no column for ${day}`);
  return { x: box.x + Math.min(40, box.width / 2), y: box.y + (minutes / 60) * 48 };
}

/** Presses at `from`, moves in steps to `to` and lets go (mouse: pointer events like a finger's). */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 2, from.y + 8, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** Every visible control lies inside the window (nothing reachable only by scrolling sideways). */
export async function expectInsideWindow(page: Page, controls: Locator, what: string) {
  const width = page.viewportSize()?.width ?? 0;
  for (const c of await controls.all()) {
    if (!(await c.isVisible())) continue;
    const box = await c.boundingBox();
    expect(box, `${what}: a box`).not.toBeNull();
    expect(box?.x ?? -1, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${what} ends inside the window`).toBeLessThanOrEqual(
      width + 0.5,
    );
  }
}

/** An iCalendar file of VEVENT blocks. */
export const ics = (events: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//calendar//ZH\r\n${events.join('')}END:VCALENDAR\r\n`;
