import { createHash } from 'node:crypto';
import {
  DeviceApi,
  type DeviceSigninDone,
  type DeviceSigninStarted,
  FIND_FUNCTIONS,
  PhotoDeviceApi,
} from '@phonecloud/shared';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { findAccount } from './find';
import { codeSentTo, expect } from './fixtures';

type Account = ReturnType<typeof findAccount>;

async function deviceCall<T>(baseUrl: string, path: string, body: object): Promise<T> {
  const res = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; message?: string; data: T };
  if (env.code !== 0) throw new Error(`${path}: ${env.code} ${env.message}`);
  return env.data;
}

/** Signs a phone in through the device API (the SMS code from the sink): its bearer token. */
async function deviceToken(baseUrl: string, account: Account): Promise<string> {
  const since = Date.now();
  const started = await deviceCall<DeviceSigninStarted>(baseUrl, DeviceApi.signinStart, {
    account: account.username,
    password: account.password,
  });
  const done = await deviceCall<DeviceSigninDone>(baseUrl, DeviceApi.signinFinish, {
    challenge: started.challenge,
    code: await codeSentTo(account.phone, since, 'sms'),
    device_id: `e2e-${account.username}`,
    brand: 'Xiaomi',
    model: 'Redmi Note 13',
    functions: [...FIND_FUNCTIONS],
  });
  return done.token;
}

/**
 * A small picture of its own colour (so its own content) with no time in it: dated by `mtime`.
 * `backUpPictures` gives the n-th of its list the seed n + 1.
 */
export function picture(seed: number): Promise<Buffer> {
  const background = { r: (seed * 67) % 256, g: (seed * 131) % 256, b: (seed * 29 + 90) % 256 };
  return sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Backs up one picture taken at `taken` (`YYYY-MM-DDTHH:mm:ss`) as a phone's one-request upload. */
async function backUp(baseUrl: string, token: string, taken: string, seed: number): Promise<number> {
  const bytes = await picture(seed);
  const query = new URLSearchParams({
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: String(bytes.length),
    name: `IMG_${taken.replace(/\D/g, '')}.png`,
    mtime: String(Date.parse(`${taken}Z`)),
    tz_offset: '0',
  });
  const res = await fetch(new URL(`${PhotoDeviceApi.whole}?${query}`, baseUrl), {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  const env = (await res.json()) as { code: number; message?: string; data: { photo_id: number } };
  if (env.code !== 0) throw new Error(`upload: ${env.code} ${env.message}`);
  return env.data.photo_id;
}

/**
 * The account's phone signs in and backs up a small picture for each of `takens` (each its own
 * colour, with no time of its own: dated by the file time sent, on UTC's clock).
 */
export async function backUpPictures(baseUrl: string, account: Account, takens: readonly string[]) {
  const token = await deviceToken(baseUrl, account);
  const ids: number[] = [];
  for (const [i, taken] of takens.entries()) ids.push(await backUp(baseUrl, token, taken, i + 1));
  return ids;
}

/** Every one of `controls` lies inside the window's width: none is off screen. */
export async function expectInsideWidth(page: Page, controls: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    const name = (await control.textContent())?.trim() || (await control.getAttribute('aria-label'));
    expect(box, `${name} is shown`).not.toBeNull();
    expect(
      (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width,
      `${name} is inside the window`,
    ).toBe(true);
  }
}

/**
 * The timeline's drawn items (a row's spare places left out). Thumbnails are asked for only by
 * the rows in view, so a count of what a timeline holds counts these, not images.
 */
export const ITEM_CELLS = '.photo-cell:not(.photo-cell--empty)';
