// Debian's nginx as a reference file server: our own process on a free loopback port, serving a
// temp folder for GET and storing PUT bodies with the dav module (compiled into nginx-light).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server.mjs';

export const NGINX = '/usr/sbin/nginx';

export async function startNginx() {
  if (!existsSync(NGINX)) throw new Error(`nginx-light is not installed: apt-get install -y nginx-light`);
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-nginx-'));
  const www = path.join(dir, 'www');
  mkdirSync(www);
  mkdirSync(path.join(dir, 'body'));
  const port = await freePort();
  // As root the worker would drop to "nobody", which cannot write into a 0700 temp dir.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
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
    location / {
      dav_methods PUT;
      create_full_put_path on;
    }
  }
}
`,
  );
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
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
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  if (!up) {
    await stop();
    throw new Error('nginx did not start');
  }
  return { url, www, stop };
}
