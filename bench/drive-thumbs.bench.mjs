// Issue 16: thumbnail making. A folder of distinct phone-sized JPEG photos is uploaded through
// the v2 API; then every photo's small thumbnail (256 px, the grid's) is fetched through its
// signed URL from the list, 6 at a time as a browser does per host, with each made on its first
// request. Target: at least 50 photos per second. The same photos resized by sharp in this
// process (the plain resize the server's work is built on, same concurrency) are printed beside
// it as the reference, and the second pass (thumbnails read from the store) as the cached rate.
//
// Size: BENCH_THUMB_PHOTOS (default 120) photos of BENCH_THUMB_WIDTH (default 4032) × 3/4 px.
// A smoke run: BENCH_THUMB_PHOTOS=4 BENCH_THUMB_WIDTH=640 npm run bench drive-thumbs
import sharp from 'sharp';
import { benchAccount } from './support/account.mjs';
import { report } from './support/browser.mjs';
import { driveClient } from './support/drive.mjs';
import { startServer } from './support/server.mjs';

const PHOTOS = Number(process.env.BENCH_THUMB_PHOTOS ?? 120);
const WIDTH = Number(process.env.BENCH_THUMB_WIDTH ?? 4032);
const HEIGHT = Math.round((WIDTH * 3) / 4);
const PARALLEL = 6;
const TARGET_PER_S = 50;

/** One distinct photo-like JPEG: smooth gradients, a seeded pattern and noise, quality 90. */
async function photo(seed) {
  const w = Math.max(16, Math.round(WIDTH / 8));
  const h = Math.max(12, Math.round(HEIGHT / 8));
  const raw = Buffer.alloc(w * h * 3);
  let r = seed * 2654435761;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      r = (r * 1103515245 + 12345) >>> 0;
      const i = (y * w + x) * 3;
      raw[i] = ((x * 255) / w + seed * 13) & 255;
      raw[i + 1] = ((y * 255) / h + ((x * y) >> 6)) & 255;
      raw[i + 2] = (((x ^ y) + seed) * 3 + (r >>> 28)) & 255;
    }
  }
  // Drawn small and scaled up, then grain added at full size: detail as a camera's has.
  const base = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i += 7) base[i] = (base[i] + ((i * (seed + 7)) & 15)) & 255;
  return sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function uploadV2(drive, parent, name, bytes) {
  const created = await drive.call('/file/create', {
    parent_file_id: parent,
    name,
    type: 'file',
    size: bytes.length,
  });
  let offset = 0;
  for (const part of created.part_info_list) {
    const res = await fetch(part.upload_url, {
      method: 'PUT',
      body: bytes.subarray(offset, offset + part.part_size),
    });
    if (!res.ok) throw new Error(`part upload: ${res.status}`);
    offset += part.part_size;
  }
  return drive.call('/file/complete', { file_id: created.file_id, upload_id: created.upload_id });
}

/** Runs `fn` over `list`, `PARALLEL` at a time; answers the items per second. */
async function rate(list, fn) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < list.length) await fn(list[next++]);
    }),
  );
  return list.length / ((performance.now() - t0) / 1000);
}

async function fetchThumb(url) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`thumbnail: ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length < 100) throw new Error('thumbnail too small');
}

export default async function driveThumbsBench() {
  // Made on request only: the background making after upload would have them ready already.
  const server = await startServer({ SEED_DEMO: '0', THUMBS_AHEAD: '0' });
  try {
    const account = await benchAccount(server, 'bench-thumbs');
    const drive = await driveClient(account);
    const folder = await drive.call('/file/create', { parent_file_id: 'root', name: '相册', type: 'folder' });
    const t0 = performance.now();
    const photos = [];
    let bytes = 0;
    for (let i = 0; i < PHOTOS; i++) {
      const jpeg = await photo(i + 1);
      bytes += jpeg.length;
      photos.push(jpeg);
      await uploadV2(drive, folder.file_id, `IMG_${String(i + 1).padStart(4, '0')}.jpg`, jpeg);
    }
    console.log(
      `  ${PHOTOS} photos of ${WIDTH}x${HEIGHT} (${(bytes / PHOTOS / 1024 / 1024).toFixed(1)} MiB each) made and uploaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const urls = [];
    for (let marker = ''; ; ) {
      const page = await drive.call('/file/list', { parent_file_id: folder.file_id, limit: 100, marker });
      for (const item of page.items) if (item.thumbnail) urls.push(item.thumbnail);
      if (!page.next_marker) break;
      marker = page.next_marker;
    }
    if (urls.length !== PHOTOS) throw new Error(`${urls.length} of ${PHOTOS} items carry a thumbnail`);

    // The reference first, so both see the page cache warm with the same bytes.
    const reference = await rate(photos, (p) =>
      sharp(p).rotate().resize(256, 256, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer(),
    );
    const made = await rate(urls, fetchThumb);
    const cached = await rate(urls, fetchThumb);
    console.log(`  ${PARALLEL} requests at a time; the server decodes two pictures per core at once`);
    report('thumbnails made (256 px, first request) vs target', made, TARGET_PER_S, 'photos/s', {
      text: '>= 1x (50 photos/s)',
      test: (r) => r >= 1,
    });
    report('thumbnails made vs plain sharp resize in one process (no target)', made, reference, 'photos/s');
    report('thumbnails read from the store vs made (no target)', cached, made, 'photos/s');
  } finally {
    await server.stop();
  }
}
