// Issue 16: rclone uploading and downloading one file (1 GiB; WEBDAV_BENCH_MB sets the size) over
// our WebDAV (`/dav/drive/`, app password) against the same rclone commands to nginx's WebDAV
// module (nginx-light) on the same loopback. Targets: upload at least 0.7x nginx's MB/s (issue 27), download 0.5x.
//
// nginx-light's dav module has PUT/DELETE/MKCOL/COPY/MOVE but no PROPFIND (that is the separate
// dav-ext module), and rclone asks PROPFIND before and after a transfer. The reference config
// therefore answers PROPFIND with a fixed multistatus naming the bench file with its size; the
// bytes themselves go through nginx's dav PUT and its sendfile GET, which is what is measured.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { benchAccount } from './support/account.mjs';
import { median, report } from './support/browser.mjs';
import { freePort, startServer } from './support/server.mjs';
import { writeTestFile } from './support/transfer.mjs';

const run = promisify(execFile);
const MB = 1024 * 1024;
const SIZE = Number(process.env.WEBDAV_BENCH_MB ?? 1024) * MB;
const RUNS = SIZE >= 256 * MB ? 3 : 1;
const mbps = (ms) => SIZE / MB / (ms / 1000);
const RCLONE = '/usr/bin/rclone';
const NGINX = '/usr/sbin/nginx';

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** nginx with the dav module for PUT and a fixed PROPFIND answer (see above). */
async function startNginxDav(dir) {
  const www = path.join(dir, 'www');
  mkdirSync(www);
  mkdirSync(path.join(dir, 'body'));
  const port = await freePort();
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  const now = new Date().toUTCString();
  const one = (href, props) =>
    `<D:response><D:href>${href}</D:href><D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>`;
  const file = one(
    '/bench.bin',
    `<D:resourcetype/><D:getcontentlength>${SIZE}</D:getcontentlength><D:getlastmodified>${now}</D:getlastmodified>`,
  );
  const ms = (body) =>
    `'<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:">${body}</D:multistatus>'`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  client_max_body_size 0;
  client_body_temp_path ${dir}/body;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location = /bench.bin {
      if ($request_method = PROPFIND) { return 207 ${ms(file)}; }
      dav_methods PUT DELETE;
    }
    location / {
      if ($request_method = PROPFIND) { return 207 ${ms(`${one('/', '<D:resourcetype><D:collection/></D:resourcetype>')}${file}`)}; }
      dav_methods PUT DELETE MKCOL;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 100 && !up && child.exitCode === null; i++) {
    up = await fetch(`${url}/`).then(
      () => true,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 50));
  }
  if (!up) throw new Error('nginx did not start');
  return {
    url,
    www,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export default async function webdavBench() {
  for (const bin of [RCLONE, NGINX]) {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: apt-get install -y rclone nginx-light`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-webdav-'));
  const file = path.join(dir, 'bench.bin');
  const sha256 = writeTestFile(file, SIZE);
  const nginx = await startNginxDav(dir);
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const { client } = await benchAccount(server, 'bench-webdav', {
      paidGb: Math.ceil((SIZE * 4) / 1024 ** 3) + 1,
    });
    const created = await client.call('/account/app_password_create.do', { name: 'bench rclone' });
    const pass = (await run(RCLONE, ['obscure', created.password])).stdout.trim();
    const env = {
      ...process.env,
      RCLONE_CONFIG: path.join(dir, 'rclone.conf'),
      RCLONE_CONFIG_PC_TYPE: 'webdav',
      RCLONE_CONFIG_PC_URL: `${server.url}/dav/drive/`,
      RCLONE_CONFIG_PC_VENDOR: 'other',
      RCLONE_CONFIG_PC_USER: 'bench-webdav',
      RCLONE_CONFIG_PC_PASS: pass,
      RCLONE_CONFIG_NG_TYPE: 'webdav',
      RCLONE_CONFIG_NG_URL: `${nginx.url}/`,
      RCLONE_CONFIG_NG_VENDOR: 'other',
    };
    // The same command both ways: one file, no pre-check of the destination, no hashing.
    const rclone = (from, to) =>
      run(RCLONE, ['copyto', '--no-check-dest', '--ignore-checksum', '--retries', '1', from, to], {
        env,
        maxBuffer: 16 * MB,
      });
    const down = path.join(dir, 'down.bin');

    const up = { ours: [], nginx: [] };
    const dn = { ours: [], nginx: [] };
    for (let i = 0; i < RUNS; i++) {
      up.nginx.push(await timed(() => rclone(file, 'ng:bench.bin')));
      if (statSync(path.join(nginx.www, 'bench.bin')).size !== SIZE)
        throw new Error('nginx stored a short file');
      up.ours.push(await timed(() => rclone(file, 'pc:bench.bin')));
      dn.nginx.push(await timed(() => rclone('ng:bench.bin', down)));
      if (statSync(down).size !== SIZE) throw new Error('nginx sent a short file');
      rmSync(down);
      dn.ours.push(await timed(() => rclone('pc:bench.bin', down)));
      if (statSync(down).size !== SIZE) throw new Error('our server sent a short file');
      rmSync(down);
    }
    // The stored file is the one sent (its ETag is the content's SHA-256).
    const head = await fetch(`${server.url}/dav/drive/bench.bin`, {
      method: 'HEAD',
      headers: {
        authorization: `Basic ${Buffer.from(`bench-webdav:${created.password}`).toString('base64')}`,
      },
    });
    if (head.headers.get('etag') !== `"${Buffer.from(sha256, 'hex').toString('base64url')}"`)
      throw new Error(`stored ETag ${head.headers.get('etag')} is not the file's SHA-256`);

    console.log(`  ${SIZE / MB} MiB, rclone copyto, median of ${RUNS}`);
    report('rclone upload over WebDAV (MB/s)', mbps(median(up.ours)), mbps(median(up.nginx)), 'MB/s', {
      text: '>= 0.7x nginx',
      test: (r) => r >= 0.7,
    });
    report('rclone download over WebDAV (MB/s)', mbps(median(dn.ours)), mbps(median(dn.nginx)), 'MB/s', {
      text: '>= 0.5x nginx',
      test: (r) => r >= 0.5,
    });
  } finally {
    await server.stop();
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
