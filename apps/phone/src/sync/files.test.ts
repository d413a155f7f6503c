import {
  AddressType,
  CalendarKind,
  type ContactContent,
  EventType,
  ImProtocol,
  NoteBlockType,
  NoteMode,
  normalizeContactContent,
  PhoneType,
} from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { canonicalEvent, readIcs, writeIcs } from './calendar-ics.js';
import { noteFileName, type PhoneNote, readNote, writeNote } from './notes-md.js';
import { messageKey, readSmsXml, writeSmsXml } from './sms-xml.js';
import { readVcf, writeCard, writeVcf } from './vcard.js';

const full: ContactContent = normalizeContactContent({
  name: [{ is_primary: 1, display_name: '张三丰', given_name: '三丰', phonetic_family_name: 'zhang' }],
  organization: [{ is_primary: 1, company: '武当, 派', type: 1, title: '掌门' }],
  phone: [
    { is_primary: 1, number: '13900000000', type: PhoneType.MOBILE },
    { is_primary: 0, number: '010-1234;5', type: 17 },
  ],
  email: [{ is_primary: 0, address: 'zs@example.com', type: 2 }],
  im: [
    { protocol: ImProtocol.QQ, custom_protocol: '', address: '10001', type: 3 },
    { protocol: ImProtocol.CUSTOM, custom_protocol: '微信', address: 'wx;id', type: 0 },
  ],
  'postal-address': [
    {
      is_primary: 1,
      formatted_address: '湖北省十堰市武当山',
      street: '武当山',
      city: '十堰市',
      region: '湖北省',
      type: AddressType.WORK,
    },
  ],
  event: [
    { is_primary: 0, start_date: '1990-04-16', lunar_or_solar: CalendarKind.SOLAR, type: EventType.BIRTHDAY },
    { is_primary: 0, start_date: '1990-3-9', lunar_or_solar: CalendarKind.LUNAR, type: EventType.BIRTHDAY },
    { is_primary: 0, start_date: '--05-20', lunar_or_solar: CalendarKind.SOLAR, type: EventType.ANNIVERSARY },
  ],
  note: [{ note: '第一行\n第二行, 带逗号; 分号' }],
  nickname: [{ name: '张真人', type: 1 }],
  website: [{ url: 'https://example.com/a,b', type: 1 }],
  group: [{ groupTitle: '家人' }, { groupTitle: '武林, 朋友' }],
});

describe('contacts.vcf', () => {
  it('writes every kind of a contact and reads it back the same', () => {
    const text = writeVcf([{ uid: 'u-1', content: full }]);
    expect(text).toContain('BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u-1\r\n');
    expect(text).toContain('FN:张三丰');
    expect(text).toContain('CATEGORIES:家人,武林\\, 朋友');
    const [card] = readVcf(text);
    expect(card?.uid).toBe('u-1');
    expect(card?.content).toEqual(full);
  });

  it('reads a card typed by hand from its TYPE values, without UID', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:李四',
      'N:李;四;;;',
      'TEL;TYPE=WORK:010-88886666',
      'TEL;TYPE=CELL,PREF:13800001111',
      'EMAIL;TYPE=INTERNET:ls@example.com',
      'BDAY:1988-02-03',
      'END:VCARD',
      '',
    ].join('\r\n');
    const [card] = readVcf(text);
    expect(card?.uid).toBe('');
    expect(card?.content.name[0]?.display_name).toBe('李四');
    expect(card?.content.name[0]?.given_name).toBe('四');
    expect(card?.content.phone).toEqual([
      { is_primary: 0, number: '010-88886666', type: PhoneType.WORK },
      { is_primary: 1, number: '13800001111', type: PhoneType.MOBILE },
    ]);
    expect(card?.content.email[0]?.address).toBe('ls@example.com');
    expect(card?.content.event[0]).toMatchObject({ start_date: '1988-02-03', type: EventType.BIRTHDAY });
  });

  it('reads several cards, and an empty file as an empty book', () => {
    const a = normalizeContactContent({ name: [{ display_name: '甲' }] });
    const b = normalizeContactContent({ name: [{ display_name: '乙' }], phone: [{ number: '1' }] });
    const cards = readVcf(`${writeCard('a', a)}\r\n${writeCard('b', b)}\r\n`);
    expect(cards.map((c) => c.uid)).toEqual(['a', 'b']);
    expect(cards[1]?.content).toEqual(b);
    expect(readVcf('')).toEqual([]);
    expect(readVcf('\r\n')).toEqual([]);
  });
});

