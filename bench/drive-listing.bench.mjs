// Issue 3: one folder of 100,000 items; the time of its last page against its first, in both
// faces (v2 file/list, pages of 100 by next_marker; v1 list.json, pages of 500 by marker).
// Keyset paging makes them equal; OFFSET would make the last page walk the whole folder. All
// items are files named number first, so that the first and the last page carry the same fields
// and the same mix of names (a page of folders answers fewer, and would flatter the first page).
//
// The items are written straight into the server's SQLite database in one transaction (the
// same rows the drive writes: kind, name, size, times, parent), which takes about a second;
// creating 100,000 items through the API would take minutes and measure something else.
import { benchAccount, openServerDb } from './support/account.mjs';
import { median, report } from './support/browser.mjs';
import { driveClient } from './support/drive.mjs';
import { startServer } from './support/server.mjs';

const ITEMS = 100_000;
const RUNS = 15;
const ROOT = 999;
// The number leads, so every page holds the same mix of kinds and scripts.
const KINDS = ['%-IMG.jpg', '%-录音.m4a', '%-report.pdf', '%-合同.docx', '%-backup.zip'];

/** Deterministic names of files of several kinds, Chinese and Latin. */
function seedFolder(server, userId) {
  const db = openServerDb(server);
  try {
    const { next_id: first } = db.prepare('SELECT next_id FROM drives WHERE user_id = ?').get(userId);
    const insert = db.prepare(
      `INSERT INTO drive_items (user_id, id, parent_id, name, kind, size, blob_key, created_at, updated_at, trashed_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL)`,
    );
    const t0 = Date.UTC(2024, 0, 1);
    db.transaction(() => {
      for (let i = 0; i < ITEMS; i++) {
        const n = String(i).padStart(6, '0');
        const at = t0 + i * 60_000;
        insert.run(
          userId,
          first + i,
          ROOT,
          KINDS[i % KINDS.length].replace('%', n),
          1,
          (i * 7919) % 50_000_000,
          at,
          at,
        );
      }
      db.prepare('UPDATE drives SET next_id = ? WHERE user_id = ?').run(first + ITEMS, userId);
    })();
  } finally {
    db.close();
  }
}

async function timeRequest(fn) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

export default async function driveListingBench() {
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const account = await benchAccount(server, 'bench-listing');
    const drive = await driveClient(account);
    await drive.call('/drive/get');
    const t0 = performance.now();
    seedFolder(server, account.userId);
    console.log(`  ${ITEMS} files written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // v2: walk every page by next_marker, keeping the last page's marker.
    const v2Page = (marker) =>
      drive.call('/file/list', { parent_file_id: 'root', limit: 100, ...(marker ? { marker } : {}) });
    let seen = 0;
    let lastMarker = '';
    for (let marker = '', pages = 0; pages < ITEMS / 100 + 1; pages++) {
      const page = await v2Page(marker);
      seen += page.items.length;
      if (!page.next_marker) break;
      lastMarker = page.next_marker;
      marker = page.next_marker;
    }
    if (seen !== ITEMS) throw new Error(`v2 listed ${seen} items`);
    const v2First = await timeRequest(() => v2Page(''));
    const v2Last = await timeRequest(async () => {
      if ((await v2Page(lastMarker)).items.length !== 100) throw new Error('v2 last page is not full');
    });

    // v1: the drive session cookie first, then pages of 500 by marker.
    await account.client.call('/user/refreshYun.do');
    const v1Page = (query) =>
      account.client.call(
        `/v1/files/list.json?${new URLSearchParams({ pid: String(ROOT), size: '500', ...query })}`,
      );
    seen = 0;
    let v1LastMarker = '';
    for (let marker = '', pages = 0; pages < ITEMS / 500 + 1; pages++) {
      const page = await v1Page(marker ? { marker } : {});
      seen += page.list.length;
      if (!page.hasMore) break;
      v1LastMarker = page.marker;
      marker = page.marker;
    }
    if (seen !== ITEMS) throw new Error(`v1 listed ${seen} items`);
    const v1First = await timeRequest(() => v1Page({}));
    const v1Last = await timeRequest(() => v1Page({ marker: v1LastMarker }));
    const v1LastByNumber = await timeRequest(() => v1Page({ page: String(ITEMS / 500) }));

    const target = { text: '<= 1.5x', test: (r) => r <= 1.5 };
    console.log(`  median of ${RUNS} requests each, client-side time to the whole JSON`);
    report('v2 file/list last page (1000th of 100) vs first', v2Last, v2First, 'ms', target);
    report('v1 list.json last page (200th of 500, marker) vs first', v1Last, v1First, 'ms', target);
    // The portal's client pages by marker; `page` alone (OFFSET) is kept for older clients.
    report(
      'v1 list.json page=200 without marker (OFFSET, no target) vs first',
      v1LastByNumber,
      v1First,
      'ms',
    );
  } finally {
    await server.stop();
  }
}
