// `npm start`: builds what is missing or stale, then serves the portal (SQLite and blobs under ./data).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureServerBuilt, ensureWebBuilt, ROOT } from './lib.mjs';

ensureWebBuilt();
ensureServerBuilt();

const env = { ...process.env, DATA_DIR: path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data')) };
const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
