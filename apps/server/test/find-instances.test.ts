import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CommandStatus, encodeWipePassword, FindApi, type FindLocateData } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DbHandle, openDb } from '../src/db/index.js';
import { wakeupFor } from '../src/modules/device/wakeup.js';
import { createUser, type TestUser } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { finderClient, settled } from './support/find.js';
import {
  CAPTCHA_TEST_ANSWER,
  type CapturingMessenger,
  startTestServer,
  type TestServer,
} from './support/server.js';

const PHONE_DIR = path.resolve(import.meta.dirname, '../../phone');

/** A second instance of the server on the first one's database (same schema, same secret). */
async function secondInstance(
  first: TestServer,
  port = 0,
): Promise<{ app: FastifyInstance; url: string; handle: DbHandle }> {
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(first.deps.db);
  const handle = await openDb({
    dataDir: first.db.dataDir,
    databaseUrl: process.env.TEST_DATABASE_URL,
    pgSchema: rows[0]?.s,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: first.db.dataDir,
    CAPTCHA_TEST_ANSWER,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
  });
  const { app } = await buildApp({
    config,
    db: handle.db,
    // One time for both instances, as servers synchronised by NTP share it.
    clock: first.clock,
    messenger: first.messenger,
    logger: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const p = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${p}`, handle };
}

/** The phone command line as its own process; `until` waits for a line of its output. */
function spawnPhone(server: string, user: TestUser, dir: string) {
  const proc: ChildProcess = spawn(
    process.execPath,
    [
      path.join(PHONE_DIR, 'dist/phone.mjs'),
      '--server',
      server,
      '--account',
      user.username,
      '--password',
      user.password,
      '--dir',
      dir,
      '--device-id',
      'proc-phone',
      '--report-every',
      '1',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  proc.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  proc.stderr?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    exited,
    output: () => out,
    async until(text: string, from = 0, timeoutMs = 10_000): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = out.indexOf(text, from);
        if (at >= 0) return at + text.length;
        if (Date.now() > deadline) throw new Error(`phone never printed "${text}":\n${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

describe.each(TEST_DIALECTS)(
  'the phone as a process, portal and phone on different instances [%s]',
  (dialect) => {
    let server: TestServer;
    let phoneSide: { app: FastifyInstance; url: string; handle: DbHandle } | null = null;
    beforeAll(async () => {
      execFileSync(process.execPath, ['build.mjs'], { cwd: PHONE_DIR });
      server = await startTestServer(dialect);
      // On PostgreSQL the phone talks to a second instance: wake-ups must cross through the database.
      if (dialect === 'postgres') phoneSide = await secondInstance(server);
    });
    afterAll(async () => {
      await phoneSide?.app.close();
      await phoneSide?.handle.close();
      await server.close();
    });

    it('signs in, answers locate, ring, lock, unlock across a restart of its instance, and wipes itself', async () => {
      const user = await createUser(server);
      const dir = mkdtempSync(path.join(tmpdir(), 'pc-phone-proc-'));
      const phoneUrl = phoneSide?.url ?? server.baseUrl;
      const phone = spawnPhone(phoneUrl, user, dir);
      try {
        let at = await phone.until('请输入验证码');
        phone.proc.stdin?.write(`${(server.messenger as CapturingMessenger).lastCode(user.phone ?? '')}\n`);
        at = await phone.until('已启动', at);
        const portal: TestClient = await finderClient(server, user);
        const command = async (path: string, form: Record<string, string | number>) => {
          const t0 = Date.now();
          const res = await portal.post<{ command_id: string }>(path, form);
          expect(res.code).toBe(0);
          const status = await settled(portal, res.data?.command_id ?? '');
          return { status, ms: Date.now() - t0 };
        };

        const locate = await portal.post(FindApi.locate, { device_id: 'proc-phone' });
        expect(locate.code).toBe(0);
        let loc: FindLocateData | undefined;
        for (let i = 0; i < 100 && loc?.latest !== 1; i++) {
          loc = (await portal.post<FindLocateData>(FindApi.phoneLocation, { device_id: 'proc-phone' })).data;
          if (loc?.latest !== 1) await new Promise((r) => setTimeout(r, 50));
        }
        expect(loc?.latest).toBe(1);
        expect(loc?.phone_location?.location).toContain('杭州市');
        at = await phone.until('收到定位指令', at);

        const ring = await command(FindApi.ring, {
          device_id: 'proc-phone',
          command_option: 1,
          password: '246810',
        });
        expect(ring.status).toBe(CommandStatus.SUCCESS);
        expect(ring.ms).toBeLessThan(2_000);
        at = await phone.until('手机正在响铃', at);
        // The code typed on the phone ends the ringing.
        phone.proc.stdin?.write('246810\n');
        at = await phone.until('密码正确，响铃已停止', at);

        const lock = await command(FindApi.lock, {
          device_id: 'proc-phone',
          command_option: 1,
          lock_info: '请联系13900000000',
        });
        expect(lock.status).toBe(CommandStatus.SUCCESS);
        at = await phone.until('请联系13900000000', at);

        if (phoneSide) {
          // The listening connection drops: it is re-established and the next command still arrives.
          const wakeup = wakeupFor(phoneSide.handle.db, phoneSide.app.log);
          wakeup.dropConnection();
          for (let i = 0; i < 100 && !wakeup.listening; i++) await new Promise((r) => setTimeout(r, 50));
          expect(wakeup.listening).toBe(true);
          // The phone's instance restarts on the same port: the phone reconnects by itself.
          const port = Number(new URL(phoneSide.url).port);
          await phoneSide.app.close();
          await phoneSide.handle.close();
          phoneSide = await secondInstance(server, port);
        }
        const unlock = await command(FindApi.lock, { device_id: 'proc-phone', command_option: 0 });
        expect(unlock.status).toBe(CommandStatus.SUCCESS);
        at = await phone.until('手机已解锁', at);

        const wipe = await command(FindApi.wipe, {
          device_id: 'proc-phone',
          user_name: user.username,
          pwd: encodeWipePassword(user.password),
        });
        expect(wipe.status).toBe(CommandStatus.SUCCESS);
        await phone.until('手机数据已擦除', at);
        expect(await phone.exited).toBe(0);
        expect(existsSync(path.join(dir, 'state.json'))).toBe(false);
        expect(existsSync(path.join(dir, 'data'))).toBe(false);
      } finally {
        if (phone.proc.exitCode === null) phone.proc.kill();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
