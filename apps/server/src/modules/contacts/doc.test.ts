import { type ContactContent, normalizeContactContent } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { contentHash, identityOf } from './doc.js';

const content: ContactContent = normalizeContactContent({
  name: [{ is_primary: 1, display_name: '欧阳 "修"\\', given_name: '修', phonetic_family_name: 'ouyang' }],
  organization: [
    { is_primary: 0, company: 'B公司', title: 't', type: 1 },
    { is_primary: 1, company: 'A', title: '', type: 2 },
  ],
  phone: [
    { is_primary: 1, number: '+86 138-0013 8000', type: 2 },
    { is_primary: 0, number: '010 1234', type: 1 },
    { is_primary: 0, number: '0086139', type: 3 },
  ],
  email: [{ is_primary: 0, address: 'A@Example.com', type: 1 }],
  'postal-address': [{ is_primary: 0, formatted_address: '北京', street: '路', type: 1 }],
  event: [{ is_primary: 0, start_date: '1990-02-03', lunar_or_solar: 0, type: 1 }],
  note: [{ note: 'line1\nline2' }, { note: 'a' }],
  nickname: [{ name: '小张', type: 1 }],
  group: [{ groupTitle: 'x' }],
});

describe('contact identity', () => {
  it('keeps the hashes already stored: same text, same SHA-256', () => {
    // Books hold these hashes: a change here would let a re-import duplicate every contact.
    expect(contentHash(content)).toBe('c1de7b795240be298c3a5875931d0dba63ebbc9a453a2d2a4bf8d944cc309af5');
  });

  it('ignores entry order, primary flags, groups and phone and e-mail spelling', () => {
    const other = structuredClone(content);
    other.phone.reverse();
    other.note.reverse();
    for (const p of other.phone) p.is_primary = 0;
    other.phone[0] = { ...(other.phone[0] as ContactContent['phone'][number]), number: '0086 139' };
    other.email[0] = { ...(other.email[0] as ContactContent['email'][number]), address: 'a@example.COM' };
    other.group = [];
    expect(identityOf(other)).toBe(identityOf(content));
    other.note.push({ note: 'new' });
    expect(identityOf(other)).not.toBe(identityOf(content));
  });
});
