import {
  ContactMsg,
  EmailType,
  emptyAddressParts,
  PhoneType,
  validateContactContent,
} from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { contactFixture } from '../test-contacts';
import {
  addressRowText,
  changeRow,
  contentOf,
  formOf,
  OPTIONAL_SECTIONS,
  openSection,
  removeRow,
  toggleAddressParts,
} from './editor-model';
import { validateForm } from './validate-form';

describe("the editor form's structured name", () => {
  it('shows the parts of a name that has them and saves what is typed in them', () => {
    const contact = contactFixture('1', 'Dr. John Michael Smith Jr.');
    contact.content.name = [
      {
        is_primary: 1,
        display_name: 'Dr. John Michael Smith Jr.',
        given_name: 'John',
        phonetic_family_name: '',
        family_name: 'Smith',
        middle_name: 'Michael',
        prefix: 'Dr.',
      },
    ];
    const f = formOf(contact);
    expect(f.nameParts).toEqual({
      prefix: 'Dr.',
      family: 'Smith',
      given: 'John',
      middle: 'Michael',
      suffix: '',
    });
    if (!f.nameParts) throw new Error('no parts');
    const edited = { ...f, nameParts: { ...f.nameParts, middle: '', suffix: 'Jr.' } };
    const name = contentOf(edited, contact).name[0];
    expect(name).toMatchObject({ given_name: 'John', family_name: 'Smith', prefix: 'Dr.', suffix: 'Jr.' });
    expect(name?.middle_name).toBeUndefined();
  });

  it('shows no parts for a name without them, and saves none', () => {
    const contact = contactFixture('2', '张三');
    const f = formOf(contact);
    expect(f.nameParts).toBeNull();
    expect(Object.keys(contentOf(f, contact).name[0] ?? {}).sort()).toEqual(
      ['display_name', 'given_name', 'is_primary', 'phonetic_family_name'].sort(),
    );
  });
});

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
      'postal-address': [
        { is_primary: 0, ...emptyAddressParts(), formatted_address: '上海', street: '上海', type: 1 },
      ],
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
});

describe('the editor form: addresses and texts', () => {
  it('edits an address as one line that opens into its parts', () => {
    const c = contactFixture('1', '赵六', {
      'postal-address': [
        {
          is_primary: 0,
          ...emptyAddressParts(),
          formatted_address: '南山区科技园',
          street: '南山区科技园',
          type: 1,
        },
        {
          is_primary: 1,
          ...emptyAddressParts(),
          formatted_address: '中国广东省深圳市深南大道1号 518000',
          street: '深南大道1号',
          city: '深圳市',
          region: '广东省',
          postcode: '518000',
          country: '中国',
          type: 2,
        },
      ],
    });
    let f = formOf(c);
    const [plain, parted] = f.addresses;
    if (!plain || !parted) throw new Error('two addresses expected');
    // A one-text address is its line; one with parts shows them joined, in Chinese order.
    expect([plain.detailed, parted.detailed]).toEqual([false, true]);
    expect(addressRowText(parted)).toBe('中国广东省深圳市深南大道1号 518000');
    // Opening the line makes its text the street part; the city typed joins in front of it.
    f = { ...f, addresses: changeRow('addresses', f.addresses, plain.key, toggleAddressParts(plain)) };
    const opened = f.addresses[0];
    expect(opened?.parts.street).toBe('南山区科技园');
    f = {
      ...f,
      addresses: changeRow('addresses', f.addresses, plain.key, {
        parts: { ...emptyAddressParts(), street: '南山区科技园', city: '深圳市' },
      }),
    };
    const content = contentOf(f, c);
    const check = validateContactContent(content);
    if (!check.ok) throw new Error(check.message);
    expect(check.content['postal-address'].map((a) => [a.formatted_address, a.street, a.city])).toEqual([
      ['深圳市南山区科技园', '南山区科技园', '深圳市'],
      ['中国广东省深圳市深南大道1号 518000', '深南大道1号', '深圳市'],
    ]);
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
