import { BYTES_PER_GB, Code, ServiceId } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepo } from '../src/modules/users/repo.js';
import type { AppModule } from '../src/platform/app-module.js';
import { createUser, login } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * The only two served areas (the deployment's own are left out, so SMS stays unserved): they
 * declare what every served area declares, a navigation id and the space used.
 */
const areas: AppModule[] = [
  {
    name: 'contacts-probe',
    serviceId: ServiceId.CONTACTS,
    routes: async () => {},
    usage: async () => ({ kind: 'backup', bytes: 1000 }),
  },
  {
    name: 'drive-probe',
    serviceId: ServiceId.DRIVE,
    routes: async () => {},
    usage: async () => ({ kind: 'drive', bytes: 3 * BYTES_PER_GB }),
  },
];

describe.each(TEST_DIALECTS)('home, settings and space [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { areas, env: { FREE_SPACE_GB: '5' } });
  });
  afterAll(() => server.close());

  async function signedIn(paidGb = 0) {
    const user = await createUser(server, { paidGb });
    const client = server.client();
    await login(client, user.username, user.password);
    return { user, client };
  }

  it('keeps the skin: default 05, saved, restored in a new session, unknown refused', async () => {
    const { user, client } = await signedIn();
    expect((await client.get('/setting/detail.do')).data).toEqual({
      skin: '05',
      content: { skin: '05', btn_class: 'btn-skin-05', body_class: 'body-skin-05' },
    });
    expect((await client.post('/setting/save.do', { skin: '02' })).code).toBe(0);
    const later = server.client();
    await login(later, user.username, user.password);
    expect((await later.get('/setting/detail.do')).data).toMatchObject({
      skin: '02',
      content: { body_class: 'body-skin-02' },
    });
    expect((await later.post('/setting/save.do', { skin: '06' })).code).toBe(Code.INVALID);
    expect((await later.get('/setting/detail.do')).data).toMatchObject({ skin: '02' });
  });

  it('lists the served services the account has enabled', async () => {
    const { user, client } = await signedIn();
    expect((await client.get('/navigate/list.do')).data).toEqual({
      member: [ServiceId.CONTACTS, ServiceId.DRIVE],
    });
    const repo = new UsersRepo(server.deps.db);
    // Enabling a service this deployment does not serve never makes a tile.
    await repo.update(
      user.id,
      { member: JSON.stringify([ServiceId.DRIVE, ServiceId.SMS]) },
      server.clock.now(),
    );
    expect((await client.get('/navigate/list.do')).data).toEqual({ member: [ServiceId.DRIVE] });
    await repo.update(user.id, { member: '[]' }, server.clock.now());
    expect((await client.get('/navigate/list.do')).data).toEqual({ member: [] });
  });

  it('reports free, paid and used space', async () => {
    const { client } = await signedIn(10);
    expect((await client.post('/space/capacity.do', { model: 'any' })).data).toEqual({
      freeSize: 5,
      paymentSize: 10,
    });
    expect((await client.get('/space/backup_used.do')).data).toEqual({ usedSize: 1000 });
    expect((await client.get('/space/drive_quota.do')).data).toEqual({
      used: 3 * BYTES_PER_GB,
      total: 15 * BYTES_PER_GB,
    });
  });

  it('answers 2002 for every home call without a session', async () => {
    const client = server.client();
    for (const path of [
      '/user/detail.do',
      '/navigate/list.do',
      '/setting/detail.do',
      '/space/backup_used.do',
      '/space/drive_quota.do',
    ]) {
      expect((await client.get(path)).code, path).toBe(Code.NOT_LOGGED_IN);
    }
    expect((await client.post('/space/capacity.do')).code).toBe(Code.NOT_LOGGED_IN);
    expect((await client.get('/platform/info.do')).code).toBe(0);
  });
});
