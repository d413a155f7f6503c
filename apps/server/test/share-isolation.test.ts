import {
  SHARE_CODE_FAILURES_PER_ADDRESS,
  SHARE_CODE_FAILURES_PER_LINK,
  SHARE_CODE_LINK_WINDOW_MINUTES,
  ShareCode,
  ShareMsg,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/db.js';
import { driveUser } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';
import { fetchBytes, share, tree, visitor } from './support/share.js';

describe.each(TEST_DIALECTS)('share links: isolation and code limits [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => server.close());

  it('never reaches above the shared folder, its siblings, the root, odd ids or another drive', async () => {
    const u = await driveUser(server);
    const other = await driveUser(server);
    const t = await tree(u);
    // Ids are per drive: the other drive's file gets an id this drive has not used.
    for (let i = 0; i < 12; i++) await other.mkdirV2(`夹${i}`);
    const theirs = (await other.uploadV2('别人的.txt', Buffer.from('别人'))).data;
    expect(Number(theirs?.file_id)).toBeGreaterThan(Number(t.top.file_id));
    const s = await share(u, [t.album.file_id], { pwd: 'iso1' });
    const v = visitor(server, '192.0.2.20');
    const token = await v.open(s.share_id, 'iso1');
    const gone = { code: ShareCode.ITEM_GONE, message: ShareMsg.ITEM_GONE };

    for (const parent of [
      t.beside.file_id,
      '999',
      '..',
      '../..',
      `${t.album.file_id}/..`,
      '0',
      '-1',
      'abc',
    ]) {
      expect(await v.list(s.share_id, token, parent), parent).toMatchObject(gone);
    }
    // A file is not a folder to list.
    expect((await v.list(s.share_id, token, t.one.file_id)).code).toBe(ShareCode.ITEM_GONE);
    // The sibling's file, a root file, another drive's file with the same number space.
    for (const id of [t.three.file_id, t.top.file_id, String(theirs?.file_id), '..', '999']) {
      expect(await v.downloadUrl(s.share_id, token, id), id).toMatchObject(gone);
      expect(await v.zipUrl(s.share_id, token, [t.one.file_id, id]), id).toMatchObject(gone);
    }
    // A folder as a "file" download.
    expect((await v.downloadUrl(s.share_id, token, t.sub.file_id)).code).toBe(ShareCode.ITEM_GONE);

    // Another link's visit token does not open this one; a drive token is no visit token.
    const s2 = await share(u, [t.beside.file_id], { pwd: 'iso2' });
    const token2 = await v.open(s2.share_id, 'iso2');
    expect((await v.list(s.share_id, token2)).code).toBe(ShareCode.VISIT_EXPIRED);
    expect((await v.list(s2.share_id, token)).code).toBe(ShareCode.VISIT_EXPIRED);
    expect((await v.list(s.share_id, u.token)).code).toBe(ShareCode.VISIT_EXPIRED);
    expect((await v.list(s.share_id, `${token}x`)).code).toBe(ShareCode.VISIT_EXPIRED);
    // ...and a visit token is no drive token.
    const res = await fetch(`${server.baseUrl}/v2/file/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ parent_file_id: 'root' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(2003);

    // A download URL is bound to its item: a forged one fails.
    const url = (await v.downloadUrl(s.share_id, token, t.one.file_id)).data?.url ?? '';
    expect((await fetchBytes(url)).res.status).toBe(200);
    const forged = url.replace(/t=([^.]+)/, (_m, body: string) => {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
      return `t=${Buffer.from(JSON.stringify({ ...claims, i: Number(t.three.file_id) })).toString('base64url')}`;
    });
    expect((await fetchBytes(forged)).res.status).toBe(403);
  });

  it('loses an item moved out of the shared folder or put in the recycle bin, at once', async () => {
    const u = await driveUser(server);
    const t = await tree(u);
    const s = await share(u, [t.album.file_id], { pwd: 'mv01' });
    const v = visitor(server, '192.0.2.21');
    const token = await v.open(s.share_id, 'mv01');
    const twoUrl = (await v.downloadUrl(s.share_id, token, t.two.file_id)).data?.url ?? '';
    const subZip = (await v.zipUrl(s.share_id, token, [t.sub.file_id])).data?.url ?? '';

    // 子/二.txt moves to the root: the link no longer reaches it, not even by a URL given before.
    expect((await u.v2('/file/move', { file_id: t.two.file_id, to_parent_file_id: 'root' })).code).toBe(0);
    expect((await v.list(s.share_id, token, t.sub.file_id)).data?.items).toEqual([]);
    expect((await v.downloadUrl(s.share_id, token, t.two.file_id)).code).toBe(ShareCode.ITEM_GONE);
    expect((await fetchBytes(twoUrl)).res.status).toBe(404);
    // Moved back in, it is shared again.
    expect(
      (await u.v2('/file/move', { file_id: t.two.file_id, to_parent_file_id: t.sub.file_id })).code,
    ).toBe(0);
    expect((await fetchBytes(twoUrl)).res.status).toBe(200);

    // 子 goes to the recycle bin: it and what it holds are gone from the link.
    expect((await u.v2('/file/delete', { file_id: t.sub.file_id })).code).toBe(0);
    expect((await v.list(s.share_id, token, t.album.file_id)).data?.items.map((i) => i.name)).toEqual([
      '一.txt',
    ]);
    expect((await v.list(s.share_id, token, t.sub.file_id)).code).toBe(ShareCode.ITEM_GONE);
    expect((await v.downloadUrl(s.share_id, token, t.two.file_id)).code).toBe(ShareCode.ITEM_GONE);
    expect((await fetchBytes(twoUrl)).res.status).toBe(404);
    expect((await fetchBytes(subZip)).res.status).toBe(404);

    // The shared folder itself in the bin: the link shows nothing; restored, it is back.
    expect((await u.v2('/file/delete', { file_id: t.album.file_id })).code).toBe(0);
    expect((await v.list(s.share_id, token)).data?.items).toEqual([]);
    expect((await v.list(s.share_id, token, t.album.file_id)).code).toBe(ShareCode.ITEM_GONE);
    expect((await u.v2('/recyclebin/restore', { file_id: t.album.file_id })).code).toBe(0);
    expect((await v.list(s.share_id, token)).data?.items.map((i) => i.name)).toEqual(['相册']);

    // The shared folder moved elsewhere in the drive stays shared (the link names the folder).
    expect(
      (await u.v2('/file/move', { file_id: t.album.file_id, to_parent_file_id: t.beside.file_id })).code,
    ).toBe(0);
    expect((await v.list(s.share_id, token, t.album.file_id)).data?.items.map((i) => i.name)).toEqual([
      '一.txt',
    ]);
    // ...but the folder it now sits in is not.
    expect((await v.list(s.share_id, token, t.beside.file_id)).code).toBe(ShareCode.ITEM_GONE);
  });

  it('stops taking codes for a link after too many wrong ones, even the right one, until the window passes', async () => {
    const u = await driveUser(server);
    const f = (await u.uploadV2('锁.txt', Buffer.from('x'))).data;
    const s = await share(u, [String(f?.file_id)], { pwd: 'lock' });
    const other = await share(u, [String(f?.file_id)], { pwd: 'lock' });
    for (let i = 0; i < SHARE_CODE_FAILURES_PER_LINK; i++) {
      // Each from its own address: the link's own counter trips.
      const wrong = await visitor(server, `192.0.2.${100 + i}`).token(s.share_id, 'nope');
      expect(wrong).toMatchObject({ code: ShareCode.CODE_WRONG, message: ShareMsg.CODE_WRONG });
    }
    const fresh = visitor(server, '192.0.2.99');
    expect(await fresh.token(s.share_id, 'LOCK')).toMatchObject({
      code: ShareCode.CODE_LOCKED,
      message: ShareMsg.CODE_LOCKED,
    });
    // Other links are not held up.
    expect((await fresh.token(other.share_id, 'lock')).code).toBe(0);
    server.clock.advance(SHARE_CODE_LINK_WINDOW_MINUTES * 60_000 + 1);
    expect((await fresh.token(s.share_id, 'lock')).code).toBe(0);
  });

  it('stops taking codes from an address after too many wrong ones over any links', async () => {
    const u = await driveUser(server);
    const f = (await u.uploadV2('址.txt', Buffer.from('x'))).data;
    const links = [];
    // Spread over links so that no link's own limit trips first.
    const perLink = SHARE_CODE_FAILURES_PER_LINK - 1;
    const count = Math.ceil(SHARE_CODE_FAILURES_PER_ADDRESS / perLink) + 1;
    for (let i = 0; i < count; i++) links.push(await share(u, [String(f?.file_id)], { pwd: 'addr' }));
    const v = visitor(server, '192.0.2.200');
    let sent = 0;
    for (const l of links) {
      for (let i = 0; i < perLink && sent < SHARE_CODE_FAILURES_PER_ADDRESS; i++, sent++) {
        expect((await v.token(l.share_id, 'zzzz')).code).toBe(ShareCode.CODE_WRONG);
      }
    }
    const last = links.at(-1)?.share_id ?? '';
    expect((await v.token(last, 'addr')).code).toBe(ShareCode.CODE_LOCKED);
    // Another address opens the same link with the right code.
    expect((await visitor(server, '192.0.2.201').token(last, 'addr')).code).toBe(0);
  });
});
