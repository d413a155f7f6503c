import { CSRF_COOKIE, Msg, NoteApi, type NoteList, type NoteSaveResult } from '@phonecloud/shared';
import type { Locator, Page } from '@playwright/test';
import { freshAccount } from './contacts';
import { CAPTCHA_ANSWER } from './demo';
import { codeSentTo, expect } from './fixtures';
import { signUpByApi } from './portal-calls';

/**
 * Opens /note/index: list.do answers 6001, the portal goes to /note.check, and the check passes
 * with the captcha and an SMS code from the webhook; then the notes screen shows.
 */
export async function passNotesGate(page: Page, phone: string, beforeCode?: () => Promise<void>) {
  await page.goto('/#/note/index');
  await expect(page).toHaveURL(/#\/note\.check$/);
  await page.getByRole('button', { name: '立即验证' }).click();
  const dialog = page.getByRole('dialog', { name: '身份验证' });
  await dialog.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await dialog.locator('.send-code').click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(await codeSentTo(phone, since, 'sms'));
  await beforeCode?.();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/note\/index$/);
  await expect(page.locator('.notes')).toHaveAttribute('aria-busy', 'false');
}

/** A new account with no notes, signed in and through the notes gate. */
export async function openNotesAsNewUser(page: Page, prefix = 'nt', beforeCode?: () => Promise<void>) {
  const account = freshAccount(prefix);
  await signUpByApi(page, account.username, account.phone, account.password);
  await passNotesGate(page, account.phone, beforeCode);
  return account;
}

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(token), Origin: new URL(page.url()).origin };
}

/** A form POST of a notes call as the portal makes it (CSRF header, Origin). */
export async function notePost<T>(page: Page, pathname: string, form: Record<string, string>): Promise<T> {
  const res = await page.request.post(pathname, { headers: await csrfHeaders(page), form });
  const body = (await res.json()) as { code: number; data: T; message?: string };
  if (body.code !== 0) throw new Error(`${pathname} failed: ${body.code} ${body.message ?? ''}`);
  return body.data;
}

/** Saves a plain note through save.do, for tests whose subject is not the editor. */
export function saveNote(page: Page, title: string, text: string, classify = 0) {
  return notePost<NoteSaveResult>(page, NoteApi.save, {
    data: JSON.stringify({ title, classify, content: [{ type: 'text', content: text, mode: 2 }] }),
  });
}

export async function noteList(page: Page): Promise<NoteList> {
  const res = await page.request.get(NoteApi.list);
  return ((await res.json()) as { data: NoteList }).data;
}

/** A card of the note box by its title. */
export const boxCard = (page: Page, title: string) =>
  page.locator('.notes-box .note-card').filter({ hasText: title });
/** A note on the board on screen by its title. */
export const boardNote = (page: Page, title: string) =>
  page.locator('.board-surface .board-note').filter({ hasText: title });

/**
 * Drags an element with the mouse so that its top left lands at `to` (page coordinates): held at
 * a point inside it, moved a little to start the drag, then in steps to the target. It lets go
 * once `settled` holds, by default once the dragged note is drawn at `to`.
 */
export async function mouseDrag(
  page: Page,
  item: Locator,
  to: { x: number; y: number },
  settled: () => Promise<void> = () => overlayAt(page, to),
) {
  const grip = { x: 24, y: 40 };
  // Hovered first: Playwright waits until the element itself takes the pointer there (a dialog
  // still fading out, its mask over the page, would take the press and no drag would start).
  await item.hover({ position: grip });
  const box = await item.boundingBox();
  if (!box) throw new Error('the dragged element has no box');
  await page.mouse.down();
  await page.mouse.move(box.x + grip.x + 8, box.y + grip.y + 8, { steps: 2 });
  await page.mouse.move(to.x + grip.x, to.y + grip.y, { steps: 12 });
  await settled();
  await page.mouse.up();
}

/**
 * Waits until the dragged note is drawn with its top left at `to`: the page has rendered the
 * last move, and with it the drop target (state of the page's last render, not of the last
 * event), as a hand that rests a moment before it lets go would see.
 */
async function overlayAt(page: Page, to: { x: number; y: number }) {
  const overlay = page.locator('.notes-drag-overlay');
  await expect
    .poll(async () => {
      const box = await overlay.boundingBox();
      return box ? Math.max(Math.abs(box.x - to.x), Math.abs(box.y - to.y)) : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(2);
}

/** Returns once the timers the page has set for now (a delay of 0) have run. */
export async function afterPendingTimers(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The page coordinates of a point of the board surface on screen (inside its frame). */
export async function boardPoint(page: Page, x: number, y: number) {
  const surface = page.locator('.board-surface');
  const box = await surface.boundingBox();
  if (!box) throw new Error('no board on screen');
  const border = await surface.evaluate((el) => Number.parseFloat(getComputedStyle(el).borderLeftWidth));
  return { x: box.x + border + x, y: box.y + border + y };
}

/** A board note's place as the page draws it (left, top, z-index). */
export function placeOnBoard(note: Locator) {
  return note.evaluate((el) => {
    const s = (el as HTMLElement).style;
    return { x: Number.parseFloat(s.left), y: Number.parseFloat(s.top), z: Number(s.zIndex) };
  });
}

/**
 * Drags with a finger (Chromium's touch events): held still past the touch sensor's delay, then
 * moved in steps so that the note's top left lands at `to`.
 */
export async function touchDrag(page: Page, item: Locator, to: { x: number; y: number }) {
  const box = await item.boundingBox();
  if (!box) throw new Error('the dragged element has no box');
  const grip = { x: 24, y: 40 };
  const cdp = await page.context().newCDPSession(page);
  const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: at(box.x + grip.x, box.y + grip.y),
  });
  // The finger rests until the touch sensor's delay has passed and the note is lifted.
  await expect(page.locator('.notes-drag-overlay')).toBeVisible();
  const steps = 12;
  for (let i = 1; i <= steps; i += 1) {
    const x = box.x + grip.x + ((to.x - box.x) * i) / steps;
    const y = box.y + grip.y + ((to.y - box.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, y) });
  }
  await overlayAt(page, to);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