describe('notes/*.md', () => {
  const note: PhoneNote = {
    id: '42',
    fields: {
      title: '周末\u001f购物',
      content: [
        {
          type: NoteBlockType.TEXT,
          content: '第一行\n# 不是标题\n- 也不是列表',
          mode: NoteMode.PLAIN,
          checked: 0,
        },
        { type: NoteBlockType.TEXT, content: '鸡蛋', mode: NoteMode.UNCHECKED, checked: 0 },
        { type: NoteBlockType.TEXT, content: '牛奶', mode: NoteMode.CHECKED, checked: 1 },
        { type: NoteBlockType.IMAGE, content: '/note/attachment/file/abc' },
        {
          type: NoteBlockType.RECORD,
          content: '录音 1.m4a',
          link: '/note/attachment/file/def',
          duration: 12,
        },
        { type: NoteBlockType.TEXT, content: '\\反斜杠开头', mode: NoteMode.PLAIN, checked: 0 },
      ],
      classify: 2,
      top: 1,
      remind: 1,
      remindtime: Date.UTC(2026, 10, 30, 1, 0, 0),
    },
  };

  it('writes front matter, paragraphs, checklists, images and recordings, and reads them back', () => {
    const text = writeNote(note);
    expect(text).toMatch(
      /^---\nid: "42"\ntitle: "周末"\nsubtitle: "购物"\ncolour: 2\npinned: true\nremind: "2026-11-30T01:00:00.000Z"\n---\n/,
    );
    expect(text).toContain('第一行  \n\\# 不是标题  \n\\- 也不是列表\n');
    expect(text).toContain('- [ ] 鸡蛋\n- [x] 牛奶\n');
    expect(text).toContain('![图片](/note/attachment/file/abc)');
    expect(text).toContain('[录音：录音 1.m4a](/note/attachment/file/def "12")');
    expect(readNote(text)).toEqual(note);
  });

  it('reads a hand-typed note: YAML front matter, or none (first line is the title)', () => {
    const typed = readNote('---\ntitle: 买菜\ncolour: 1\n---\n土豆\n\n- [x] 白菜\n');
    expect(typed.id).toBe('');
    expect(typed.fields.title).toBe('买菜');
    expect(typed.fields.classify).toBe(1);
    expect(typed.fields.content).toEqual([
      { type: NoteBlockType.TEXT, content: '土豆', mode: NoteMode.PLAIN, checked: 0 },
      { type: NoteBlockType.TEXT, content: '白菜', mode: NoteMode.CHECKED, checked: 1 },
    ]);
    const bare = readNote('明天开会\n带上电脑\n');
    expect(bare.fields.title).toBe('明天开会');
    expect(bare.fields.remind).toBe(0);
  });

  it('names files by title and id', () => {
    expect(noteFileName('a/b:c\u001f副标题', '7')).toBe('abc-7.md');
    expect(noteFileName('', '8')).toBe('无标题-8.md');
  });
});

const EVENT = (uid: string, summary: string, extra = '') =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    'DTSTART;TZID=Asia/Shanghai:20261201T090000',
    'DTEND;TZID=Asia/Shanghai:20261201T100000',
    `SUMMARY:${summary}`,
    extra,
    'END:VEVENT',
  ]
    .filter(Boolean)
    .join('\r\n');
const ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Shanghai',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:CST',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

