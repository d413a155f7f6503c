import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { DbHandle } from '../../src/db/index.js';
import { hashPassword } from '../../src/lib/credentials/password.js';
import { sha256Hex } from '../../src/lib/crypto.js';
import { UsersRepo } from '../../src/modules/users/repo.js';

/** The server package: its build.mjs bundles what `dist/main.js` runs. */
export const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** How long a start may take: migrations, the seed and the import warm-up on a loaded machine. */
const START_WAIT_MS = 60_000;

/** Bundles the server as `npm start` runs it (the import's worker threads exist only there). */
export function buildServer(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
}

export async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/** A PostgreSQL URL whose connections work in `schema`. */
export function schemaUrl(base: string, schema: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

export interface BuiltServer {
  proc: ChildProcess;
  port: number;
  /** What the process wrote so far (standard output and error). */
  log(): string;
}

/**
 * Starts the built server on `port` with `env` (over the settings every test instance shares)
 * and answers once it serves; throws with its output when it exits first or does not come up.
 */
export async function startBuiltServer(port: number, env: Record<string, string>): Promise<BuiltServer> {
  let output = '';
  const proc = spawn(process.execPath, [path.join(SERVER_DIR, 'dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // No load balancer watches a test's instance: a SIGTERM stops it at once unless a test asks.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => {
    output += d;
  });
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  const server = { proc, port, log: () => output };
  await serving(server);
  return server;
}

/** Resolves when the process answers on its port, rejects when it exits first. */
async function serving({ proc, port, log }: BuiltServer): Promise<void> {
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${log()}`);
    const up = await fetch(`http://127.0.0.1:${port}/platform/info.do`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/**
 * An account and a second-verified session for `cookie`, written straight into the database a
 * built server opens (the captcha of the real verification cannot be solved by a test).
 */
export async function seedVerifiedSession(
  handle: DbHandle,
  username: string,
  cookie: string,
  phone = `139${String(Date.now()).slice(-8)}`,
): Promise<number> {
  const now = Date.now();
  const userId = await new UsersRepo(handle.db).create(
    { username, passwordHash: await hashPassword('secret123'), phone },
    now,
  );
  await handle.db
    .insertInto('sessions')
    .values({
      id: sha256Hex(cookie),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + 86_400_000,
      verified_main_at: now,
      verified_finder_at: null,
      ip: '127.0.0.1',
      user_agent: 'test',
    })
    .execute();
  return userId;
}
