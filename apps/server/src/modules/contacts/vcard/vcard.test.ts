import { normalizeContactContent, validateContactContent } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { cutBetweenCards, decodeVcardFile, splitCards } from './lines.js';
import { prepareCards, preparePiece } from './prepare.js';
import { parsePlainCards, readCard } from './read.js';
import { writeCard } from './write.js';

const ANDROID_21 = [
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=BC=A0;=E4=B8=89;;;',
  'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=BC=A0=E4=B8=89',
  'X-PHONETIC-LAST-NAME:zhang',
  'TEL;CELL;PREF:138-0013-8000',
  'TEL;HOME:010 1234 5678',
  'TEL;WORK;FAX:010-87654321',
  'TEL;X-公司:123',
  'EMAIL;HOME:zs@example.com',
  'EMAIL;WORK:zhang@corp.cn',
  'ORG;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=8C=97=E4=BA=AC=E7=A7=91=E6=8A=80',
  'TITLE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E7=BB=8F=E7=90=86',
  'NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E7=AC=AC=E4=B8=80=E8=A1=8C=0A=E7=AC=AC=E4=BA=8C=E8=A1=8C,=',
  '=E5=BE=88=E9=95=BF;=E5=88=86=E5=8F=B7',
  'ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;=E5=8C=97=E4=BA=AC=E8=B7=AF1=E5=8F=B7;=E5=8C=97=E4=BA=AC;;100000;=E4=B8=AD=E5=9B=BD',
  'URL:www.example.com',
  'BDAY:19900203',
  'X-QQ:10001',
  'X-ANDROID-CUSTOM;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:vnd.android.cursor.item/nickname;=E5=B0=8F=E5=BC=A0;1;;;;;;;;;;;;;',
  'X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;2010-10-01;1;;;;;;;;;;;;;',
  'CATEGORIES:Friends,Work',
  'PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD',
  ' /2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGBwkICAcHBwkJCgkICwoJCgoL',
  '',
  'END:VCARD',
  '',
].join('\r\n');