describe('calendar.ics', () => {
  const file = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ZONE,
    EVENT('e1', '例会', 'RRULE:FREQ=WEEKLY'),
    EVENT('e2', '体检'),
    EVENT('e1', '例会（改到下午）', 'RECURRENCE-ID;TZID=Asia/Shanghai:20261208T090000'),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

  it('splits the file per UID, each with its zone and its moved instances', () => {
    const events = readIcs(file, () => 'new');
    expect(events.map((e) => e.uid)).toEqual(['e1', 'e2']);
    const e1 = events[0]?.ical ?? '';
    expect(e1).toContain('BEGIN:VTIMEZONE');
    expect(e1.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // The master first, then the moved instance.
    expect(e1.indexOf('RRULE')).toBeLessThan(e1.indexOf('RECURRENCE-ID'));
  });

  it('writes the events back into one calendar and reads the same events', () => {
    const events = readIcs(file, () => 'new');
    const text = writeIcs(events);
    expect(text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(text.match(/BEGIN:VCALENDAR/g)).toHaveLength(1);
    expect(readIcs(text, () => 'new')).toEqual(events);
    expect(canonicalEvent(events[1]?.ical ?? '')).toEqual(events[1]);
  });

  it('gives an event without a UID one', () => {
    const noUid = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      EVENT('', '无编号').replace('UID:\r\n', ''),
      'END:VCALENDAR',
    ].join('\r\n');
    const [e] = readIcs(noUid, () => 'fresh-uid');
    expect(e?.uid).toBe('fresh-uid');
    expect(e?.ical).toContain('UID:fresh-uid');
  });
});

describe('sms.xml', () => {
  const messages = [
    {
      address: '+86 139-0000-1111',
      body: '晚上见 & <回复>\n第二行 "引号"',
      date: 1700000000000,
      type: 1,
      read: 1,
      locked: 0,
    },
    { address: '10086', body: '余额提醒', date: 1700000100000, type: 2, read: 0, locked: 1 },
  ] as const;

  it('writes the SMS Backup & Restore format and reads it back', () => {
    const xml = writeSmsXml(messages, 1700000200000);
    expect(xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses")).toBe(true);
    expect(xml).toContain('count="2"');
    expect(xml).toContain('&#10;');
    expect(readSmsXml(xml)).toEqual(messages);
  });

  it('reads what the Android app writes, MMS text parts included', () => {
    const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<smses count="2" backup_set="x" backup_date="1">
  <sms protocol="0" address="13900001111" date="1600000000000" type="2" subject="null" body="你好&#10;世界" read="1" status="-1" locked="0" />
  <mms date="1600000050" msg_box="1" address="13900001111" read="1" locked="0">
    <parts>
      <part seq="0" ct="text/plain" text="彩信文字" />
      <part seq="1" ct="image/jpeg" name="a.jpg" data="AAAA" />
    </parts>
  </mms>
</smses>`;
    expect(readSmsXml(xml).map(({ mms: _kept, ...m }) => m)).toEqual([
      { address: '13900001111', body: '你好\n世界', date: 1600000000000, type: 2, read: 1, locked: 0 },
      { address: '13900001111', body: '彩信文字', date: 1600000050000, type: 1, read: 1, locked: 0 },
    ]);
  });

  it('writes an MMS back as the same <mms> with its parts, the flags the cloud changed included', () => {
    const xml = `<smses count="1">
  <mms date="1600000050" msg_box="1" address="13900001111~13900002222" read="0" locked="0" m_type="132">
    <parts>
      <part seq="0" ct="text/plain" text="彩信&#10;文字" />
      <part seq="1" ct="image/jpeg" name="a.jpg" data="/9j/AAAA" />
    </parts>
    <addrs>
      <addr address="13900001111" type="137" charset="106" />
      <addr address="13900002222" type="151" charset="106" />
    </addrs>
  </mms>
</smses>`;
    const [mms] = readSmsXml(xml);
    if (!mms) throw new Error('the MMS was not read');
    const again = writeSmsXml([{ ...mms, locked: 1 }], 1700000200000);
    expect(again).not.toContain('<sms ');
    expect(again).toContain('count="1"');
    expect(again).toContain('data="/9j/AAAA"');
    expect(again).toContain('<addr address="13900002222" type="151" charset="106"');
    expect(again).toContain('m_type="132"');
    const back = readSmsXml(again);
    expect(back.map(({ mms: _kept, ...m }) => m)).toEqual([
      { address: '13900001111', body: '彩信\n文字', date: 1600000050000, type: 1, read: 0, locked: 1 },
    ]);
    expect(back[0]?.mms).toEqual({ ...mms.mms, '@_locked': '1' });
  });

  it('reads the emoji the app writes as two character references', () => {
    const xml = `<smses><sms address="10086" date="5" type="1" body="好&#55357;&#56832;的 &amp; 谢谢" /></smses>`;
    expect(readSmsXml(xml)[0]?.body).toBe('好\u{1F600}的 & 谢谢');
  });

  it('names a message alike whichever way its address is written', () => {
    const a = messageKey({ address: '+86 139-0000-1111', body: 'x', date: 1, type: 1 });
    expect(messageKey({ address: '13900001111', body: 'x', date: 1, type: 1 })).toBe(a);
    expect(messageKey({ address: '13900001111', body: 'y', date: 1, type: 1 })).not.toBe(a);
  });
});
