import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CommandStatus, FindApi, type FindDeviceList } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePhoneBuilt, startDemoPhone } from '../../../scripts/demo-phone.mjs';
import { AREA_MODULES } from '../src/app.js';
import { DEMO, seedDemoIfEmpty } from '../src/seed.js';
import type { TestUser } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { finderClient, settled } from './support/find.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('find-my-phone: the demo phone [%s]', (dialect) => {
  let server: TestServer;
  let phone: ChildProcess | null = null;
  const lines: string[] = [];
  beforeAll(async () => {
    ensurePhoneBuilt();
    server = await startTestServer(dialect, { env: { SEED_DEMO: '1' } });
  });
  afterAll(async () => {
    if (phone && phone.exitCode === null) {
      const exited = once(phone, 'exit');
      phone.kill('SIGTERM');
      await exited;
    }
    await server.close();
  });

  it('is seeded with the demo account, runs beside the server, is online and answers a ring', async () => {
    await seedDemoIfEmpty(server.deps, AREA_MODULES, server.app.log);
    // The seed leaves the phone signed in through its folder alone: the token is nowhere else.
    const state = JSON.parse(
      readFileSync(path.join(server.deps.config.dataDir, 'demo-phone', 'state.json'), 'utf8'),
    ) as { token: string | null; device_id: string };
    expect(state.device_id).toBe('demo-phone');
    expect(state.token).toMatch(/\S{20,}/);
    // As `npm start` does once the server answers: the phone is a process of its own.
    phone = startDemoPhone({
      dataDir: server.deps.config.dataDir,
      server: server.baseUrl,
      log: (line) => lines.push(line),
    });
    expect(phone).not.toBeNull();
    const demo: TestUser = {
      id: 0,
      username: DEMO.username,
      password: server.deps.config.demoPassword,
      phone: DEMO.phone,
      email: DEMO.email,
    };
    const portal = await finderClient(server, demo);
    let list: FindDeviceList | undefined;
    // A process to start: up to 20 s on a busy machine.
    for (let i = 0; i < 400 && list?.list[0]?.is_online !== 1; i++) {
      list = (await portal.get<FindDeviceList>(FindApi.list)).data;
      if (list?.list[0]?.is_online !== 1) await new Promise((r) => setTimeout(r, 50));
    }
    expect(list?.list).toEqual([
      {
        device_id: 'demo-phone',
        brand: 'Xiaomi',
        model: 'Redmi Note 13',
        is_online: 1,
        functions: [1, 2, 3],
        locked: 0,
      },
    ]);
    const ring = await portal.post<{ command_id: string }>(FindApi.ring, {
      device_id: 'demo-phone',
      command_option: 1,
      password: '123456',
    });
    expect(await settled(portal, ring.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);
    const stop = await portal.post<{ command_id: string }>(FindApi.ring, {
      device_id: 'demo-phone',
      command_option: 0,
    });
    expect(await settled(portal, stop.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);
    // The phone that answered is the separate process, its lines going where its starter says.
    expect(lines.some((l) => l.includes('收到响铃指令'))).toBe(true);
    expect(lines.some((l) => l.includes('收到停止响铃指令'))).toBe(true);
  });
});