describe('vCard reading', () => {
  it('reads Android 2.1: QUOTED-PRINTABLE with soft breaks, bare types, custom rows, photos', () => {
    const [card] = splitCards(ANDROID_21);
    expect(card?.broken).toBeUndefined();
    const read = readCard(card as NonNullable<typeof card>);
    const c = normalizeContactContent(read.content);
    expect(c.name[0]).toMatchObject({
      display_name: '张三',
      given_name: '三',
      phonetic_family_name: 'zhang',
    });
    expect(c.phone).toEqual([
      { is_primary: 1, number: '138-0013-8000', type: 2 },
      { is_primary: 0, number: '010 1234 5678', type: 1 },
      { is_primary: 0, number: '010-87654321', type: 4 },
      { is_primary: 0, number: '123', type: 0 },
    ]);
    expect(c.email.map((e) => [e.address, e.type])).toEqual([
      ['zs@example.com', 1],
      ['zhang@corp.cn', 2],
    ]);
    expect(c.organization).toEqual([{ is_primary: 0, company: '北京科技', type: 1, title: '经理' }]);
    expect(c.note).toEqual([{ note: '第一行\n第二行,很长;分号' }]);
    // ADR's parts kept apart; the text joins them in Chinese order.
    expect(c['postal-address'][0]).toEqual({
      is_primary: 0,
      formatted_address: '中国北京北京路1号 100000',
      street: '北京路1号',
      po_box: '',
      extended: '',
      city: '北京',
      region: '',
      postcode: '100000',
      country: '中国',
      type: 1,
    });
    expect(c.website).toEqual([{ url: 'www.example.com', type: 1 }]);
    expect(c.event).toEqual([
      { is_primary: 0, start_date: '1990-02-03', lunar_or_solar: 0, type: 3 },
      { is_primary: 0, start_date: '2010-10-01', lunar_or_solar: 0, type: 1 },
    ]);
    expect(c.im).toEqual([{ protocol: 4, custom_protocol: '', address: '10001', type: 3 }]);
    expect(c.nickname).toEqual([{ name: '小张', type: 1 }]);
    expect(c.group.map((g) => g.groupTitle)).toEqual(['Friends', 'Work']);
    expect(read.photo?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('reads 3.0 and 4.0 cards', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Smith;John;;Dr.;',
      'FN:John Smith',
      'item1.TEL;TYPE=CELL,pref:+1 555 0100',
      'item1.X-ABLabel:mobile',
      'EMAIL;TYPE=INTERNET,WORK:john@acme.com',
      'NOTE:a\\, b\\nc',
      'IMPP;X-SERVICE-TYPE=Skype:skype:john.smith',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Jane Doe',
      'N:Doe;Jane;;;',
      'TEL;VALUE=uri;TYPE="voice,home":tel:+1-555-555-5555',
      'ANNIVERSARY:20090808',
      'BDAY:--0203',
      'PHOTO:data:image/png;base64,iVBORw0KGgo=',
      'END:VCARD',
    ].join('\n');
    const [a, b] = splitCards(text).map(readCard);
    expect(a?.content.name[0]?.display_name).toBe('John Smith');
    expect(a?.content.phone).toEqual([{ is_primary: 1, number: '+1 555 0100', type: 2 }]);
    expect(a?.content.email[0]?.type).toBe(2);
    expect(a?.content.note).toEqual([{ note: 'a, b\nc' }]);
    expect(a?.content.im).toEqual([{ protocol: 3, custom_protocol: '', address: 'john.smith', type: 3 }]);
    expect(b?.content.phone).toEqual([{ is_primary: 0, number: '+1-555-555-5555', type: 1 }]);
    expect(b?.content.event).toEqual([
      { is_primary: 0, start_date: '2009-08-08', lunar_or_solar: 0, type: 1 },
      // A birthday without its year is kept as such.
      { is_primary: 0, start_date: '--02-03', lunar_or_solar: 0, type: 3 },
    ]);
    expect(b?.warnings).toEqual([]);
    expect(b?.photo?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('reports a card without END and keeps reading the rest', () => {
    const cards = splitCards('BEGIN:VCARD\nVERSION:3.0\nFN:A\nBEGIN:VCARD\nVERSION:3.0\nFN:B\nEND:VCARD\n');
    expect(cards.map((c) => [c.index, Boolean(c.broken)])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('cuts a file between cards only where splitting the pieces gives the same cards', () => {
    const card = (n: number) => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:C${n}\r\nEND:VCARD\r\n`;
    const text = [
      card(1),
      // A QUOTED-PRINTABLE soft break swallows the END line: no cut after it.
      'BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nEND:VCARD\r\n',
      card(3),
      // A line folded onto END:VCARD: no cut there either.
      'END:VCARD\r\n X\r\n',
      card(4),
      'BEGIN:VCARD\nFN:no end\n',
      card(5),
      card(6),
    ].join('');
    const whole = splitCards(text);
    for (const size of [1, 2, 3, 100]) {
      const pieces = cutBetweenCards(text, size);
      expect(pieces.join('')).toBe(text);
      let before = 0;
      const joined = pieces.flatMap((piece) => {
        const cards = splitCards(piece).map((c) => ({ ...c, index: c.index + before }));
        before += cards.length;
        return cards;
      });
      expect(joined).toEqual(whole);
      if (size === 1) expect(pieces.length).toBeGreaterThan(3);
    }
  });

  it('reads a piece of plain cards in one pass exactly as card by card, else card by card', () => {
    const v3 = (n: number, extra = '') =>
      `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:张${n}\\, 小\r\nN:张;${n};;;\r\nTEL;TYPE=CELL,PREF:138${n}\r\n` +
      `EMAIL;TYPE=WORK:u${n}@example.com\r\nNOTE:folded \r\n line ${n}\r\nCATEGORIES:家人,同事\r\n` +
      `ADR;TYPE=HOME:;;路${n}号;深圳;广东;518000;中国\r\nBDAY:1990-02-0${n % 9}\r\n${extra}END:VCARD\r\n`;
    const v4 = (n: number) =>
      `BEGIN:VCARD\nVERSION:4.0\nFN:Anna ${n}\nTEL;VALUE=uri;TYPE=cell:tel:+86-139-${n}\nBDAY:--0203\nEND:VCARD\n`;
    const noName = 'BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:nobody\r\nEND:VCARD\r\n';
    const onePass = [
      [v3(1), v3(2), noName, v3(3, 'EMAIL:not-an-address\r\n')].join(''),
      [v4(1), v4(2)].join(''),
      v3(7),
    ];
    for (const text of onePass) {
      expect(parsePlainCards(text)).not.toBeNull();
      expect(preparePiece(text)).toEqual(prepareCards(splitCards(text)));
    }
    const cardByCard = [
      // ical.js keeps 3.0's rules for a 4.0 card that follows a 3.0 one in the same pass.
      [v3(1), v4(2)].join(''),
      ANDROID_21,
      v3(4).replace('VERSION:3.0\r\nFN', 'FN:x\r\nVERSION:3.0\r\nFN'),
      `${v3(5)}BEGIN:VCARD\r\nVERSION:3.0\r\nFN:no end\r\n`,
      v3(6).replace('\r\n', '\r'),
    ];
    for (const text of cardByCard) {
      expect(parsePlainCards(text)).toBeNull();
      expect(preparePiece(text)).toEqual(prepareCards(splitCards(text)));
    }
    const [first, second] = preparePiece([v3(1), v4(2)].join(''));
    expect(first?.ok && second?.ok).toBe(true);
  });

  it('decodes GB18030 files from old phones', () => {
    const gb = Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]);
    expect(decodeVcardFile(gb)).toBe('张三');
    expect(decodeVcardFile(Buffer.from('\ufeff张三'))).toBe('张三');
  });
});

describe('vCard writing', () => {
  it('round-trips every field of spec §3 through 3.0', () => {
    const checked = validateContactContent({
      name: [{ display_name: '欧阳, 修;文', given_name: '修;文', phonetic_family_name: 'ouyang' }],
      organization: [
        { company: 'ACME; Inc, Ltd', title: 'CEO', type: 1, is_primary: 1 },
        { company: '', title: '顾问', type: 2 },
      ],
      phone: [
        { number: '+86 138-0013-8000', type: 2, is_primary: 1 },
        { number: '(010) 1234', type: 0 },
        { number: '*#06#', type: 7 },
        { number: '12', type: 4 },
      ],
      email: [
        { address: 'a@b.cn', type: 1 },
        { address: 'c@d.cn', type: 2, is_primary: 1 },
        { address: 'e@f.cn', type: 0 },
      ],
      im: [
        { protocol: 4, address: '10001', type: 1 },
        { protocol: -1, custom_protocol: '微信', address: 'wx,id;1', type: 0 },
        { protocol: 7, address: 'a@jabber.org', type: 3 },
      ],
      'postal-address': [
        { formatted_address: '上海市, 浦东; 新区', street: '世纪大道1号', type: 2, is_primary: 1 },
        {
          po_box: '信箱 8号',
          extended: '3单元, 401室',
          street: '浦东; 世纪大道100号',
          city: '上海市',
          region: '上海',
          postcode: '200120',
          country: '中国',
          type: 1,
        },
      ],
      event: [
        { start_date: '1990-02-03', type: 3, lunar_or_solar: 0 },
        { start_date: '1990-1-15', type: 3, lunar_or_solar: 1 },
        { start_date: '2015-05-20', type: 1, lunar_or_solar: 0, is_primary: 1 },
        { start_date: '2001-12-31', type: 0, lunar_or_solar: 0 },
      ],
      note: [{ note: '多行\n备注, 含; 特殊\\字符' }],
      nickname: [
        { name: '老欧', type: 1 },
        { name: 'OY', type: 5 },
      ],
      website: [
        { url: 'https://ouyang.example.com/a?b=1,2', type: 1 },
        { url: 'rtsp://cam.local.cn:554/x', type: 5 },
      ],
      group: [{ groupTitle: '家人' }, { groupTitle: 'A,B' }],
    });
    if (!checked.ok) throw new Error(checked.message);
    const text = writeCard(checked.content, Buffer.from('photo-bytes'));
    expect(text).toContain('VERSION:3.0');
    const [card] = splitCards(text);
    const read = readCard(card as NonNullable<typeof card>);
    const again = validateContactContent(read.content);
    expect(again.ok && again.content).toEqual(checked.content);
    expect(read.photo?.toString()).toBe('photo-bytes');
  });

  it('writes and reads back the seven ADR parts in 3.0 and 4.0, each part up to 40 characters', () => {
    const long = '路'.repeat(40);
    const checked = validateContactContent({
      name: [{ display_name: 'Greg Dartmouth' }],
      'postal-address': [
        {
          po_box: 'PO Box 7',
          extended: 'Apt 2',
          street: '1 Main St',
          city: 'Springfield',
          region: 'IL',
          postcode: '62701',
          country: 'USA',
          type: 2,
        },
        { street: long, city: '深圳市', region: '广东省', country: '中国', type: 1 },
      ],
    });
    if (!checked.ok) throw new Error(checked.message);
    const [work, home] = checked.content['postal-address'];
    expect(work?.formatted_address).toBe('USA IL Springfield 1 Main St Apt 2 PO Box 7 62701');
    expect(home?.formatted_address).toBe(`中国广东省深圳市${long}`);
    for (const version of ['3.0', '4.0'] as const) {
      const text = writeCard(checked.content, null, { version });
      expect(text).toContain('ADR;');
      expect(text.replace(/\r\n /g, '')).toContain(':PO Box 7;Apt 2;1 Main St;Springfield;IL;62701;USA');
      const [card] = splitCards(text);
      const again = validateContactContent(readCard(card as NonNullable<typeof card>).content);
      expect(again.ok && again.content['postal-address'], version).toEqual(checked.content['postal-address']);
    }
    // 41 characters in one part is over the limit, named by the part.
    const over = validateContactContent({
      name: [{ display_name: 'x' }],
      'postal-address': [{ city: '城'.repeat(41) }],
    });
    expect(over).toEqual({ ok: false, message: '城市不能超过40个字符' });
  });
});
