import { CommandStatus, FindApi, type FindDeviceList } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_MODULES, buildApp } from '../src/app.js';
import { DEMO, seedDemoIfEmpty } from '../src/seed.js';
import type { TestUser } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { finderClient, settled } from './support/find.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('find-my-phone: the demo phone [%s]', (dialect) => {
  let server: TestServer;
  let started: FastifyInstance | null = null;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { SEED_DEMO: '1' } });
  });
  afterAll(async () => {
    await started?.close();
    await server.close();
  });

  it('is seeded with the demo account, runs with the server, is online and answers a ring', async () => {
    await seedDemoIfEmpty(server.deps, AREA_MODULES, server.app.log);
    // A start after the seed, as `npm start` is: the demo phone starts once the server listens.
    ({ app: started } = await buildApp({
      config: server.deps.config,
      db: server.deps.db,
      clock: server.clock,
      messenger: server.messenger,
      logger: false,
    }));
    await started.listen({ port: 0, host: '127.0.0.1' });
    const demo: TestUser = {
      id: 0,
      username: DEMO.username,
      password: server.deps.config.demoPassword,
      phone: DEMO.phone,
      email: DEMO.email,
    };
    const portal = await finderClient(server, demo);
    let list: FindDeviceList | undefined;
    for (let i = 0; i < 100 && list?.list[0]?.is_online !== 1; i++) {
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
  });
});
