import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Code,
  type Contact,
  type ContactContent,
  normalizeContactContent,
  SyncCode,
  type SyncHeldInfo,
  type SyncPullPage,
  type SyncPullRequest,
  type SyncPushRequest,
  type SyncPushResult,
} from '@phonecloud/shared';
import { SYNC_CHANGE_SCHEMAS, SyncPullBody, SyncPushBody } from '@phonecloud/shared/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DeviceApiClient, DeviceApiError } from '../api.js';
import { ContactsArea } from './contacts-area.js';
import { syncArea } from './engine.js';
import { NotesArea } from './notes-area.js';
import { syncOnce } from './run.js';
import { emptySyncState, SyncStore } from './sync-state.js';
import { readVcf } from './vcard.js';

/**
 * A cloud of contacts and notes in memory, answering pull and push as docs/sync.md says: a
 * change log by version, batches applied once by id, and switches that make it hold, refuse,
 * or cut the connection after applying.
 */
class FakeCloud {
  version = 0;
  nextId = 1;
  contacts = new Map<string, { version_code: number; content: ContactContent; uid?: string }>();
  notes = new Map<string, { version_code: number; title: string; content: unknown[] }>();
  log: Array<{ version: number; area: string; id: string; deleted: boolean }> = [];
  batches = new Map<string, SyncPushResult>();
  pushes: SyncPushRequest[] = [];
  hold = false;
  refuse = false;
  cutAfterApply = false;

  write(area: string, id: string, deleted = false) {
    this.version++;
    this.log.push({ version: this.version, area, id, deleted });
    return this.version;
  }

  contact(id: string): Contact {
    const c = this.contacts.get(id);
    if (!c) throw new Error(`no contact ${id}`);
    return {
      server_id: id,
      version_code: c.version_code,
      nameSpell: '',
      letter_index: '#',
      content: c.content,
      attachment: [],
      // The cloud's UID of the contact: the phone's own when it made it, else the cloud's.
      uid: c.uid ?? `cloud-uid-${id}`,
    };
  }

  api(): DeviceApiClient {
    const cloud = this;
    return {
      async push(req: SyncPushRequest): Promise<SyncPushResult> {
        // What the server's route and its area check accept, or the test fails here.
        SyncPushBody.parse(req);
        for (const c of req.changes) SYNC_CHANGE_SCHEMAS[req.area].parse(c);
        cloud.pushes.push(req);
        const done = cloud.batches.get(req.batch_id);
        if (done) return { ...done, replayed: true };
        const info: SyncHeldInfo = {
          held_id: 'h1',
          area: req.area,
          batch_id: req.batch_id,
          status: 0,
          deletes: 60,
          total: 100,
        };
        if (cloud.refuse) throw new DeviceApiError(SyncCode.REFUSED, 'refused', info);
        if (cloud.hold) throw new DeviceApiError(SyncCode.HELD, 'held', info);
        const results = req.changes.map((raw, index) => {
          const c = raw as unknown as Record<string, unknown>;
          if (req.area === 'contacts') {
            if (c.op === 'create') {
              const id = String(cloud.nextId++);
              const v = cloud.write('contacts', id);
              cloud.contacts.set(id, {
                version_code: v,
                content: normalizeContactContent(c.content),
                uid: typeof c.uid === 'string' ? c.uid : undefined,
              });
              return {
                index,
                outcome: 'applied' as const,
                cid: String(c.cid),
                server_id: id,
                version_code: v,
              };
            }
            const id = String(c.server_id);
            if (c.op === 'edit') {
              const v = cloud.write('contacts', id);
              cloud.contacts.set(id, { version_code: v, content: normalizeContactContent(c.content) });
              return { index, outcome: 'applied' as const, server_id: id, version_code: v };
            }
            cloud.contacts.delete(id);
            cloud.write('contacts', id, true);
            return { index, outcome: 'applied' as const, server_id: id };
          }
          if (c.op === 'create') {
            const id = String(cloud.nextId++);
            const v = cloud.write('notes', id);
            const note = c.note as { title: string; content: unknown[] };
            cloud.notes.set(id, { version_code: v, title: note.title, content: note.content });
            return { index, outcome: 'applied' as const, cid: String(c.cid), server_id: id, version_code: v };
          }
          const id = String(c.server_id);
          if (c.op === 'edit') {
            const v = cloud.write('notes', id);
            const old = cloud.notes.get(id);
            const note = c.note as { title?: string; content?: unknown[] };
            cloud.notes.set(id, {
              version_code: v,
              title: note.title ?? old?.title ?? '',
              content: note.content ?? old?.content ?? [],
            });
            return { index, outcome: 'applied' as const, server_id: id, version_code: v };
          }
          cloud.notes.delete(id);
          cloud.write('notes', id, true);
          return { index, outcome: 'applied' as const, server_id: id };
        });
        const result: SyncPushResult = {
          area: req.area,
          batch_id: req.batch_id,
          sync_version: cloud.version,
          results,
          replayed: false,
        };
        cloud.batches.set(req.batch_id, result);
        if (cloud.cutAfterApply) {
          cloud.cutAfterApply = false;
          throw new TypeError('fetch failed');
        }
        return result;
      },
      async pull(req: SyncPullRequest): Promise<SyncPullPage> {
        SyncPullBody.parse(req);
        const since = req.anchor ? Number(req.anchor) : 0;
        const full = !req.anchor;
        const touched = cloud.log.filter((e) => e.area === req.area && e.version > since);
        const ids = full
          ? [...(req.area === 'contacts' ? cloud.contacts.keys() : cloud.notes.keys())]
          : [...new Set(touched.filter((e) => !e.deleted).map((e) => e.id))];
        const items =
          req.area === 'contacts'
            ? ids.filter((id) => cloud.contacts.has(id)).map((id) => cloud.contact(id))
            : ids
                .filter((id) => cloud.notes.has(id))
                .map((id) => {
                  const n = cloud.notes.get(id) as {
                    version_code: number;
                    title: string;
                    content: unknown[];
                  };
                  return {
                    server_id: id,
                    version_code: n.version_code,
                    delete_time: 0,
                    title: n.title,
                    content: n.content,
                    remindtime: 0,
                    classify: 0,
                    remind: 0,
                    mode: 2,
                    top: 0,
                    create_date: 0,
                    modified_date: 0,
                    status: 0,
                  };
                });
        const deleted = full ? [] : [...new Set(touched.filter((e) => e.deleted).map((e) => e.id))];
        return {
          area: req.area,
          anchor: String(cloud.version),
          cursor: null,
          more: false,
          full,
          items: items as never,
          deleted,
        };
      },
    } as unknown as DeviceApiClient;
  }
}

