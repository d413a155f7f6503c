import { existsSync } from 'node:fs';
import {
  Code,
  CommandStatus,
  DeviceApi,
  encodeWipePassword,
  FIND_HISTORY_KEEP_DAYS,
  FindApi,
  type FindLocateData,
  FindMsg,
  type FindOpList,
  LOCK_INFO_MAX,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModule } from '../src/modules/find/module.js';
import { createUser, login, type TestUser } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, finderClient, pollOnce, settled, signInDevice, startPhone } from './support/find.js';
import { type CapturingMessenger, startTestServer, type TestServer } from './support/server.js';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe.each(TEST_DIALECTS)('find-my-phone [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function owner(deviceId = 'p1'): Promise<{ user: TestUser; portal: TestClient; token: string }> {
    const user = await createUser(server);
    const portal = await finderClient(server, user);
    const token = await signInDevice(server, user, deviceId);
    return { user, portal, token };
  }
  const post = <T = unknown>(c: TestClient, path: string, form: Record<string, string | number>) =>
    c.post<T>(path, form, { headers: { 'user-agent': UA } });

  it('needs the finder verification (6001) and refuses another user’s devices and commands', async () => {
    const a = await owner('mine');
    const plain = server.client();
    expect((await plain.get(FindApi.list)).code).toBe(Code.NOT_LOGGED_IN);
    const b = await owner('theirs');
    const unverified = server.client();
    await login(unverified, a.user.username, a.user.password);
    expect((await unverified.get(FindApi.list)).code).toBe(Code.VERIFY_REQUIRED);
    expect((await deviceCall(server.baseUrl, DeviceApi.heartbeat, {}, a.token)).code).toBe(0);
    const ring = await post<{ command_id: string }>(a.portal, FindApi.ring, {
      device_id: 'mine',
      command_option: 1,
      password: '123456',
    });
    expect(ring.code).toBe(0);
    const foreign = { device_id: 'mine' };
    for (const [path, form] of [
      [FindApi.locate, foreign],
      [FindApi.phoneLocation, foreign],
      [FindApi.isLocked, foreign],
      [FindApi.del, foreign],
      [FindApi.ring, { ...foreign, command_option: 1, password: '123456' }],
      [FindApi.lock, { ...foreign, command_option: 1, lock_info: 'x' }],
      [FindApi.wipe, { ...foreign, user_name: b.user.username, pwd: encodeWipePassword(b.user.password) }],
    ] as const) {
      expect(await post(b.portal, path, form)).toMatchObject({
        code: Code.INVALID,
        message: FindMsg.DEVICE_NOT_FOUND,
      });
    }
    expect(
      await post(b.portal, FindApi.commandResult, { command_id: ring.data?.command_id ?? '' }),
    ).toMatchObject({
      code: Code.INVALID,
      message: FindMsg.COMMAND_NOT_FOUND,
    });
    expect((await post<FindOpList>(b.portal, FindApi.opList, {})).data?.count).toBe(0);
    expect((await a.portal.get<{ count: number }>(FindApi.list)).data?.count).toBe(1);
    // Nothing of A's went to B's phone.
    expect(await pollOnce(server, b.token)).toEqual([]);
  });

  it('locate brings a fresh location; ring and stop; lock and unlock; history', async () => {
    const { user, portal, token } = await owner();
    const phone = startPhone(server, token, 'p1');
    try {
      const located = await post<{ brand: string; model: string; command_id: string }>(
        portal,
        FindApi.locate,
        {
          device_id: 'p1',
        },
      );
      expect(located.data).toMatchObject({ brand: 'Xiaomi', model: 'Redmi Note 13' });
      let loc: FindLocateData | undefined;
      for (let i = 0; i < 100 && loc?.latest !== 1; i++) {
        loc = (await post<FindLocateData>(portal, FindApi.phoneLocation, { device_id: 'p1' })).data;
        if (loc?.latest !== 1) await new Promise((r) => setTimeout(r, 50));
      }
      expect(loc?.latest).toBe(1);
      expect(loc?.phone_location?.longitude).toBeGreaterThan(120.1);
      expect(loc?.phone_location?.latitude).toBeGreaterThan(30.2);
      expect(loc?.phone_location?.location).toContain('杭州');
      expect(await settled(portal, located.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);

      expect(
        await post(portal, FindApi.ring, { device_id: 'p1', command_option: 1, password: '123' }),
      ).toMatchObject({
        code: Code.INVALID,
        message: FindMsg.RING_CODE_INVALID,
      });
      const ring = await post<{ command_id: string }>(portal, FindApi.ring, {
        device_id: 'p1',
        command_option: 1,
        password: '12a 56',
      });
      expect(await settled(portal, ring.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);
      expect(phone.phone.isRinging).toBe(true);
      // Non-digits became 0: the code the phone takes is 120056.
      expect(phone.phone.enterCode('123456')).toBe(false);
      const stop = await post<{ command_id: string }>(portal, FindApi.ring, {
        device_id: 'p1',
        command_option: 0,
      });
      expect(await settled(portal, stop.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);
      expect(phone.phone.isRinging).toBe(false);
      const again = await post<{ command_id: string }>(portal, FindApi.ring, {
        device_id: 'p1',
        command_option: 1,
        password: '12a 56',
      });
      expect(await settled(portal, again.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);
      expect(phone.phone.enterCode('120056')).toBe(true);

      expect(
        await post(portal, FindApi.lock, { device_id: 'p1', command_option: 1, lock_info: '  ' }),
      ).toMatchObject({
        code: Code.INVALID,
        message: FindMsg.LOCK_INFO_EMPTY,
      });
      const sentBefore = (server.messenger as CapturingMessenger).sent.length;
      const long = '拾到请联系'.repeat(60);
      const lock = await post<{ command_id: string }>(portal, FindApi.lock, {
        device_id: 'p1',
        command_option: 1,
        lock_info: long,
      });
      expect(await settled(portal, lock.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);
      expect((await post(portal, FindApi.isLocked, { device_id: 'p1' })).data).toEqual({ locked: 1 });
      expect(phone.phone.state.locked).toBe(true);
      expect(phone.phone.state.lock_info).toBe(long.slice(0, LOCK_INFO_MAX));
      const notice = (server.messenger as CapturingMessenger).sent.slice(sentBefore);
      expect(notice).toHaveLength(1);
      expect(notice[0]).toMatchObject({ channel: 'email', to: user.email });
      expect(notice[0]?.text).toContain('锁定');

      const unlock = await post<{ command_id: string }>(portal, FindApi.lock, {
        device_id: 'p1',
        command_option: 0,
      });
      expect(await settled(portal, unlock.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);
      expect((await post(portal, FindApi.isLocked, { device_id: 'p1' })).data).toEqual({ locked: 0 });
      expect(phone.phone.state.locked).toBe(false);

      const history = (await post<FindOpList>(portal, FindApi.opList, { device_id: 'p1' })).data;
      expect(history?.list.map((h) => h.kind)).toEqual([
        'unlock',
        'lock',
        'ring',
        'stop_ring',
        'ring',
        'locate',
      ]);
      expect(history?.list.every((h) => h.command_status === CommandStatus.SUCCESS)).toBe(true);
      expect(history?.list[0]).toMatchObject({ ip: '127.0.0.1', brand: 'Xiaomi', model: 'Redmi Note 13' });
      expect(history?.list[0]?.browser).toContain('Firefox');
      expect(phone.lines.some((l) => l.includes('响铃'))).toBe(true);
      expect(phone.lines.some((l) => l.includes('已锁定'))).toBe(true);
    } finally {
      await phone.stop();
    }
  });

  it('wipe: account and password checked (1013, then 1014), the phone erases itself', async () => {
    const { user, portal, token } = await owner('w1');
    const phone = startPhone(server, token, 'w1');
    try {
      expect(await post(portal, FindApi.wipe, { device_id: 'w1', user_name: '', pwd: 'x' })).toMatchObject({
        code: Code.INVALID,
        message: FindMsg.WIPE_ACCOUNT_EMPTY,
      });
      expect(
        await post(portal, FindApi.wipe, { device_id: 'w1', user_name: user.username, pwd: '' }),
      ).toMatchObject({
        code: Code.INVALID,
        message: FindMsg.WIPE_PASSWORD_EMPTY,
      });
      const wrong = { device_id: 'w1', user_name: user.username, pwd: encodeWipePassword('wrong-pass1') };
      expect((await post(portal, FindApi.wipe, wrong)).code).toBe(Code.BAD_CREDENTIALS);
      // Another account's name with this one's password is wrong too.
      const otherName = { ...wrong, user_name: 'someone-else', pwd: encodeWipePassword(user.password) };
      expect((await post(portal, FindApi.wipe, otherName)).code).toBe(Code.BAD_CREDENTIALS);
      const right = { device_id: 'w1', user_name: user.phone ?? '', pwd: encodeWipePassword(user.password) };
      const wiped = await post<{ command_id: string }>(portal, FindApi.wipe, right);
      expect(wiped.code).toBe(0);
      expect(await settled(portal, wiped.data?.command_id ?? '')).toBe(CommandStatus.SUCCESS);
      expect(await phone.running).toBe('wiped');
      expect(existsSync(phone.folder.dir)).toBe(false);
      expect((await deviceCall(server.baseUrl, DeviceApi.heartbeat, {}, token)).code).toBe(
        Code.NOT_LOGGED_IN,
      );
      expect(phone.lines.some((l) => l.includes('擦除'))).toBe(true);

      for (let i = 0; i < 3; i++)
        expect((await post(portal, FindApi.wipe, wrong)).code).toBe(Code.BAD_CREDENTIALS);
      // Five wrong in the window: even the right password now answers 1014.
      expect((await post(portal, FindApi.wipe, right)).code).toBe(Code.TOO_MANY_FAILURES);
      server.clock.advance(15 * 60_000 + 1);
      // The window passed; the phone is wiped and offline, so the right password meets 8001.
      expect((await post(portal, FindApi.wipe, right)).code).toBe(Code.PHONE_NO_ANSWER);
    } finally {
      await phone.stop();
    }
  });

  it('a command to an offline phone answers 8001; an unanswered one becomes not received', async () => {
    const { portal, token } = await owner('off');
    expect((await deviceCall(server.baseUrl, DeviceApi.heartbeat, {}, token)).code).toBe(0);
    const ring = await post<{ command_id: string }>(portal, FindApi.ring, {
      device_id: 'off',
      command_option: 1,
      password: '654321',
    });
    expect(ring.code).toBe(0);
    const lock = await post<{ command_id: string }>(portal, FindApi.lock, {
      device_id: 'off',
      command_option: 1,
      lock_info: 'x',
    });
    expect(
      await deviceCall(server.baseUrl, DeviceApi.commandAck, { command_id: lock.data?.command_id }, token),
    ).toEqual({
      code: 0,
      data: {},
    });
    server.clock.advance(61_000);
    expect(await settled(portal, ring.data?.command_id ?? '', 0)).toBe(CommandStatus.NOT_RECEIVED);
    // Acknowledged, then silence: pending until the result's time is up, then failed.
    expect(await settled(portal, lock.data?.command_id ?? '', 0)).toBe(CommandStatus.PENDING);
    expect((await deviceCall(server.baseUrl, DeviceApi.heartbeat, {}, token)).code).toBe(0);
    server.clock.advance(5 * 60_000);
    expect(await settled(portal, lock.data?.command_id ?? '', 0)).toBe(CommandStatus.FAILED);
    server.clock.advance(60_000);
    expect(
      (await portal.get<{ list: Array<{ is_online: number }> }>(FindApi.list)).data?.list[0]?.is_online,
    ).toBe(0);
    expect(
      await post(portal, FindApi.ring, { device_id: 'off', command_option: 1, password: '654321' }),
    ).toMatchObject({ code: Code.PHONE_NO_ANSWER, message: FindMsg.PHONE_NO_ANSWER });
    expect(
      (await post(portal, FindApi.lock, { device_id: 'off', command_option: 1, lock_info: 'x' })).code,
    ).toBe(Code.PHONE_NO_ANSWER);
    // Locate is queued all the same: the portal waits up to 15 minutes for a fresh location.
    expect((await post(portal, FindApi.locate, { device_id: 'off' })).code).toBe(0);
    const loc = await post<FindLocateData>(portal, FindApi.phoneLocation, { device_id: 'off' });
    expect(loc.data).toMatchObject({ latest: 0, phone_location: null, is_online: 0 });
  });

  it('housekeeping drops commands older than 90 days from the history', async () => {
    const { user, portal } = await owner('old');
    expect((await post(portal, FindApi.locate, { device_id: 'old' })).code).toBe(0);
    await findModule.housekeeping?.(server.deps);
    expect((await post<FindOpList>(portal, FindApi.opList, { device_id: 'old' })).data?.count).toBe(1);
    server.clock.advance(FIND_HISTORY_KEEP_DAYS * 24 * 60 * 60_000 + 1);
    await findModule.housekeeping?.(server.deps);
    // The session lapsed in those 90 days too: a fresh one looks.
    const later = await finderClient(server, user);
    expect((await post<FindOpList>(later, FindApi.opList, { device_id: 'old' })).data?.count).toBe(0);
  });

  it('a held poll gets a command within a second of the click', async () => {
    const { portal, token } = await owner('fast');
    const held = pollOnce(server, token, 10_000);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    const res = await post<{ command_id: string }>(portal, FindApi.locate, { device_id: 'fast' });
    const got = await held;
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(got.map((c) => c.command_id)).toEqual([res.data?.command_id]);
  });
});
