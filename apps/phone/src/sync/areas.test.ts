import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CalendarArea } from './calendar-area.js';
import { readIcs } from './calendar-ics.js';
import { NotesArea } from './notes-area.js';
import { SmsArea } from './sms-area.js';
import { readSmsXml, writeSmsXml } from './sms-xml.js';
import { emptySyncState } from './sync-state.js';

/** The calendar and message areas' side of a round, driven by hand (the engine's own test has a cloud). */
let data = '';
beforeEach(() => {
  data = mkdtempSync(path.join(tmpdir(), 'phone-areas-'));
});
afterEach(() => rmSync(data, { recursive: true, force: true }));

const cal = (events: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events}END:VCALENDAR\r\n`;
const ev = (uid: string, summary: string) =>
  `BEGIN:VEVENT\r\n${uid ? `UID:${uid}\r\n` : ''}DTSTAMP:20261101T000000Z\r\nDTSTART:20261201T010000Z\r\nDTEND:20261201T020000Z\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\n`;

describe('calendar area', () => {
  it('creates, edits and deletes by UID; an event without one gets a UID in the file before it goes up', () => {
    const file = path.join(data, 'calendar.ics');
    writeFileSync(file, cal(ev('a', '例会') + ev('', '无编号')));
    const area = new CalendarArea(data);
    const st = emptySyncState().calendar;
    const first = area.localChanges(st);
    expect(first.map((c) => c.change.op)).toEqual(['create', 'create']);
    // The new UID is in the file already: a cut create finds its event next round.
    const named = readIcs(readFileSync(file, 'utf8'), () => 'never');
    expect(named.map((e) => e.uid)).toEqual(['a', first[1]?.key]);
    first.forEach((c, i) => {
      area.onResult(st, c.change, c.key, {
        index: i,
        outcome: 'applied',
        server_id: String(i + 1),
        uid: c.key,
        version_code: 1,
      });
    });
    area.write(st);
    expect(area.localChanges(st)).toEqual([]);
    area.write(st);

    writeFileSync(file, readFileSync(file, 'utf8').replace('SUMMARY:例会', 'SUMMARY:例会（改）'));
    const edit = area.localChanges(st);
    expect(edit).toHaveLength(1);
    expect(edit[0]?.change).toMatchObject({ op: 'edit', uid: 'a', version_code: 1 });
    area.write(st);

    // The cloud's conflict copy arrives by pull as an event of its own.
    area.onPulled(st, {
      server_id: '9',
      uid: 'a-conflict-1',
      version_code: 5,
      ical: cal(ev('a-conflict-1', '例会（冲突副本）')),
    });
    area.onDeleted(st, first[1]?.key ?? '');
    area.write(st);
    const now = readIcs(readFileSync(file, 'utf8'), () => 'never');
    expect(now.map((e) => e.uid)).toEqual(['a', 'a-conflict-1']);

    writeFileSync(file, cal(ev('a-conflict-1', '例会（冲突副本）')));
    expect(area.localChanges(st).map((c) => c.change)).toEqual([{ op: 'delete', uid: 'a', version_code: 1 }]);
  });
});

describe('message area', () => {
  const m = (address: string, body: string, date: number) => ({
    address,
    body,
    date,
    type: 1,
    read: 1 as const,
    locked: 0 as const,
  });

  it("sends new messages once, adds the cloud's, forgets deleted ones without sending the delete", () => {
    const file = path.join(data, 'sms.xml');
    writeFileSync(file, writeSmsXml([m('+86 139 0000 1111', '你好', 1000)]));
    const area = new SmsArea(data);
    const st = emptySyncState().sms;
    const up = area.localChanges(st);
    expect(up).toHaveLength(1);
    expect(up[0]?.change).toMatchObject({ op: 'create', address: '+86 139 0000 1111', body: '你好' });
    area.onResult(st, up[0]?.change ?? { op: 'create' }, up[0]?.key ?? '', {
      index: 0,
      outcome: 'applied',
      server_id: '1',
    });
    // The cloud answers the same message with its normalised address: the same message.
    area.onPulled(st, {
      server_id: '1',
      address: '13900001111',
      body: '你好',
      date: 1000,
      type: 1,
      read: 1,
      locked: 0,
    });
    area.onPulled(st, {
      server_id: '2',
      address: '10086',
      body: '话费提醒',
      date: 2000,
      type: 1,
      read: 0,
      locked: 1,
    });
    area.write(st);
    expect(readSmsXml(readFileSync(file, 'utf8')).map((x) => x.body)).toEqual(['你好', '话费提醒']);
    expect(area.localChanges(st)).toEqual([]);
    area.write(st);

    writeFileSync(file, writeSmsXml([m('10086', '话费提醒', 2000)]));
    expect(area.localChanges(st)).toEqual([]);
    area.write(st);
    expect(Object.keys(st.items)).toHaveLength(1);

    // A conversation deleted in the portal leaves the file.
    area.localChanges(st);
    area.onDeleted(st, '10086');
    area.write(st);
    expect(readSmsXml(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('drops the one message the portal deleted ({address}.{id}), the rest of its conversation stays', () => {
    const file = path.join(data, 'sms.xml');
    writeFileSync(file, writeSmsXml([m('10086', '第一条', 1000), m('10086', '第二条', 2000)]));
    const area = new SmsArea(data);
    const st = emptySyncState().sms;
    const up = area.localChanges(st);
    up.forEach((u, i) => {
      area.onResult(st, u.change, u.key, { index: i, outcome: 'applied', server_id: String(i + 7) });
    });
    area.write(st);

    area.localChanges(st);
    // Another conversation's id of the same number is not this message: nothing goes.
    area.onDeleted(st, '10010.7');
    area.onDeleted(st, '10086.7');
    area.write(st);
    expect(readSmsXml(readFileSync(file, 'utf8')).map((x) => x.body)).toEqual(['第二条']);
    expect(Object.values(st.items).map((r) => r.server_id)).toEqual(['8']);
  });

  it('keeps an MMS as an <mms> with its picture through a round, its text sent up once', () => {
    const file = path.join(data, 'sms.xml');
    writeFileSync(
      file,
      `<smses count="1"><mms date="1600000050" msg_box="1" address="13900001111" read="1" locked="0">