let dir = '';
let data = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'phone-sync-'));
  data = path.join(dir, 'data');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const vcf = () => readFileSync(path.join(data, 'contacts.vcf'), 'utf8');
const card = (name: string, tel: string, uid = '') =>
  [
    'BEGIN:VCARD',
    'VERSION:3.0',
    ...(uid ? [`UID:${uid}`] : []),
    `FN:${name}`,
    `TEL;TYPE=CELL:${tel}`,
    'END:VCARD',
    '',
  ].join('\r\n');

async function round(cloud: FakeCloud, areas: ('contacts' | 'notes')[] = ['contacts']) {
  const lines: string[] = [];
  const out = await syncOnce({ api: cloud.api(), dir, dataDir: data, areas, log: (l) => lines.push(l) });
  return { ...out, lines };
}

describe('contacts sync', () => {
  it('pushes new cards, gives them UIDs, and pushes nothing when nothing changed', async () => {
    const cloud = new FakeCloud();
    mkdirSync(data, { recursive: true });
    writeFileSync(path.join(data, 'contacts.vcf'), card('张三', '13900000000') + card('李四', '13800000000'));
    const first = await round(cloud);
    expect(first.end).toBe('done');
    expect(first.lines[0]).toBe('联系人：已上传 新增 2 条；已下载 2 条（全量）');
    expect(cloud.contacts.size).toBe(2);
    const cards = readVcf(vcf());
    expect(cards.every((c) => c.uid.length > 0)).toBe(true);
    const pushes = cloud.pushes.length;
    const again = await round(cloud);
    expect(cloud.pushes.length).toBe(pushes);
    expect(again.lines).toEqual(['同步完成']);
  });

  it("sends a card's UID with its create, and writes a cloud contact under the cloud's UID with its whole name", async () => {
    const cloud = new FakeCloud();
    mkdirSync(data, { recursive: true });
    writeFileSync(path.join(data, 'contacts.vcf'), card('张三', '13900000000', 'phone-made-1'));
    await round(cloud);
    const create = cloud.pushes[0]?.changes[0] as { op: string; uid?: string };
    expect(create).toMatchObject({ op: 'create', uid: 'phone-made-1' });
    // A contact made elsewhere, with N's five parts.
    const id = String(cloud.nextId++);
    const content = normalizeContactContent({
      name: [
        {
          display_name: 'Dr. John Michael Smith Jr.',
          given_name: 'John',
          family_name: 'Smith',
          middle_name: 'Michael',
          prefix: 'Dr.',
          suffix: 'Jr.',
        },
      ],
    });
    cloud.contacts.set(id, { version_code: cloud.write('contacts', id), content });
    await round(cloud);
    expect(vcf()).toContain(`UID:cloud-uid-${id}`);
    expect(vcf()).toContain('N:Smith;John;Michael;Dr.;Jr.');
    const back = readVcf(vcf()).find((c) => c.uid === `cloud-uid-${id}`);
    expect(back?.content.name[0]).toEqual(content.name[0]);
    // Read back as written, nothing is sent up.
    const pushes = cloud.pushes.length;
    await round(cloud);
    expect(cloud.pushes.length).toBe(pushes);
  });

  it('takes a portal edit into the file, and sends only the kinds the phone changed', async () => {
    const cloud = new FakeCloud();
    mkdirSync(data, { recursive: true });
    writeFileSync(path.join(data, 'contacts.vcf'), card('张三', '13900000000'));
    await round(cloud);
    // The portal adds an e-mail and a website the phone's card has no way of typing.
    const id = [...cloud.contacts.keys()][0] as string;
    const cur = cloud.contacts.get(id)?.content as ContactContent;
    const edited = normalizeContactContent({
      ...cur,
      email: [{ address: 'zs@example.com', type: 1 }],
      website: [{ url: 'https://zs.example.com', type: 1 }],
    });
    cloud.contacts.set(id, { version_code: cloud.write('contacts', id), content: edited });
    const pulled = await round(cloud);
    expect(pulled.lines[0]).toBe('联系人：已下载 1 条');
    expect(vcf()).toContain('zs@example.com');
    // The phone changes the number only.
    writeFileSync(path.join(data, 'contacts.vcf'), vcf().replace('13900000000', '13911112222'));
    await round(cloud);
    const last = cloud.pushes.at(-1)?.changes[0] as { op: string; content: ContactContent };
    expect(last.op).toBe('edit');
    expect(last.content.phone[0]?.number).toBe('13911112222');
    expect(last.content.website).toEqual(edited.website);
    expect(cloud.contacts.get(id)?.content.email[0]?.address).toBe('zs@example.com');
  });

  it('sends a deleted card as a delete, and drops a card the portal deleted', async () => {
    const cloud = new FakeCloud();
    mkdirSync(data, { recursive: true });
    writeFileSync(
      path.join(data, 'contacts.vcf'),
      card('甲', '1', 'a') + card('乙', '2', 'b') + card('丙', '3', 'c'),
    );
    await round(cloud);
    writeFileSync(
      path.join(data, 'contacts.vcf'),
      vcf().replace(/BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a[\s\S]*?END:VCARD\r\n/, ''),
    );
    const del = await round(cloud);
    expect(del.lines[0]).toBe('联系人：已上传 删除 1 条；已下载 0 条，云端删除 1 条');
    expect(cloud.contacts.size).toBe(2);
    const gone = [...cloud.contacts.keys()][0] as string;
    cloud.contacts.delete(gone);
    cloud.write('contacts', gone, true);
    await round(cloud);
    expect(readVcf(vcf())).toHaveLength(1);
  });

  it('resends a batch cut off after the cloud applied it with the same id, applying it once', async () => {
    const cloud = new FakeCloud();
    mkdirSync(data, { recursive: true });
    writeFileSync(path.join(data, 'contacts.vcf'), card('张三', '13900000000'));
    cloud.cutAfterApply = true;
    const cut = await round(cloud);
    expect(cut.end).toBe('failed');
    expect(cut.lines[0]).toBe('联系人同步失败：fetch failed');
    const again = await round(cloud);
    expect(again.end).toBe('done');
    expect(cloud.pushes).toHaveLength(2);
    expect(cloud.pushes[1]?.batch_id).toBe(cloud.pushes[0]?.batch_id);
    expect(cloud.contacts.size).toBe(1);
    expect(readVcf(vcf())).toHaveLength(1);
  });

  it('holds the area while the portal holds a batch, and reloads it whole when the portal refuses', async () => {
    const cloud = new FakeCloud();
    mkdirSync(data, { recursive: true });
    writeFileSync(path.join(data, 'contacts.vcf'), card('甲', '1', 'a') + card('乙', '2', 'b'));
    await round(cloud);
    // A reset phone: the book is empty.
    writeFileSync(path.join(data, 'contacts.vcf'), '');
    cloud.hold = true;
    const held = await round(cloud);
    expect(held.lines[0]).toBe(
      '联系人：本次同步将删除大量数据，已暂停，请在网页端确认后再同步（将删除 60 条，共 100 条）',
    );
    // The round ends held (`sync` exits with 4), not done.
    expect(held.end).toBe('held');
    expect(held.lines.at(-1)).toBe('同步已暂停，等待网页端确认');
    const store = new SyncStore(dir);
    const batch = store.read().contacts.pending?.batch_id;
    expect(batch).toBeTruthy();
    // Still held: the same batch again, nothing new.
    await round(cloud);
    expect(cloud.pushes.at(-1)?.batch_id).toBe(batch);
    expect(cloud.contacts.size).toBe(2);
    // Refused in the portal: the phone gets the cloud's book back.
    cloud.hold = false;
    cloud.refuse = true;
    const refused = await round(cloud);
    expect(refused.lines[0]).toBe(
      '联系人：网页端已拒绝本次同步的删除，请重新从云端恢复数据；已下载 2 条（全量）',
    );
    expect(
      readVcf(vcf())
        .map((c) => c.content.name[0]?.display_name)
        .sort(),
    ).toEqual(['乙', '甲']);
    expect(store.read().contacts.pending).toBeNull();
  });

  it('stops at a file it cannot read, saying which, and leaves it as it is', async () => {
    const cloud = new FakeCloud();
    mkdirSync(data, { recursive: true });
    const broken = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:张三\r\n';
    writeFileSync(path.join(data, 'contacts.vcf'), broken);
    const out = await round(cloud);
    expect(out.end).toBe('failed');
    expect(out.lines[0]).toMatch(
      /^联系人同步失败：无法读取 contacts\.vcf（.+），请修正后再同步，文件未作改动$/,
    );
    expect(vcf()).toBe(broken);
    expect(cloud.pushes).toHaveLength(0);
  });

  it('starts over with a full pull when the anchor is too old (1009)', async () => {
    const cloud = new FakeCloud();
    const api = cloud.api();
    const calls: SyncPullRequest[] = [];
    const pull = api.pull.bind(api);
    const flaky = {
      ...api,
      push: api.push.bind(api),
      pull: async (req: SyncPullRequest) => {
        calls.push(req);
        if (req.anchor) throw new DeviceApiError(Code.FULL_RELOAD, 'reload');
        return pull(req as never);
      },
    } as unknown as DeviceApiClient;
    const st = emptySyncState();
    st.contacts.anchor = '5';
    await syncArea(flaky, new ContactsArea(data), st.contacts, () => undefined);
    expect(calls.map((c) => c.anchor)).toEqual(['5', '']);
    expect(st.contacts.anchor).toBe('0');
  });
});

