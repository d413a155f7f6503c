import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DRIVE_ROOT_NUMERIC_ID, WEBDAV_DRIVE_PATH } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppPasswordsService } from '../src/modules/app-passwords/service.js';
import { DriveService } from '../src/modules/drive/service.js';
import { createUser, login, type TestUser } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const run = promisify(execFile);

/** Real clients: skipped (with the reason) only outside CI when the Debian package is missing. */
function client(bin: string): { ok: boolean; why: string } {
  if (existsSync(`/usr/bin/${bin}`)) return { ok: true, why: '' };
  if (process.env.CI) throw new Error(`${bin} is missing: .ci/run installs it (apt-get install ${bin})`);
  return { ok: false, why: `${bin} is not installed (apt-get install ${bin}); skipped outside CI` };
}
const rclone = client('rclone');
const litmus = client('litmus');
if (!rclone.ok) console.warn(rclone.why);
if (!litmus.ok) console.warn(litmus.why);

interface DavUser extends TestUser {
  appPassword: string;
}

describe.each(TEST_DIALECTS)('WebDAV of the drive [%s]', (dialect) => {
  let server: TestServer;
  let a: DavUser;
  let b: DavUser;
  const work = mkdtempSync(path.join(tmpdir(), 'pc-webdav-'));

  async function davUser(): Promise<DavUser> {
    const user = await createUser(server);
    const made = await new AppPasswordsService(server.deps).create(user.id, 'test');
    return { ...user, appPassword: made.password };
  }

  beforeAll(async () => {
    // 40 MiB of space: enough for the trees below, small enough to run out of.
    server = await startTestServer(dialect, { env: { FREE_SPACE_GB: String(40 / 1024) } });
    a = await davUser();
    b = await davUser();
  });
  afterAll(async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  const url = (p: string) => `${server.baseUrl}${WEBDAV_DRIVE_PATH}${p}`;
  const auth = (u: DavUser) => `Basic ${Buffer.from(`${u.username}:${u.appPassword}`).toString('base64')}`;
  function dav(
    u: DavUser | null,
    method: string,
    p: string,
    opts: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (u) headers.authorization = auth(u);
    return fetch(url(p), { method, headers, body: opts.body });
  }
  const propfind = (u: DavUser, p: string, depth: string, body?: string) =>
    dav(u, 'PROPFIND', p, { headers: { depth, 'content-type': 'application/xml' }, body });

  it('OPTIONS announces classes 1 and 2; every other method asks for an app password', async () => {
    const options = await dav(null, 'OPTIONS', '/');
    expect(options.status).toBe(200);
    expect(options.headers.get('dav')).toBe('1, 2');
    expect(options.headers.get('allow')).toContain('PROPFIND');
    const anon = await dav(null, 'PROPFIND', '/');
    expect(anon.status).toBe(401);
    expect(anon.headers.get('www-authenticate')).toContain('Basic realm="PhoneCloud"');
  });

  it('a signed-in browser session and the account password open nothing; an app password opens only its own drive', async () => {
    const browser = server.client();
    await login(browser, a.username, a.password);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await fetch(url('/'), { method: 'PROPFIND', headers: { cookie, depth: '0' } })).status).toBe(401);
    const accountPassword = `Basic ${Buffer.from(`${a.username}:${a.password}`).toString('base64')}`;
    expect(
      (await fetch(url('/'), { method: 'PROPFIND', headers: { authorization: accountPassword } })).status,
    ).toBe(401);

    expect((await dav(a, 'MKCOL', '/只属于A')).status).toBe(201);
    expect((await dav(a, 'PUT', '/只属于A/秘密.txt', { body: 'A 的内容' })).status).toBe(201);
    // B's drive has no such folder, and B cannot reach A's through any path.
    expect((await propfind(b, '/只属于A', '0')).status).toBe(404);
    expect((await dav(b, 'GET', '/只属于A/秘密.txt')).status).toBe(404);
    expect((await dav(b, 'DELETE', '/只属于A')).status).toBe(404);
    expect((await dav(b, 'GET', '/../只属于A/秘密.txt')).status).toBeGreaterThanOrEqual(400);
    const listing = await (await propfind(b, '/', '1')).text();
    expect(listing).not.toContain(encodeURIComponent('只属于A'));
  });

  it('PROPFIND lists a folder with its members, sizes, types, ETags and the RFC 4331 quota', async () => {
    expect((await dav(a, 'MKCOL', '/列表')).status).toBe(201);
    expect((await dav(a, 'PUT', '/列表/a.txt', { body: 'hello' })).status).toBe(201);
    expect((await dav(a, 'MKCOL', '/列表/子文件夹')).status).toBe(201);
    const res = await propfind(a, '/列表/', '1');
    expect(res.status).toBe(207);
    expect(res.headers.get('content-type')).toContain('xml');
    const xml = await res.text();
    expect(xml).toContain(`<d:href>${WEBDAV_DRIVE_PATH}/${encodeURIComponent('列表')}/</d:href>`);
    expect(xml).toContain(`<d:href>${WEBDAV_DRIVE_PATH}/${encodeURIComponent('列表')}/a.txt</d:href>`);
    expect(xml).toContain(`${encodeURIComponent('子文件夹')}/</d:href>`);
    expect(xml).toContain('<d:getcontentlength>5</d:getcontentlength>');
    expect(xml).toContain('<d:collection/>');
    const quota = await (
      await propfind(
        a,
        '/',
        '0',
        '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>',
      )
    ).text();
    const used = Number(/<d:quota-used-bytes>(\d+)</.exec(quota)?.[1]);
    const available = Number(/<d:quota-available-bytes>(\d+)</.exec(quota)?.[1]);
    expect(used).toBeGreaterThan(0);
    expect(used + available).toBe(Math.round((40 / 1024) * 1024 ** 3));
    expect((await propfind(a, '/', 'infinity')).status).toBe(403);
  });

  it('PUT stores into the drive (same names, rules and quota as the portal); GET answers ranges as an attachment', async () => {
    const bytes = randomBytes(300_000);
    const put = await dav(a, 'PUT', '/上传.bin', { body: bytes });
    expect(put.status).toBe(201);
    const drive = new DriveService(server.deps);
    const item = await drive.byPath(a.id, '/上传.bin');
    expect(item.size).toBe(bytes.length);
    const whole = await dav(a, 'GET', '/上传.bin');
    expect(whole.headers.get('content-disposition')).toContain('attachment');
    expect(whole.headers.get('etag')).toBe(put.headers.get('etag'));
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await dav(a, 'GET', '/上传.bin', { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const head = await dav(a, 'HEAD', '/上传.bin');
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    // A script stored in the drive is bytes, never script of the portal's origin; PROPFIND still
    // says what it is.
    expect((await dav(a, 'PUT', '/app.js', { body: 'alert(1)' })).status).toBe(201);
    const script = await dav(a, 'GET', '/app.js');
    expect(script.headers.get('content-type')).toBe('application/octet-stream');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await (await propfind(a, '/app.js', '0')).text()).toContain('text/javascript');
    expect((await dav(a, 'DELETE', '/app.js')).status).toBe(204);

    // A name the drive refuses, a missing folder, a file where a folder is.
    expect((await dav(a, 'PUT', `/${encodeURIComponent('bad*name.txt')}`, { body: 'x' })).status).toBe(400);
    expect((await dav(a, 'PUT', '/没有这个文件夹/a.txt', { body: 'x' })).status).toBe(409);
    expect((await dav(a, 'MKCOL', '/上传.bin')).status).toBe(405);
    // Over the quota: refused before anything is stored.
    const tooBig = await dav(a, 'PUT', '/太大.bin', { body: Buffer.alloc(41 * 1024 * 1024) });
    expect(tooBig.status).toBe(507);
    expect((await dav(a, 'GET', '/太大.bin')).status).toBe(404);

    // A file of several parts goes through the drive's multi-part upload, bytes intact.
    const large = randomBytes(23 * 1024 * 1024 + 12_345);
    expect((await dav(a, 'PUT', '/大文件.bin', { body: large })).status).toBe(201);
    const back = Buffer.from(await (await dav(a, 'GET', '/大文件.bin')).arrayBuffer());
    expect(createHash('sha256').update(back).digest('hex')).toBe(
      createHash('sha256').update(large).digest('hex'),
    );
    expect((await dav(a, 'DELETE', '/大文件.bin')).status).toBe(204);

    // Replacing a file: the old one goes to the recycle bin, as the portal's overwrite does.
    expect((await dav(a, 'PUT', '/上传.bin', { body: 'new' })).status).toBe(204);
    expect(await (await dav(a, 'GET', '/上传.bin')).text()).toBe('new');
    const bin = await drive.items.trashPage(a.id, 100, 0);
    expect(bin.some((i) => i.id === item.id)).toBe(true);
  });

  it('DELETE moves to the recycle bin, from where the portal restores it', async () => {
    expect((await dav(a, 'MKCOL', '/要删除')).status).toBe(201);
    expect((await dav(a, 'PUT', '/要删除/x.txt', { body: 'x' })).status).toBe(201);
    const drive = new DriveService(server.deps);
    const folder = await drive.byPath(a.id, '/要删除');
    expect((await dav(a, 'DELETE', '/要删除')).status).toBe(204);
    expect((await propfind(a, '/要删除', '0')).status).toBe(404);
    expect((await drive.items.get(server.deps.db, a.id, folder.id))?.trashed_at).not.toBeNull();
    await drive.restore(a.id, folder.id);
    expect(await (await dav(a, 'GET', '/要删除/x.txt')).text()).toBe('x');
    expect((await dav(a, 'DELETE', '/')).status).toBe(403);
  });

  it('COPY and MOVE honour Overwrite; dead properties travel with the item', async () => {
    expect((await dav(a, 'MKCOL', '/cm')).status).toBe(201);
    expect((await dav(a, 'PUT', '/cm/one.txt', { body: 'one' })).status).toBe(201);
    const patch = await dav(a, 'PROPPATCH', '/cm/one.txt', {
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:test"><D:set><D:prop><Z:colour>红色</Z:colour></D:prop></D:set></D:propertyupdate>',
    });
    expect(patch.status).toBe(207);
    expect(await patch.text()).toContain('200 OK');
    const dest = (p: string) => ({ destination: url(p.split('/').map(encodeURIComponent).join('/')) });
    expect((await dav(a, 'COPY', '/cm/one.txt', { headers: dest('/cm/two.txt') })).status).toBe(201);
    expect(
      (await dav(a, 'COPY', '/cm/one.txt', { headers: { ...dest('/cm/two.txt'), overwrite: 'F' } })).status,
    ).toBe(412);
    expect((await dav(a, 'COPY', '/cm/one.txt', { headers: dest('/cm/two.txt') })).status).toBe(204);
    expect((await dav(a, 'MOVE', '/cm/two.txt', { headers: dest('/cm/三.txt') })).status).toBe(201);
    const props = await (
      await propfind(
        a,
        `/cm/${encodeURIComponent('三.txt')}`,
        '0',
        '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><Z:colour xmlns:Z="urn:test"/></D:prop></D:propfind>',
      )
    ).text();
    expect(props).toContain('红色');
    expect((await dav(a, 'COPY', '/cm', { headers: dest('/cm-copy') })).status).toBe(201);
    expect(await (await dav(a, 'GET', '/cm-copy/one.txt')).text()).toBe('one');
    expect((await dav(a, 'MOVE', '/cm', { headers: dest('/cm/inner') })).status).toBe(409);
    expect((await dav(a, 'COPY', '/cm/one.txt', { headers: dest('/nowhere/one.txt') })).status).toBe(409);
  });

  it('a LOCK keeps other writers out until UNLOCK; the lock token lets its holder write', async () => {
    expect((await dav(a, 'PUT', '/locked.txt', { body: 'v1' })).status).toBe(201);
    const lockBody =
      '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>test</D:owner></D:lockinfo>';
    const locked = await dav(a, 'LOCK', '/locked.txt', { body: lockBody, headers: { timeout: 'Second-60' } });
    expect(locked.status).toBe(200);
    const token = locked.headers.get('lock-token')?.replace(/[<>]/g, '') ?? '';
    expect(token).toMatch(/^opaquelocktoken:/);
    expect((await dav(a, 'PUT', '/locked.txt', { body: 'v2' })).status).toBe(423);
    expect((await dav(a, 'LOCK', '/locked.txt', { body: lockBody })).status).toBe(423);
    expect((await dav(a, 'PUT', '/locked.txt', { body: 'v2', headers: { if: `(<${token}>)` } })).status).toBe(
      204,
    );
    expect((await dav(a, 'UNLOCK', '/locked.txt', { headers: { 'lock-token': `<${token}>` } })).status).toBe(
      204,
    );
    expect((await dav(a, 'PUT', '/locked.txt', { body: 'v3' })).status).toBe(204);
  });

  // ---- real clients ----

  const rcloneEnv = async (u: DavUser) => {
    const { stdout } = await run('rclone', ['obscure', u.appPassword]);
    return {
      ...process.env,
      RCLONE_CONFIG: path.join(work, 'rclone.conf'),
      RCLONE_CONFIG_PC_TYPE: 'webdav',
      RCLONE_CONFIG_PC_URL: url('/'),
      RCLONE_CONFIG_PC_VENDOR: 'owncloud',
      RCLONE_CONFIG_PC_USER: u.username,
      RCLONE_CONFIG_PC_PASS: stdout.trim(),
    };
  };

  it.skipIf(!rclone.ok)(
    'rclone copies a tree up and down, and rclone check finds no difference',
    async () => {
      const up = path.join(work, 'up');
      const down = path.join(work, 'down');
      const files: Record<string, Buffer> = {
        'readme.txt': Buffer.from('手机云 WebDAV\n'),
        '照片/2024/西湖.jpg': randomBytes(200_000),
        '照片/2024/空文件.txt': Buffer.alloc(0),
        '文档/报告 (final).pdf': randomBytes(1_200_000),
        '文档/深/层/的/文件.md': Buffer.from('# 标题\n'),
        'space name/a b.txt': Buffer.from('a b'),
      };
      for (const [rel, data] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(up, rel)), { recursive: true });
        writeFileSync(path.join(up, rel), data);
      }
      mkdirSync(path.join(up, '空文件夹'), { recursive: true });
      const env = await rcloneEnv(a);
      const opts = { env, timeout: 120_000 };
      await run('rclone', ['copy', '--create-empty-src-dirs', up, 'pc:rclone-tree'], opts);
      await run('rclone', ['check', up, 'pc:rclone-tree'], opts);
      await run('rclone', ['copy', '--create-empty-src-dirs', 'pc:rclone-tree', down], opts);
      await run('rclone', ['check', '--download', up, 'pc:rclone-tree'], opts);
      await run('rclone', ['check', up, down], opts);
      for (const [rel, data] of Object.entries(files)) {
        const got = readFileSync(path.join(down, rel));
        expect(createHash('sha256').update(got).digest('hex'), rel).toBe(
          createHash('sha256').update(data).digest('hex'),
        );
      }
      expect(existsSync(path.join(down, '空文件夹'))).toBe(true);
      // The portal sees the same tree.
      const drive = new DriveService(server.deps);
      expect((await drive.byPath(a.id, '/rclone-tree/照片/2024/西湖.jpg')).size).toBe(200_000);
      // A second copy sends nothing (sizes and modification times agree).
      const again = await run('rclone', ['copy', '-v', up, 'pc:rclone-tree'], opts);
      expect(again.stderr).not.toMatch(/Copied \(new\)|Copied \(replaced/);
    },
  );

  it.skipIf(!litmus.ok)('litmus passes its basic, copymove, props and locks suites', async () => {
    const dir = path.join(work, 'litmus');
    mkdirSync(dir, { recursive: true });
    expect((await dav(b, 'MKCOL', '/litmus-home')).status).toBe(201);
    const result = await run('litmus', [url('/litmus-home/'), b.username, b.appPassword], {
      cwd: dir,
      env: { ...process.env, TESTS: 'basic copymove props locks' },
      timeout: 180_000,
    }).catch((err: { stdout?: string; stderr?: string }) => ({
      stdout: err.stdout ?? '',
      stderr: err.stderr ?? '',
    }));
    // For a closer look at a failure: LITMUS_DEBUG_DIR=<dir> keeps litmus's request trace.
    if (process.env.LITMUS_DEBUG_DIR) {
      writeFileSync(
        path.join(process.env.LITMUS_DEBUG_DIR, 'debug.log'),
        readFileSync(path.join(dir, 'debug.log')),
      );
    }
    const failed = result.stdout
      .split('\n')
      .filter((l) => /\bFAIL\b/.test(l))
      .map((l) => l.trim());
    expect(failed, result.stdout).toEqual([]);
    for (const suite of ['basic', 'copymove', 'props', 'locks']) {
      expect(result.stdout, `${suite} ran`).toMatch(new RegExp(`-> running \`${suite}':`));
    }
    expect(result.stdout).not.toMatch(/<- summary for `\w+': of \d+ tests run: \d+ passed, [1-9]/);
  });

  it('the root folder exists for a brand-new account', async () => {
    const fresh = await davUser();
    const res = await propfind(fresh, '/', '0');
    expect(res.status).toBe(207);
    expect((await new DriveService(server.deps).liveItem(fresh.id, DRIVE_ROOT_NUMERIC_ID)).id).toBe(
      DRIVE_ROOT_NUMERIC_ID,
    );
  });
});
