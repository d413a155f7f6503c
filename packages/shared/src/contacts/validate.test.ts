import { describe, expect, it } from 'vitest';
import { checkEventDate, solarMonthDays } from './dates.js';
import { ContactMsg, fieldTooLong } from './messages.js';
import { compareContacts, letterOf, nameSpell } from './pinyin.js';
import {
  checkGroupName,
  isValidContactEmail,
  isValidContactPhone,
  isValidWebsite,
  normalizeContactContent,
  validateContactContent,
} from './validate.js';

const named = (extra: Record<string, unknown> = {}) => ({ name: [{ display_name: '张三' }], ...extra });
const messageOf = (input: unknown) => {
  const r = validateContactContent(input);
  return r.ok ? null : r.message;
};

describe('contact content normalisation', () => {
  it('fills every array and every field, trims and strips empty entries', () => {
    const c = normalizeContactContent({
      name: [{ display_name: ' 张三 ', is_primary: '1' }],
      phone: [{ number: ' 138 0013 8000 ' }, { number: '   ', type: 3 }, {}],
      email: [{ address: '' }],
      note: [{ note: '  ' }],
      bogus: [{ x: 1 }],
    });
    expect(c.name).toEqual([
      { is_primary: 1, display_name: '张三', given_name: '', phonetic_family_name: '' },
    ]);
    expect(c.phone).toEqual([{ is_primary: 0, number: '138 0013 8000', type: 2 }]);
    expect(c.email).toEqual([]);
    expect(c.note).toEqual([]);
    expect(Object.keys(c)).toHaveLength(11);
  });
  it('drops an organization only when company and title are both empty', () => {
    const c = normalizeContactContent({
      organization: [
        { company: 'ACME', title: '' },
        { company: '', title: '经理' },
        { company: ' ', title: '' },
      ],
    });
    expect(c.organization.map((o) => [o.company, o.title])).toEqual([
      ['ACME', ''],
      ['', '经理'],
    ]);
  });
  it('removes spaces from phonetic names and takes the given name when no display name', () => {
    const c = normalizeContactContent({ name: [{ given_name: 'Li', phonetic_family_name: ' zhang san ' }] });
    expect(c.name[0]).toMatchObject({ display_name: 'Li', phonetic_family_name: 'zhangsan' });
  });
  it('gives new phones type 2 and e-mails type 1, and maps unknown codes to custom', () => {
    const c = normalizeContactContent({
      phone: [{ number: '1' }, { number: '2', type: 99 }, { number: '3', type: '4' }],
      email: [{ address: 'a@b.cn' }],
      im: [{ address: 'x', protocol: 42 }],
    });
    expect(c.phone.map((p) => p.type)).toEqual([2, 0, 4]);
    expect(c.email[0]?.type).toBe(1);
    expect(c.im[0]?.protocol).toBe(-1);
  });
  it('keeps group titles once', () => {
    const c = normalizeContactContent({
      group: [{ groupTitle: '家人' }, { groupTitle: ' 家人 ' }, { groupTitle: '' }],
    });
    expect(c.group).toEqual([{ groupTitle: '家人' }]);
  });
  it('survives garbage', () => {
    expect(normalizeContactContent(null).name).toEqual([]);
    expect(normalizeContactContent({ phone: 'x', name: [null, 3, 'a'] }).phone).toEqual([]);
  });
});

describe('contact validation texts', () => {
  it('requires a name', () => {
    expect(messageOf({})).toBe(ContactMsg.NAME_REQUIRED);
    expect(messageOf({ name: [{ display_name: '  ' }] })).toBe(ContactMsg.NAME_REQUIRED);
    expect(messageOf(named())).toBeNull();
  });
  it('checks phone characters', () => {
    expect(messageOf(named({ phone: [{ number: '(010) 1234-5678 *#.+' }] }))).toBeNull();
    expect(messageOf(named({ phone: [{ number: '138abc' }] }))).toBe(ContactMsg.PHONE_CHARS);
    expect(isValidContactPhone('１３８')).toBe(false);
  });
  it('checks e-mail addresses', () => {
    expect(messageOf(named({ email: [{ address: 'zhang.san@example.com.cn' }] }))).toBeNull();
    for (const bad of ['zhang', 'a@b', '@b.com', 'a b@c.com', 'a@b.c']) {
      expect(messageOf(named({ email: [{ address: bad }] })), bad).toBe(ContactMsg.EMAIL_FORMAT);
    }
    expect(isValidContactEmail(`${'a'.repeat(256)}@b.com`)).toBe(true);
    expect(isValidContactEmail(`${'a'.repeat(257)}@b.com`)).toBe(false);
  });
  it('accepts http, https and rtsp websites only', () => {
    for (const ok of [
      'http://a.cn',
      'https://www.example.com/x?y=1',
      'rtsp://10.0.0.1:554/live',
      'www.baidu.com',
    ]) {
      expect(isValidWebsite(ok), ok).toBe(true);
    }
    for (const bad of ['ftp://a.cn', 'javascript:alert(1)', 'http://', 'not a url', 'mailto:a@b.cn']) {
      expect(isValidWebsite(bad), bad).toBe(false);
    }
    expect(messageOf(named({ website: [{ url: 'ftp://x.cn' }] }))).toBe(ContactMsg.WEBSITE_FORMAT);
  });
  it('checks field lengths: 40, note 500', () => {
    const s40 = '字'.repeat(40);
    expect(messageOf({ name: [{ display_name: s40 }] })).toBeNull();
    expect(messageOf({ name: [{ display_name: `${s40}字` }] })).toBe(fieldTooLong('name', 40));
    expect(messageOf(named({ phone: [{ number: '1'.repeat(41) }] }))).toBe(fieldTooLong('phone', 40));
    expect(messageOf(named({ organization: [{ company: 'c'.repeat(41) }] }))).toBe(
      fieldTooLong('company', 40),
    );
    expect(messageOf(named({ note: [{ note: 'n'.repeat(500) }] }))).toBeNull();
    expect(messageOf(named({ note: [{ note: 'n'.repeat(501) }] }))).toBe(fieldTooLong('note', 500));
    expect(messageOf(named({ group: [{ groupTitle: '一二三四五六七八九十一二三' }] }))).toBe(
      ContactMsg.GROUP_NAME_TOO_LONG,
    );
  });
});

