import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** No element makes the page wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A control a thumb can hit: at least 44 px high. */
export async function expectTouchSize(control: Locator, what: string) {
  const box = await control.boundingBox();
  expect(box?.height ?? 0, `${what} is 44 px high`).toBeGreaterThanOrEqual(44);
}