<parts><part seq="0" ct="text/plain" text="看照片" /><part seq="1" ct="image/png" name="p.png" data="iVBORw0K" /></parts>
</mms></smses>`,
    );
    const area = new SmsArea(data);
    const st = emptySyncState().sms;
    const up = area.localChanges(st);
    expect(up.map((u) => u.change)).toMatchObject([{ op: 'create', body: '看照片', date: 1600000050000 }]);
    area.onResult(st, up[0]?.change ?? { op: 'create' }, up[0]?.key ?? '', {
      index: 0,
      outcome: 'applied',
      server_id: '7',
    });
    expect(JSON.stringify(st)).not.toContain('iVBORw0K');
    // The cloud marks it a favourite; the file keeps the picture and takes the flag.
    area.onPulled(st, {
      server_id: '7',
      address: '13900001111',
      body: '看照片',
      date: 1600000050000,
      type: 1,
      read: 1,
      locked: 1,
    });
    area.write(st);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('<sms ');
    expect(text).toContain('data="iVBORw0K"');
    expect(readSmsXml(text).map((x) => [x.body, x.locked])).toEqual([['看照片', 1]]);
    expect(area.localChanges(st)).toEqual([]);
  });
});

describe('notes area', () => {
  it('writes the id into a new note file as soon as its create is answered', () => {
    mkdirSync(path.join(data, 'notes'), { recursive: true });
    const file = path.join(data, 'notes', '新.md');
    writeFileSync(file, '---\ntitle: 新\n---\n内容\n');
    const area = new NotesArea(data);
    const st = emptySyncState().notes;
    const [create] = area.localChanges(st);
    expect(create?.change.op).toBe('create');
    area.onResult(st, create?.change ?? { op: 'create' }, create?.key ?? '', {
      index: 0,
      outcome: 'applied',
      server_id: '77',
      version_code: 3,
    });
    // Before the round writes the files (it may be cut here), the file knows its note.
    expect(readFileSync(file, 'utf8')).toMatch(/^---\nid: "77"/);
    expect(area.localChanges(st)).toEqual([]);
  });
});
