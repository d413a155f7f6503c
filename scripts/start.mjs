// `npm start`: builds what is missing or stale, then serves the portal (SQLite and blobs under
// ./data) and, with the demo account (SEED_DEMO, on unless 0/false), runs its phone beside it as
// a process of its own (scripts/demo-phone.mjs). Both stop together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { localServerUrl, startDemoPhone, waitForServer } from './demo-phone.mjs';
import { ensurePhoneBuilt, ensureServerBuilt, ensureWebBuilt, ROOT } from './lib.mjs';

const seedDemo = !['0', 'false'].includes(process.env.SEED_DEMO ?? '1');
ensureWebBuilt();
ensureServerBuilt();
if (seedDemo) ensurePhoneBuilt();

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
const env = { ...process.env, DATA_DIR: dataDir };
// A person at a terminal reads one line per request; a service's log (no terminal) or
// NODE_ENV=production keeps JSON lines for a collector. LOG_FORMAT set by the operator wins.
if (!env.LOG_FORMAT && process.stdout.isTTY && env.NODE_ENV !== 'production') env.LOG_FORMAT = 'pretty';
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/main.js')],
  {
    stdio: 'inherit',
    env,
  },
);
let serverRunning = true;
let stopping = false;
let phone = null;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    phone?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  serverRunning = false;
  const done = () => process.exit(code ?? (signal ? 1 : 0));
  if (phone && phone.exitCode === null && phone.signalCode === null) {
    phone.once('exit', done);
    phone.kill('SIGTERM');
  } else done();
});

// The seed writes the phone's folder before the server listens: the phone starts once it answers.
const port = process.env.PORT ?? '8080';
if (seedDemo && port !== '0') {
  const url = localServerUrl(process.env.HOST, port);
  if (await waitForServer(url, () => serverRunning)) {
    phone = startDemoPhone({ dataDir, server: url });
    // The server may have ended while the phone was starting: it goes too.
    if (!serverRunning) phone?.kill('SIGTERM');
    phone?.on('exit', (code) => {
      if (serverRunning && !stopping)
        console.log(`[demo-phone] stopped (exit ${code ?? 'signal'}); the portal keeps running`);
    });
  }
}
