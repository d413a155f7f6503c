import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { GBK_BYTES, imageOf, jpegOf, pdfOf, wavOf } from '../apps/server/test/support/preview-samples';
import { chooseFiles, passGate, row, signUpWithPhone, tempDir } from './support/drive';
import { expect, shot, test } from './support/fixtures';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';

/** A 4-second VP8 test pattern (see e2e/fixtures/SOURCES.md). */
const CLIP = path.join(__dirname, 'fixtures', 'preview-clip.webm');

/** The sample files of a folder: three pictures, a video, a recording, a PDF, GBK text, a zip. */
async function samples(dir: string): Promise<string[]> {
  const files: Array<[string, Buffer]> = [
    ['1-海边.jpg', await jpegOf(1600, 1200)],
    ['2-logo.png', await imageOf('png', 400, 800)],
    ['3-街景.webp', await imageOf('webp', 900, 600, { r: 200, g: 80, b: 40, alpha: 1 })],
    ['报告.pdf', pdfOf('Hello preview')],
    ['古诗.txt', GBK_BYTES],
    ['录音.wav', wavOf(1)],
    ['archive.zip', Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000'), 'latin1')],
  ];
  const paths = files.map(([name, bytes]) => {
    const p = path.join(dir, name);
    writeFileSync(p, bytes);
    return p;
  });
  const clip = path.join(dir, 'clip.webm');
  copyFileSync(CLIP, clip);
  return [...paths, clip];
}

const viewer = (page: Page) => page.getByTestId('drive-preview');

/** Opens a file by its name (a click on a file previews it, never downloads it). */
async function open(page: Page, name: string) {
  await row(page, name).getByRole('button', { name, exact: true }).click();
  await expect(viewer(page)).toBeVisible();
  await expect(page.getByTestId('drive-preview-name')).toHaveText(name);
}

async function expectImageShown(page: Page) {
  const img = page.getByTestId('drive-preview-image');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

/** Image viewer: next / previous through the folder's images, zoom, rotate, keyboard. */
async function stepThroughImages(page: Page, variant: 'alipan' | 'pan') {
  await open(page, '1-海边.jpg');
  await expect(viewer(page)).toHaveAttribute('data-variant', variant);
  await expectImageShown(page);
  await expect(page.getByTestId('drive-preview-position')).toHaveText('1 / 3');
  await page.getByTestId('drive-preview-next').click();
  await expect(page.getByTestId('drive-preview-name')).toHaveText('2-logo.png');
  await expectImageShown(page);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('drive-preview-name')).toHaveText('3-街景.webp');
  await expect(page.getByTestId('drive-preview-position')).toHaveText('3 / 3');
  await expect(page.getByTestId('drive-preview-next')).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('drive-preview-name')).toHaveText('2-logo.png');
  const img = page.getByTestId('drive-preview-image');
  await page.getByTestId('drive-preview-zoom-in').click();
  await expect(img).toHaveAttribute('data-zoom', '1.5');
  await page.keyboard.press('+');
  await expect(page.getByTestId('drive-preview-zoom')).toHaveText('200%');
  await page.keyboard.press('-');
  await expect(img).toHaveAttribute('data-zoom', '1.5');
  await page.getByTestId('drive-preview-rotate').click();
  await expect(img).toHaveAttribute('data-rotation', '90');
  await page.keyboard.press('r');
  await expect(img).toHaveAttribute('data-rotation', '180');
  await shot(page, `90-${variant}-preview-image`, { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toBeHidden();
}

async function openGbkText(page: Page, variant: string) {
  await open(page, '古诗.txt');
  await expect(page.getByTestId('drive-preview-encoding')).toHaveText('编码：GBK');
  await expect(page.getByTestId('drive-preview-text')).toContainText('春眠不觉晓，处处闻啼鸟。');
  await shot(page, `91-${variant}-preview-text`, { fullPage: false });
  await page.getByTestId('drive-preview-close').click();
  await expect(viewer(page)).toBeHidden();
}

test('preview: images stepped through, video played and sought, PDF, GBK text, both faces, phone width', async ({
  page,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(15_000);
  const { phone } = await signUpWithPhone(page, 'pv');
  const dir = await tempDir();
  const files = await samples(dir);
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));

  await test.step('alipan: upload the folder, the image viewer steps through its pictures', async () => {
    await page.goto('/#/alipan/index/path=root');
    await expect(page).toHaveURL(/#\/alipan\.check$/);
    await passGate(page, phone);
    await expect(page).toHaveURL(/#\/alipan\/index\/path=root$/);
    await chooseFiles(page, files);
    const panel = page.getByRole('region', { name: '上传列表' });
    await expect(panel.getByRole('tab', { name: `已完成(${files.length})` })).toBeVisible({
      timeout: 30_000,
    });
    await stepThroughImages(page, 'alipan');
  });

  await test.step('alipan: a video plays from the signed URL and seeks by Range (206)', async () => {
    const ranges: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/drive/preview?') && r.request().headers().range) ranges.push(r.status());
    });
    await open(page, 'clip.webm');
    const video = page.getByTestId('drive-preview-video');
    await expect(video).toBeVisible();
    await expect
      .poll(() => video.evaluate((v) => (v as HTMLVideoElement).readyState))
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v) => (v as HTMLVideoElement).duration)).toBeGreaterThan(3);
    await video.evaluate(async (v) => {
      const el = v as HTMLVideoElement;
      el.muted = true;
      await el.play();
    });
    await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
    await video.evaluate(
      (v) =>
        new Promise<void>((resolve) => {
          const el = v as HTMLVideoElement;
          el.addEventListener('seeked', () => resolve(), { once: true });
          el.currentTime = 3;
        }),
    );
    expect(await video.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThanOrEqual(2.9);
    expect(ranges).toContain(206);
    await page.keyboard.press('Escape');
    await expect(viewer(page)).toBeHidden();
  });

  await test.step('alipan: a PDF opens inline in the browser viewer; GBK text is decoded; other kinds offer the download', async () => {
    await open(page, '报告.pdf');
    const frame = page.getByTestId('drive-preview-pdf');
    await expect(frame).toBeVisible();
    // What the frame loads: the PDF inline, its type, the sandbox policy and nosniff.
    const res = await page.request.get((await frame.getAttribute('src')) ?? '');
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.headers()['content-disposition']).toMatch(/^inline; /);
    expect(res.headers()['content-security-policy']).toContain('sandbox');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.getByTestId('drive-preview-pdf')).toBeVisible();
    // The browser's own PDF viewer renders it (the sandbox policy leaves it working).
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(true);
    await shot(page, '92-alipan-preview-pdf', { fullPage: false });
    await page.getByTestId('drive-preview-close').click();

    await openGbkText(page, 'alipan');

    await open(page, 'archive.zip');
    await expect(viewer(page).getByText('该文件暂不支持在线预览')).toBeVisible();
    const download = page.waitForEvent('download');
    await viewer(page).getByRole('button', { name: '下载' }).last().click();
    expect((await download).suggestedFilename()).toBe('archive.zip');
    await page.keyboard.press('Escape');

    await open(page, '录音.wav');
    await expect(page.getByTestId('drive-preview-audio')).toBeVisible();
    await expect
      .poll(() => page.getByTestId('drive-preview-audio').evaluate((a) => (a as HTMLAudioElement).duration))
      .toBeGreaterThan(0.9);
    await page.keyboard.press('Escape');
    // Opening files downloaded nothing but the one asked for.
    expect(downloads).toEqual(['archive.zip']);
  });

  await test.step('pan: the same files in the older face, its own look', async () => {
    await page.goto('/#/pan/index/path=999');
    await expect(row(page, '古诗.txt')).toBeVisible();
    await stepThroughImages(page, 'pan');
    await openGbkText(page, 'pan');
    await open(page, 'clip.webm');
    await expect
      .poll(() => page.getByTestId('drive-preview-video').evaluate((v) => (v as HTMLVideoElement).readyState))
      .toBeGreaterThanOrEqual(1);
    await page.keyboard.press('Escape');
    await open(page, '报告.pdf');
    await expect(page.getByTestId('drive-preview-pdf')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('375 px: the viewer fills the phone, nothing scrolls sideways, controls are thumb-sized', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [variant, url] of [
      ['pan', '/#/pan/index/path=999'],
      ['alipan', '/#/alipan/index/path=root'],
    ] as const) {
      await page.goto(url);
      await open(page, '1-海边.jpg');
      await expectImageShown(page);
      await expectNoSidewaysScroll(page, `${variant} image viewer at 375 px`);
      for (const id of [
        'drive-preview-close',
        'drive-preview-next',
        'drive-preview-zoom-in',
        'drive-preview-download',
      ]) {
        await expectTouchSize(page.getByTestId(id), `${variant} ${id}`);
      }
      const box = await viewer(page).boundingBox();
      expect(box?.width).toBe(375);
      await page.getByTestId('drive-preview-next').click();
      await expect(page.getByTestId('drive-preview-name')).toHaveText('2-logo.png');
      await shot(page, `93-${variant}-preview-375`, { fullPage: false });
      await page.getByTestId('drive-preview-close').click();
      await open(page, '古诗.txt');
      await expect(page.getByTestId('drive-preview-text')).toContainText('春眠不觉晓');
      await expectNoSidewaysScroll(page, `${variant} text viewer at 375 px`);
      await page.getByTestId('drive-preview-close').click();
    }
  });
});