describe('event dates', () => {
  it('knows month lengths and leap years', () => {
    expect(solarMonthDays(2000, 2)).toBe(29);
    expect(solarMonthDays(1900, 2)).toBe(28);
    expect(solarMonthDays(2024, 2)).toBe(29);
    expect(solarMonthDays(2023, 4)).toBe(30);
    expect(checkEventDate('2024-02-29', 0)).toEqual({ ok: true, date: '2024-02-29' });
    expect(checkEventDate('2023-02-29', 0)).toEqual({ ok: false, message: ContactMsg.DATE_FORMAT });
    expect(checkEventDate('2023-04-31', 0)).toEqual({ ok: false, message: ContactMsg.DATE_FORMAT });
  });
  it('lets lunar months have 30 days and spells each calendar as the spec does', () => {
    expect(checkEventDate('2023-2-30', 1)).toEqual({ ok: true, date: '2023-2-30' });
    expect(checkEventDate('2023-02-09', 1)).toEqual({ ok: true, date: '2023-2-9' });
    expect(checkEventDate('2011-6-9', 0)).toEqual({ ok: true, date: '2011-06-09' });
    expect(checkEventDate('2023-1-31', 1).ok).toBe(false);
    expect(checkEventDate('2023-13-1', 1).ok).toBe(false);
  });
  it('wants years 1900-2049 and the year-month-day form', () => {
    expect(checkEventDate('1899-12-31', 0)).toEqual({ ok: false, message: ContactMsg.DATE_YEAR });
    expect(checkEventDate('2050-01-01', 1)).toEqual({ ok: false, message: ContactMsg.DATE_YEAR });
    expect(checkEventDate('1900-01-01', 0).ok).toBe(true);
    expect(checkEventDate('2049-12-31', 0).ok).toBe(true);
    for (const bad of ['2011/06/09', '20110609', '11-6-9', '2011-6', 'abc']) {
      expect(checkEventDate(bad, 0), bad).toEqual({ ok: false, message: ContactMsg.DATE_FORMAT });
    }
    expect(messageOf(named({ event: [{ start_date: '1800-1-1' }] }))).toBe(ContactMsg.DATE_YEAR);
  });
  it('stores the checked spelling', () => {
    const r = validateContactContent(named({ event: [{ start_date: '1990-3-5', lunar_or_solar: 0 }] }));
    expect(r.ok && r.content.event[0]?.start_date).toBe('1990-03-05');
  });
});

describe('group names', () => {
  it('are required, unique and at most 12 characters', () => {
    expect(checkGroupName(' ', [])).toBe(ContactMsg.GROUP_NAME_EMPTY);
    expect(checkGroupName('家人', ['家人'])).toBe(ContactMsg.GROUP_NAME_EXISTS);
    expect(checkGroupName('一二三四五六七八九十一二', [])).toBeNull();
    expect(checkGroupName('一二三四五六七八九十一二三', [])).toBe(ContactMsg.GROUP_NAME_TOO_LONG);
  });
});

describe('letter index', () => {
  it('takes pinyin initials of Chinese names and # for the rest', () => {
    expect(letterOf('张三')).toBe('Z');
    expect(letterOf('单雄信')).toBe('S');
    expect(letterOf('曾国藩')).toBe('Z');
    expect(letterOf('alice')).toBe('A');
    expect(letterOf('Ｂｏｂ')).toBe('B');
    expect(letterOf('123')).toBe('#');
    expect(letterOf('😀')).toBe('#');
    expect(letterOf('')).toBe('#');
    expect(nameSpell('张 三')).toBe('zhangsan');
    expect(nameSpell('Anna Li')).toBe('annali');
  });
  it('sorts A-Z, then #, then by spelling', () => {
    const list = [
      { letter_index: '#', nameSpell: '123', server_id: '1' },
      { letter_index: 'Z', nameSpell: 'zhangsan', server_id: '2' },
      { letter_index: 'L', nameSpell: 'lisi', server_id: '3' },
      { letter_index: 'L', nameSpell: 'lisi', server_id: '10' },
    ];
    expect(list.sort(compareContacts).map((c) => c.server_id)).toEqual(['3', '10', '2', '1']);
  });
});