describe('notes sync', () => {
  it('pushes a new file, writes its id into it, and sends only the fields edited', async () => {
    const cloud = new FakeCloud();
    mkdirSync(path.join(data, 'notes'), { recursive: true });
    writeFileSync(path.join(data, 'notes', '购物.md'), '---\ntitle: 购物\n---\n鸡蛋\n');
    const first = await round(cloud, ['notes']);
    expect(first.lines[0]).toBe('便签：已上传 新增 1 条；已下载 1 条（全量）');
    const text = readFileSync(path.join(data, 'notes', '购物.md'), 'utf8');
    expect(text).toMatch(/^---\nid: "1"\ntitle: "购物"/);
    writeFileSync(path.join(data, 'notes', '购物.md'), text.replace('鸡蛋', '鸡蛋和牛奶'));
    await round(cloud, ['notes']);
    const edit = cloud.pushes.at(-1)?.changes[0] as { op: string; note: Record<string, unknown> };
    expect(edit.op).toBe('edit');
    expect(Object.keys(edit.note)).toEqual(['content']);
    // A note new in the cloud gets a file of its own.
    cloud.notes.set('9', { version_code: cloud.write('notes', '9'), title: '来自网页', content: [] });
    await round(cloud, ['notes']);
    expect(readFileSync(path.join(data, 'notes', '来自网页-9.md'), 'utf8')).toContain('title: "来自网页"');
    // Deleting the file deletes the note.
    rmSync(path.join(data, 'notes', '来自网页-9.md'));
    await round(cloud, ['notes']);
    expect(cloud.notes.has('9')).toBe(false);
    expect(new NotesArea(data).dir).toBe(path.join(data, 'notes'));
  });
});
