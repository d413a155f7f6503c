import { randomUUID } from 'node:crypto';
import {
  ContactApi,
  HeldStatus,
  type RecycleBin,
  SyncApi,
  SyncCode,
  type SyncHeldInfo,
  type SyncHeldList,
  SyncMsg,
  SyncOutcome,
  SyncPortalApi,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_MODULES } from '../src/app.js';
import { syncModule } from '../src/modules/device/sync/module.js';
import { phoneEvent } from './support/calendar.js';
import { closeServer, person } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { signInDevice } from './support/find.js';
import { startTestServer, type TestServer } from './support/server.js';

import { syncKit } from './support/sync.js';

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('phone sync, the mass-deletion guard [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  const { setup, call, push, pushed, pullAll, contactBook } = syncKit(() => server);

  async function bookOf(token: string, n: number) {
    const created = await pushed(
      token,
      'contacts',
      Array.from({ length: n }, (_, i) => ({ op: 'create', cid: `k${i}`, content: person(`联系人${i}`) })),
    );
    return created.results.map((r) => ({
      op: 'delete',
      server_id: r.server_id,
      version_code: r.version_code,
    }));
  }

  it('mass-deletion guard: held, shown to the portal, then applied', async () => {
    const { user, token, portal } = await setup();
    const deletes = await bookOf(token, 60);
    const batchId = randomUUID();
    const held = await push(token, 'contacts', deletes, batchId);
    expect(held.code).toBe(SyncCode.HELD);
    expect(held.message).toBe(SyncMsg.HELD);
    const info = held.data as SyncHeldInfo;
    expect(info).toMatchObject({ area: 'contacts', deletes: 60, total: 60, status: HeldStatus.HELD });
    expect(Object.keys(await contactBook(portal))).toHaveLength(60);
    // Sent again: still held.
    expect((await push(token, 'contacts', deletes, batchId)).code).toBe(SyncCode.HELD);

    const list = await portal.get<SyncHeldList>(SyncPortalApi.heldList, { area: 'contacts' });
    expect(list.data?.list).toHaveLength(1);
    expect(list.data?.list[0]).toMatchObject({ held_id: info.held_id, brand: 'Xiaomi', batch_deletes: 60 });
    expect((await portal.get<SyncHeldList>(SyncPortalApi.heldList, { area: 'notes' })).data?.list).toEqual(
      [],
    );

    const applied = await portal.post(SyncPortalApi.heldApply, { held_id: info.held_id });
    expect(applied.code, applied.message).toBe(0);
    expect(Object.keys(await contactBook(portal))).toHaveLength(0);
    const bin = (await portal.get<RecycleBin>(ContactApi.recycleList)).data;
    expect(Object.keys(bin?.list ?? {})).toHaveLength(60);
    // Decided once: a second decision is refused; the phone's resend answers the result.
    expect((await portal.post(SyncPortalApi.heldRefuse, { held_id: info.held_id })).code).toBe(
      SyncCode.NOT_FOUND,
    );
    const replay = await pushed(token, 'contacts', deletes, batchId);
    expect(replay.replayed).toBe(true);
    expect(replay.results.every((r) => r.outcome === SyncOutcome.APPLIED)).toBe(true);
    expect((await portal.get<SyncHeldList>(SyncPortalApi.heldList, { area: 'contacts' })).data?.list).toEqual(
      [],
    );

    // Housekeeping forgets batch ids and decided held syncs after SYNC_BATCH_KEEP_DAYS.
    const rows = () =>
      server.deps.db.selectFrom('sync_batches').select('batch_id').where('user_id', '=', user.id).execute();
    expect((await rows()).length).toBeGreaterThan(0);
    server.clock.advance(31 * 24 * 60 * MINUTE);
    await syncModule(AREA_MODULES).housekeeping?.(server.deps);
    expect(await rows()).toEqual([]);
    expect(
      await server.deps.db.selectFrom('sync_held').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('mass-deletion guard: held then refused keeps the cloud; deletes split over batches are caught too', async () => {
    const { token, portal } = await setup();
    const deletes = await bookOf(token, 80);
    // 30 of 80: not more than half, applied.
    const firstPart = await pushed(token, 'contacts', deletes.slice(0, 30));
    expect(firstPart.results.every((r) => r.outcome === SyncOutcome.APPLIED)).toBe(true);
    // 30 more: 60 of 80 within the window, more than half: held. The owner is told this
    // batch's 30 of the 50 the book holds now.
    const batchId = randomUUID();
    const held = await push(token, 'contacts', deletes.slice(30, 60), batchId);
    expect(held.code).toBe(SyncCode.HELD);
    expect(held.data).toMatchObject({ deletes: 30, total: 50 });
    const info = held.data as SyncHeldInfo;

    const refused = await portal.post(SyncPortalApi.heldRefuse, { held_id: info.held_id });
    expect(refused.code, refused.message).toBe(0);
    expect(Object.keys(await contactBook(portal))).toHaveLength(50);
    const again = await push(token, 'contacts', deletes.slice(30, 60), batchId);
    expect(again.code).toBe(SyncCode.REFUSED);
    expect(again.message).toBe(SyncMsg.REFUSED);

    // Another user's held sync is not this one's to decide.
    const other = await setup();
    expect((await other.portal.post(SyncPortalApi.heldApply, { held_id: info.held_id })).code).toBe(
      SyncCode.NOT_FOUND,
    );
  });

  it('mass-deletion guard: a wipe announced over batches is held at its first, and once approved its rest passes', async () => {
    const { token, portal } = await setup();
    const deletes = await bookOf(token, 80);
    const first = await call<SyncHeldInfo>(
      SyncApi.push,
      { area: 'contacts', batch_id: randomUUID(), changes: deletes.slice(0, 40), pending_deletes: 40 },
      token,
    );
    expect(first.code).toBe(SyncCode.HELD);
    expect(first.data).toMatchObject({ deletes: 80, total: 80 });
    expect(Object.keys(await contactBook(portal))).toHaveLength(80);
    const applied = await portal.post(SyncPortalApi.heldApply, { held_id: first.data?.held_id ?? '' });
    expect(applied.code, applied.message).toBe(0);
    expect(Object.keys(await contactBook(portal))).toHaveLength(40);
    // The round's second half: the owner approved 80, so it is not held again.
    const rest = await pushed(token, 'contacts', deletes.slice(40));
    expect(rest.results.every((r) => r.outcome === SyncOutcome.APPLIED)).toBe(true);
    expect(Object.keys(await contactBook(portal))).toHaveLength(0);
    // Notes are guarded the same way.
    const notes = await pushed(
      token,
      'notes',
      Array.from({ length: 60 }, (_, i) => ({ op: 'create', cid: `n${i}`, note: { title: `便签${i}` } })),
    );
    const noteDeletes = notes.results.map((r) => ({
      op: 'delete',
      server_id: r.server_id,
      version_code: r.version_code,
    }));
    expect((await push(token, 'notes', noteDeletes)).code).toBe(SyncCode.HELD);
    expect(
      (await portal.get<SyncHeldList>(SyncPortalApi.heldList, { area: 'notes' })).data?.list,
    ).toHaveLength(1);
  });

  it('mass-deletion guard on small books: a reset of 3 notes or 3 events is held, tidying is not', async () => {
    const { token } = await setup();
    const notesOf = async (n: number) => {
      const made = await pushed(
        token,
        'notes',
        Array.from({ length: n }, (_, i) => ({ op: 'create', cid: `s${i}`, note: { title: `小${i}` } })),
      );
      return made.results.map((r) => ({
        op: 'delete',
        server_id: r.server_id,
        version_code: r.version_code,
      }));
    };
    // Two of a box of two: a small box is emptied one or two at a time, not held.
    const two = await notesOf(2);
    expect((await pushed(token, 'notes', two)).results.every((r) => r.outcome === SyncOutcome.APPLIED)).toBe(
      true,
    );
    // An hour on, those two no longer count with the next round's.
    server.clock.advance(61 * MINUTE);
    // Every note of a box of three: a reset, held.
    const three = await notesOf(3);
    const held = await push(token, 'notes', three);
    expect(held.code).toBe(SyncCode.HELD);
    expect(held.data).toMatchObject({ deletes: 3, total: 3 });
    // Two of the three: not every one, and the box is under ten: applied.
    expect((await pushed(token, 'notes', three.slice(0, 2))).results[0]?.outcome).toBe(SyncOutcome.APPLIED);

    // The calendar the same way, by UID.
    const events = await pushed(
      token,
      'calendar',
      ['a', 'b', 'c'].map((u) => ({ op: 'create', cid: u, ical: phoneEvent(`${u}@small`, `事件${u}`) })),
    );
    const eventDeletes = events.results.map((r) => ({
      op: 'delete',
      uid: r.uid,
      version_code: r.version_code,
    }));
    expect((await push(token, 'calendar', eventDeletes)).code).toBe(SyncCode.HELD);
    expect((await pullAll(token, 'calendar', '')).items).toHaveLength(3);
  });

  it('mass-deletion guard: more than half of a book of ten is held, half is not; only this phone counts', async () => {
    const { user, token } = await setup();
    const deletes = await bookOf(token, 10);
    expect((await push(token, 'contacts', deletes.slice(0, 6))).code).toBe(SyncCode.HELD);
    // Five of ten: half, applied; one more from this phone within the hour: six of ten, held.
    expect((await pushed(token, 'contacts', deletes.slice(0, 5))).results).toHaveLength(5);
    const held = await push(token, 'contacts', deletes.slice(5, 6));
    expect(held.code).toBe(SyncCode.HELD);
    // The owner is told this round's deletes of the book as it is now (one of five), not the
    // guard's count with the hour's earlier deletes (six of ten).
    expect(held.data).toMatchObject({ deletes: 1, total: 5 });
    // A second phone of the account starts its own count: one of five is tidying.
    const second = await signInDevice(server, user, `phone-${randomUUID().slice(0, 8)}`);
    const one = await pushed(second, 'contacts', deletes.slice(9, 10));
    expect(one.results[0]?.outcome).toBe(SyncOutcome.APPLIED);
  });
});
