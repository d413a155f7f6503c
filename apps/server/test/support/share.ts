import type {
  Envelope,
  SharePublicInfo,
  SharePublicList,
  ShareVisit,
  V2File,
  V2Share,
} from '@phonecloud/shared';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import type { DriveUser } from './drive.js';
import type { TestServer } from './server.js';

/** A signed-out visitor of share links, from an address of its own (the server trusts 127.0.0.1's X-Forwarded-For). */
export function visitor(server: TestServer, address = '203.0.113.1') {
  async function call<T>(path: string, body: Record<string, unknown>, token?: string): Promise<Envelope<T>> {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(token ? { 'x-share-token': token } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Envelope<T>;
  }
  return {
    call,
    info: (id: string) => call<SharePublicInfo>('/share/info', { share_id: id }),
    token: (id: string, pwd?: string) =>
      call<ShareVisit>('/share/token', { share_id: id, ...(pwd === undefined ? {} : { share_pwd: pwd }) }),
    /** A visit token for the link, the code being right. */
    async open(id: string, pwd?: string): Promise<string> {
      const t = await call<ShareVisit>('/share/token', { share_id: id, share_pwd: pwd ?? '' });
      expect(t.code, t.message).toBe(0);
      return t.data?.share_token ?? '';
    },
    list: (id: string, token: string, parent?: string, extra: Record<string, unknown> = {}) =>
      call<SharePublicList>(
        '/share/list',
        { share_id: id, ...(parent === undefined ? {} : { parent_file_id: parent }), ...extra },
        token,
      ),
    downloadUrl: (id: string, token: string, fileId: string) =>
      call<{ url: string; name: string; size: number }>(
        '/share/download_url',
        { share_id: id, file_id: fileId },
        token,
      ),
    zipUrl: (id: string, token: string, ids: string[]) =>
      call<{ url: string; name: string }>('/share/zip_url', { share_id: id, file_id_list: ids }, token),
  };
}
export type Visitor = ReturnType<typeof visitor>;

export async function share(
  u: DriveUser,
  ids: string[],
  opts: { days?: number; pwd?: string | null } = {},
): Promise<V2Share> {
  const r = await u.v2<V2Share>('/share_link/create', {
    file_id_list: ids,
    ...(opts.days === undefined ? {} : { expire_days: opts.days }),
    ...(opts.pwd === undefined ? {} : { share_pwd: opts.pwd }),
  });
  expect(r.code, r.message).toBe(0);
  return r.data as V2Share;
}

export async function fetchBytes(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A small tree: 相册/ (一.txt, 子/二.txt), 旁边/三.txt, 根.txt. */
export async function tree(u: DriveUser) {
  const album = await u.mkdirV2('相册');
  const one = (await u.uploadV2('一.txt', Buffer.from('第一'), album.file_id)).data as V2File;
  const sub = await u.mkdirV2('子', album.file_id);
  const two = (await u.uploadV2('二.txt', Buffer.from('第二'), sub.file_id)).data as V2File;
  const beside = await u.mkdirV2('旁边');
  const three = (await u.uploadV2('三.txt', Buffer.from('第三'), beside.file_id)).data as V2File;
  const top = (await u.uploadV2('根.txt', Buffer.from('根'))).data as V2File;
  return { album, one, sub, two, beside, three, top };
}

/** Unzips a buffer: entry name → bytes ('' for folders). */
export async function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, decodeStrings: true }, (err, z) => (err ? fail(err) : ok(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((ok, fail) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        out.set(entry.fileName, Buffer.alloc(0));
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, async (err, stream) => {
        if (err) return fail(err);
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        out.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.on('end', () => ok());
    zip.on('error', fail);
    zip.readEntry();
  });
  return out;
}
