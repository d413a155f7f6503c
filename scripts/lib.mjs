// Helpers shared by the repo's scripts (start, test, admin, bench).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of the files under the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else if (s.mtimeMs > newest) newest = s.mtimeMs;
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return newest;
}

/** Runs a command in the repo root, inheriting output; exits the script when it fails. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
  return res;
}

const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/account',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/shared/src',
  'package-lock.json',
];
const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/shared/src',
  'package-lock.json',
];

/** Builds the web app when it is missing or older than its sources. */
export function ensureWebBuilt({ force = false } = {}) {
  const built = path.join(ROOT, 'apps/web/dist/index.html');
  if (!force && existsSync(built) && statSync(built).mtimeMs >= newestMtime(WEB_SOURCES)) return false;
  console.log('Building the web app…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
  return true;
}

/** Builds the server bundle when it is missing or older than its sources (esbuild: about a second). */
export function ensureServerBuilt({ force = false } = {}) {
  const built = path.join(ROOT, 'apps/server/dist/main.js');
  if (!force && existsSync(built) && statSync(built).mtimeMs >= newestMtime(SERVER_SOURCES)) return false;
  run('npm', ['run', 'build', '-w', 'apps/server']);
  return true;
}

const PHONE_SOURCES = ['apps/phone/src', 'apps/phone/build.mjs', 'packages/shared/src', 'package-lock.json'];

/** Builds the reference phone's command line when it is missing or older than its sources. */
export function ensurePhoneBuilt({ force = false } = {}) {
  const built = path.join(ROOT, 'apps/phone/dist/phone.mjs');
  if (!force && existsSync(built) && statSync(built).mtimeMs >= newestMtime(PHONE_SOURCES)) return false;
  run('npm', ['run', 'build', '--silent', '-w', 'apps/phone']);
  return true;
}
