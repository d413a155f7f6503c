// The demo phone beside the server: the reference phone's command line (apps/phone) in a process
// of its own, on the folder the server's demo seed wrote (DATA_DIR/demo-phone, token included).
// `npm start` runs it; the server itself knows nothing of the phone.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensurePhoneBuilt, ROOT } from './lib.mjs';

export { ensurePhoneBuilt };

/** The address a process on this machine reaches the server at, from its HOST and PORT. */
export function localServerUrl(host, port) {
  const any = !host || host === '0.0.0.0' || host === '::';
  const name = any ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Starts the demo phone against `server`; answers the child process, or null when the folder
 * holds no signed-in phone (never seeded, wiped, or its token revoked: it stays off until a phone
 * signs in there again). Each line it prints goes to `log`.
 */
export function startDemoPhone({ dataDir, server, log = (line) => console.log(`[demo-phone] ${line}`) }) {
  const dir = path.join(dataDir, 'demo-phone');
  const file = path.join(dir, 'state.json');
  if (!existsSync(file)) return null;
  let state;
  try {
    state = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (!state?.token) return null;
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      path.join(ROOT, 'apps/phone/dist/phone.mjs'),
      '--dir',
      dir,
      '--server',
      server,
      '--sample',
    ],
    // No keyboard: the ring code is typed on the portal's side of the demo, never here.
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', log);
  }
  return child;
}

/** Resolves once `url` answers HTTP at all; false when `alive()` turns false first. */
export async function waitForServer(url, alive) {
  while (alive()) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return false;
}
