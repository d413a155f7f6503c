import { ContactMsg, EmailType, PhoneType, validateContactContent } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { contactFixture } from '../test-contacts';
import { changeRow, contentOf, formOf, OPTIONAL_SECTIONS, openSection, removeRow } from './editor-model';
import { validateForm } from './validate-form';

describe('the editor form', () => {
  it('starts a new contact with a mobile phone row and a personal e-mail row, no optional section', () => {
    const f = formOf(null);
    expect(f.phones.map((p) => p.type)).toEqual([PhoneType.MOBILE]);
    expect(f.emails.map((e) => e.type)).toEqual([EmailType.PERSONAL]);
    expect(f.open).toEqual([]);
  });

  it('adds a row with the next unused type when the last row is typed into', () => {
    let f = formOf(null);
    const first = f.phones[0]?.key ?? 0;
    f = { ...f, phones: changeRow('phones', f.phones, first, { number: '1' }) };
    expect(f.phones.map((p) => p.type)).toEqual([PhoneType.MOBILE, PhoneType.HOME]);
    // Typing more into a row that is no longer last adds nothing.
    f = { ...f, phones: changeRow('phones', f.phones, first, { number: '12' }) };
    expect(f.phones).toHaveLength(2);
    const second = f.phones[1]?.key ?? 0;
    f = { ...f, phones: changeRow('phones', f.phones, second, { number: '2' }) };
    expect(f.phones.map((p) => p.type)).toEqual([PhoneType.MOBILE, PhoneType.HOME, PhoneType.WORK]);
    let e = f.emails;
    e = changeRow('emails', e, e[0]?.key ?? 0, { address: 'a@b.cn' });
    e = changeRow('emails', e, e[1]?.key ?? 0, { address: 'c@d.cn' });
    expect(e.map((x) => x.type)).toEqual([EmailType.PERSONAL, EmailType.WORK, EmailType.CUSTOM]);
  });

  it('opens filled sections from the start and closes a section when its last row goes', () => {
    const c = contactFixture('1', '李四', {
      'postal-address': [{ is_primary: 0, formatted_address: '上海', street: '上海', type: 1 }],
      note: [{ note: 'n' }],
    });
    let f = formOf(c);
    expect(f.open).toEqual(['address', 'note']);
    expect(f.addresses).toHaveLength(2);
    const left = OPTIONAL_SECTIONS.filter((s) => !f.open.includes(s.key)).map((s) => s.key);
    expect(left).toEqual(['phonetic', 'im', 'event', 'nickname', 'website']);
    for (const a of [...f.addresses]) f = removeRow(f, 'addresses', a.key);
    expect(f.open).toEqual(['note']);
    // A core section keeps one empty row.
    for (const p of [...f.phones]) f = removeRow(f, 'phones', p.key);
    expect(f.phones).toHaveLength(1);
    f = openSection(f, 'website');
    expect(f.websites).toHaveLength(1);
  });

  it('saves what was typed, strips empty rows and keeps what the editor does not show', () => {
    const c = contactFixture('1', '王五', {
      organization: [{ is_primary: 1, company: 'A', title: '', type: 2 }],
      note: [{ note: 'one' }, { note: 'two' }],
    });
    let f = formOf(c);
    f = { ...f, name: '王五五', company: 'B' };
    const content = contentOf(f, c);
    expect(content.name[0]?.display_name).toBe('王五五');
    expect(content.organization).toEqual([{ is_primary: 1, company: 'B', title: '', type: 2 }]);
    expect(content.phone).toEqual([]);
    expect(content.note).toEqual([{ note: 'one' }, { note: 'two' }]);
    expect(validateContactContent(content).ok).toBe(true);
  });

  it('shows the shared texts beside the fields', () => {
    let f = formOf(null);
    f = openSection(openSection(f, 'event'), 'website');
    f = {
      ...f,
      phones: [{ key: 1, number: 'abc', type: 2, primary: 0 }],
      emails: [{ key: 2, address: 'x@', type: 1, primary: 0 }],
      events: [{ key: 3, date: '2023-02-29', lunar: 0, type: 3, primary: 0 }],
      websites: [{ key: 4, url: 'ftp://x.cn', type: 1 }],
    };
    expect(validateForm(f)).toEqual({
      name: ContactMsg.NAME_REQUIRED,
      'phones:1': ContactMsg.PHONE_CHARS,
      'emails:2': ContactMsg.EMAIL_FORMAT,
      'events:3': ContactMsg.DATE_FORMAT,
      'websites:4': ContactMsg.WEBSITE_FORMAT,
    });
  });
});
