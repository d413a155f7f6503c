import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedPicture } from '../src/modules/drive/preview/heic-pixels.js';
import { buildServer, SERVER_DIR } from './support/built-server.js';
import { PHOTO_FIXTURES } from './support/photos.js';

/** The longest the event loop went without a turn while `work` ran, and how long `work` took. */
async function loopGapDuring(work: () => Promise<unknown>): Promise<{ gapMs: number; workMs: number }> {
  let gapMs = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await work();
  const workMs = performance.now() - started;
  clearInterval(tick);
  return { gapMs, workMs };
}

/**
 * HEIC thumbnails decode on the worker pool in the bundled server (dist/heic-worker.js): the
 * WebAssembly decoder never yields, and on the serving thread it held every request for seconds.
 * From the sources the thumbnailer decodes on its own thread (the photo API tests run that).
 */
describe('HEIC decoding on the worker pool (built server)', () => {
  let pool: Piscina;
  const heic = readFileSync(path.join(PHOTO_FIXTURES, 'IMG_5195.HEIC'));

  beforeAll(() => {
    buildServer();
    pool = new Piscina({ filename: path.join(SERVER_DIR, 'dist/heic-worker.js'), maxThreads: 1 });
  });
  afterAll(() => pool.destroy());

  it('decodes an iPhone HEIC, moves its pixels back, and leaves this thread free meanwhile', async () => {
    let picture: DecodedPicture | undefined;
    // The first decode also loads the decoder; the second is the one every later photo costs.
    await pool.run({ bytes: heic });
    const { gapMs, workMs } = await loopGapDuring(async () => {
      picture = (await pool.run({ bytes: heic })) as DecodedPicture;
    });
    expect([picture?.width, picture?.height]).toEqual([2566, 3313]);
    expect(picture?.data.byteLength).toBe(2566 * 3313 * 4);
    // On this thread the decode would be one gap as long as the decode itself.
    expect(gapMs).toBeLessThan(Math.max(workMs / 2, 150));
  });
});
