import { DriveMsg } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { passGate, signUpWithPhone } from './support/drive';
import { expect, test } from './support/fixtures';

/** The drive session's cookie (refreshYun.do sets it; HttpOnly, so the page cannot see it). */
const YUN_COOKIE = 'pc_yun';

/** Every HTTP 401 the page receives from now on, by path. */
function count401(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

test('a cold open of /pan without a drive session asks refreshYun.do first: no HTTP 401', async ({
  page,
}) => {
  const { phone } = await signUpWithPhone(page, 'pancold');
  await page.goto('/#/pan/index/path=999');
  await expect(page).toHaveURL(/#\/pan\.check$/);
  await passGate(page, phone);
  await expect(page.getByText(DriveMsg.EMPTY_NO_FILES)).toBeVisible();

  // A new tab of the same browser whose drive session has ended (or was never set: another
  // browser signed in, the cookie's time ran out): signed in and verified, no drive cookie.
  const context = page.context();
  await context.clearCookies({ name: YUN_COOKIE });
  const cold = await context.newPage();
  const unauthorised = count401(cold);
  await cold.goto('/#/pan/index/path=999');
  await expect(cold.getByText(DriveMsg.EMPTY_NO_FILES)).toBeVisible();
  await expect(cold.getByTestId('drive-space')).toContainText('0B / 5GB');
  expect(unauthorised).toEqual([]);
  expect((await context.cookies()).some((c) => c.name === YUN_COOKIE)).toBe(true);

  // With the session in hand, a reload asks no 401 either.
  await cold.reload();
  await expect(cold.getByText(DriveMsg.EMPTY_NO_FILES)).toBeVisible();
  expect(unauthorised).toEqual([]);
});
