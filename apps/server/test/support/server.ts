import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { AppDeps } from '../../src/http/context.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { Messenger, OutgoingMessage } from '../../src/lib/messenger.js';
import type { AppModule } from '../../src/platform/app-module.js';
import { TestClient } from './client.js';
import { openTestDb, type TestDb, type TestDialect } from './db.js';

export const CAPTCHA_TEST_ANSWER = 'test';

/** Collects what would be sent, so tests can read the codes. */
export class CapturingMessenger implements Messenger {
  readonly sent: OutgoingMessage[] = [];
  async send(m: OutgoingMessage) {
    this.sent.push(m);
  }
  /** The last six-digit code sent to `to`. */
  lastCode(to: string): string {
    const m = [...this.sent].reverse().find((s) => s.to === to);
    const code = m?.text.match(/\d{6}/)?.[0];
    if (!code) throw new Error(`no code was sent to ${to}`);
    return code;
  }
}

export interface TestServer {
  app: FastifyInstance;
  deps: AppDeps;
  db: TestDb;
  clock: ManualClock;
  messenger: Messenger;
  baseUrl: string;
  client(): TestClient;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** 'real' builds the server's own delivery from the env (SMTP_URL, SMS_WEBHOOK_URL, outbox). */
  messenger?: Messenger | 'real';
  modules?: AppModule[];
  /** Served areas instead of the deployment's own (AREA_MODULES). */
  areas?: AppModule[];
  /** Log lines go here (at LOG_LEVEL from `env`) instead of nowhere. */
  logStream?: Writable;
}

/** The real HTTP app on a free port over a fresh database, with a clock the test moves. */
export async function startTestServer(dialect: TestDialect, opts: StartOptions = {}): Promise<TestServer> {
  const db = await openTestDb(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: db.dataDir,
    CAPTCHA_TEST_ANSWER,
    SEED_DEMO: '0',
    LOG_LEVEL: process.env.TEST_SERVER_LOG === '1' ? 'info' : 'silent',
    // Test files send many codes from one address to numbers of one block; the limits' own test
    // sets them low.
    SMS_HOURLY_PER_ADDRESS: '100000',
    SMS_HOURLY_PER_ACCOUNT: '100000',
    SMS_HOURLY_PER_PREFIX: '100000',
    SMS_HOURLY_GLOBAL: '100000',
    ...opts.env,
  });
  const clock = new ManualClock(Date.now());
  const messenger = opts.messenger === 'real' ? undefined : (opts.messenger ?? new CapturingMessenger());
  const { app, deps } = await buildApp({
    config,
    db: db.handle.db,
    clock,
    messenger,
    modules: opts.modules,
    areas: opts.areas,
    logger: process.env.TEST_SERVER_LOG === '1' || opts.logStream !== undefined,
    logStream: opts.logStream,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    deps,
    db,
    clock,
    messenger: deps.messenger,
    baseUrl,
    client: () => new TestClient(baseUrl),
    async close() {
      await app.close();
      await db.dispose();
    },
  };
}
